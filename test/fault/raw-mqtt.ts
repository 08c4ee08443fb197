/**
 * A few hand-made MQTT 3.1.1 packets over a plain socket, for what mqtt.js refuses to send
 * (a topic that is not UTF-8). Only CONNECT, PUBLISH at QoS 1, and reading CONNACK/PUBACK.
 */
import { connect, type Socket } from "node:net";
import { frameLength } from "../../hub/mqtt/gate.js";

function remainingLength(n: number): Buffer {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return Buffer.from(out);
}

function field(value: Buffer | string): Buffer {
  const bytes = typeof value === "string" ? Buffer.from(value, "utf8") : value;
  const len = Buffer.alloc(2);
  len.writeUInt16BE(bytes.length);
  return Buffer.concat([len, bytes]);
}

function packet(first: number, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from([first]), remainingLength(body.length), body]);
}

export class RawClient {
  private buf = Buffer.alloc(0);
  private waiters: { type: number; resolve: (p: Buffer) => void }[] = [];
  readonly closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.buf = Buffer.concat([this.buf, chunk]);
      for (;;) {
        const len = frameLength(this.buf);
        if (typeof len !== "number" || this.buf.length < len) break;
        const p = this.buf.subarray(0, len);
        this.buf = this.buf.subarray(len);
        const type = (p[0] as number) >> 4;
        const i = this.waiters.findIndex((w) => w.type === type);
        if (i >= 0) this.waiters.splice(i, 1)[0]?.resolve(p);
      }
    });
    socket.on("error", () => undefined);
    this.closed = new Promise((r) => socket.once("close", () => r()));
  }

  /** Connects and logs in; resolves with the CONNACK return code. */
  static async login(
    port: number,
    username: Buffer | string,
    password: string,
  ): Promise<{ client: RawClient; code: number }> {
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((r) => socket.once("connect", () => r()));
    const client = new RawClient(socket);
    const header = Buffer.concat([field("MQTT"), Buffer.from([4, 0xc2, 0, 60])]);
    const body = Buffer.concat([
      header,
      field(`raw-${process.pid}-${Math.random().toString(16).slice(2, 8)}`),
      field(username),
      field(password),
    ]);
    const ack = client.next(2);
    socket.write(packet(0x10, body));
    return { client, code: (await ack)[3] as number };
  }

  next(type: number): Promise<Buffer> {
    return new Promise((resolve) => this.waiters.push({ type, resolve }));
  }

  /** PUBLISH at QoS 1 with a raw topic; resolves on the PUBACK. */
  publish(topic: Buffer, payload: Buffer | string, id = 1): Promise<Buffer> {
    const pid = Buffer.alloc(2);
    pid.writeUInt16BE(id);
    const ack = this.next(4);
    this.socket.write(packet(0x32, Buffer.concat([field(topic), pid, Buffer.from(payload)])));
    return ack;
  }

  end(): void {
    this.socket.destroy();
  }
}
