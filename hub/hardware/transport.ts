/**
 * The byte pipe firmata-io talks through: an object with `write(buffer, cb)` that emits
 * `open`, `data`, `close` and `error`, like a serial port.
 *
 * Over TCP this is our own, not etherport-client's: etherport-client 0.1.4 reconnects on its
 * own after a fixed 15 s and never tells its user the link dropped (it emits no `close`),
 * so firmata-io would keep a dead board "ready" and never redo its handshake. Here a dropped
 * link is a `close`, and reconnecting (with backoff) is board-link.ts's job.
 */
import { EventEmitter } from "node:events";
import { createRequire } from "node:module";
import { connect, type Socket } from "node:net";
import type { BoardSpec } from "./config.js";

export interface FirmataTransport extends EventEmitter {
  write(data: Buffer | number[], cb?: (err?: Error | null) => void): void;
  /** Ends the link; a `close` follows. */
  destroy(): void;
}

export class TcpTransport extends EventEmitter implements FirmataTransport {
  private readonly socket: Socket;
  private closed = false;

  constructor(host: string, port: number) {
    super();
    const socket = connect({ host, port });
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on("connect", () => this.emit("open"));
    socket.on("data", (data) => this.emit("data", data));
    socket.on("error", (err) => this.emit("error", err));
    socket.on("close", () => {
      if (this.closed) return;
      this.closed = true;
      this.emit("close");
    });
  }

  write(data: Buffer | number[], cb?: (err?: Error | null) => void): void {
    if (this.socket.destroyed) {
      cb?.(new Error("not connected"));
      return;
    }
    this.socket.write(Buffer.isBuffer(data) ? data : Buffer.from(data), cb);
  }

  destroy(): void {
    this.socket.destroy();
  }
}

interface SerialPortLike extends EventEmitter {
  write(data: Buffer | number[], cb?: (err?: Error | null) => void): boolean;
  close(cb?: (err?: Error | null) => void): void;
  isOpen: boolean;
}

/** serialport 8 (johnny-five's own), loaded only when a board is wired by USB. */
class SerialTransport extends EventEmitter implements FirmataTransport {
  private readonly port: SerialPortLike;

  constructor(path: string, baudRate: number) {
    super();
    const SerialPort = createRequire(import.meta.url)("serialport") as new (
      path: string,
      opts: { baudRate: number },
    ) => SerialPortLike;
    this.port = new SerialPort(path, { baudRate });
    for (const event of ["open", "data", "close", "error"]) {
      this.port.on(event, (arg: unknown) => this.emit(event, arg));
    }
  }

  write(data: Buffer | number[], cb?: (err?: Error | null) => void): void {
    this.port.write(Buffer.isBuffer(data) ? data : Buffer.from(data), cb);
  }

  destroy(): void {
    if (this.port.isOpen) this.port.close();
    else this.emit("close");
  }
}

export function openTransport(spec: BoardSpec["transport"]): FirmataTransport {
  return spec.type === "tcp"
    ? new TcpTransport(spec.host, spec.port)
    : new SerialTransport(spec.path, spec.baudRate);
}
