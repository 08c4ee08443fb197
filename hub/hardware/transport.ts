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
import { read } from "node:fs";
import { createRequire } from "node:module";
import { connect, type Socket } from "node:net";
import { promisify } from "node:util";
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

type ReadResult = { bytesRead: number; buffer: Buffer };
type FsRead = (
  fd: number,
  buffer: Buffer,
  offset: number,
  length: number,
  position: null,
) => Promise<ReadResult>;
export interface BindingClass {
  new (
    opts: unknown,
  ): { read(buffer: Buffer, offset: number, length: number): Promise<ReadResult> };
}

/** A read of no bytes from a serial port: its device is gone. */
class DeviceGoneError extends Error {
  readonly code = "EOF";
}

/** Like fs.read, but a read of nothing is the device gone (DeviceGoneError). */
async function readOrGone(read: FsRead, ...args: Parameters<FsRead>): Promise<ReadResult> {
  const result = await read(...args);
  if (result.bytesRead === 0) throw new DeviceGoneError("the serial device is gone (end of file)");
  return result;
}

/**
 * serialport 8's binding for this platform, but a read of 0 bytes ends the port. Its Unix
 * read retries a 0-byte read for ever (serialport/bindings-cpp#162): when a USB board is
 * pulled out, or its pseudo-terminal closed, the port's file is hung up, a read returns 0
 * (end of file), and the port spins without ever emitting `close`, so the hub kept a board
 * it had lost "ready" and never reconnected. Non-blocking reads of a port with nothing to
 * read fail with EAGAIN instead, so 0 bytes means only this. The error is not "canceled",
 * so serialport takes it as a disconnection: `close`, which board-link.ts retries.
 */
export function serialBinding(): BindingClass {
  const require = createRequire(import.meta.url);
  const Base = (require("serialport") as { Binding: BindingClass }).Binding;
  if (process.platform === "win32") return Base;
  const unixRead = require("@serialport/bindings/lib/unix-read") as (opts: {
    binding: unknown;
    buffer: Buffer;
    offset: number;
    length: number;
    fsReadAsync: FsRead;
  }) => Promise<ReadResult>;
  const fsRead = promisify(read) as unknown as FsRead;
  const fsReadAsync: FsRead = (...args) => readOrGone(fsRead, ...args);
  return class extends Base {
    override read(buffer: Buffer, offset: number, length: number): Promise<ReadResult> {
      return unixRead({ binding: this, buffer, offset, length, fsReadAsync });
    }
  };
}

/** serialport 8 (johnny-five's own), loaded only when a board is wired by USB. */
class SerialTransport extends EventEmitter implements FirmataTransport {
  private readonly port: SerialPortLike;

  constructor(path: string, baudRate: number) {
    super();
    const SerialPort = createRequire(import.meta.url)("serialport") as new (
      path: string,
      opts: { baudRate: number; binding: BindingClass },
    ) => SerialPortLike;
    this.port = new SerialPort(path, { baudRate, binding: serialBinding() });
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
