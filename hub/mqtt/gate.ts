/**
 * A gate between a client's byte stream and Aedes. Aedes 1.2.0 has no packet size limit
 * and no rate limit, and an unthrottled flood crashes it (MQTT.md), so every connection
 * passes through this first: it frames MQTT packets by their fixed header, closes the
 * connection on a packet larger than allowed (before buffering it), and meters packets
 * out with a token bucket. An empty bucket pauses reading instead of dropping: a paddle
 * that bursts is slowed down, never loses an input, and a flooder only fills its own
 * TCP window.
 *
 * Outgoing: written to the socket itself (see write() below).
 */
import { Duplex } from "node:stream";
import type { ConnectPriority } from "./connect-priority.js";

export interface GateOptions {
  /** Largest whole MQTT packet (fixed header included) accepted, in bytes. */
  maxPacketBytes: number;
  /** Sustained packets per second, and how many may come back to back. */
  ratePerSecond: number;
  burst: number;
  /** Called once when the gate closes the connection, with the reason. */
  onViolation?: (reason: string) => void;
  /** Connects first: game packets wait while CONNACKs are owed (connect-priority.ts). */
  priority?: ConnectPriority;
}

const CONNECT = 1;
const PUBLISH = 3;
const PINGREQ = 12;

export class ConnectionGate extends Duplex {
  private pending: Buffer = Buffer.alloc(0);
  private tokens: number;
  private refilledAt = performance.now();
  private refillTimer: NodeJS.Timeout | null = null;
  private downstreamFull = false;
  private upstreamEnded = false;
  private endPushed = false;
  /** A PUBLISH waits for the connects (connect-priority.ts). */
  private held = false;
  /**
   * Connects first: this connection owes a CONNACK from the moment its whole CONNECT came
   * through until `connackSent()` or its close (`settle` is idempotent). Not from its first
   * byte: a client that sends half a CONNECT and stalls would hold every table's game
   * packets until the broker's connect timeout (an attack on every table at once).
   */
  private connectSettle: (() => void) | null = null;
  private readonly resumeHeld = () => {
    this.held = false;
    this.pump();
  };
  /** May be tightened once the client's identity is known (see broker.ts). */
  limits: GateOptions;

  constructor(
    private readonly inner: Duplex,
    limits: GateOptions,
  ) {
    super({ allowHalfOpen: false });
    this.limits = limits;
    this.tokens = limits.burst;
    inner.on("data", (chunk: Buffer) => {
      this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
      this.pump();
    });
    // Packets held back by the bucket are still delivered after the client hangs up: an
    // input that reached the hub is processed even if its PUBACK can no longer be sent.
    inner.on("end", () => {
      this.upstreamEnded = true;
      this.pump();
    });
    inner.on("error", (err) => this.destroy(err));
    inner.on("close", () => {
      if (!this.upstreamEnded) this.destroy();
    });
    inner.on("drain", () => this.emit("drain"));
    this.writeThrough();
  }

  override _read(): void {
    this.downstreamFull = false;
    this.pump();
  }

  /**
   * Outgoing bytes go straight to the socket: the gate meters only what comes in, and a
   * second stream layer on the way out cost a copy of every packet (Buffer.concat of
   * mqtt-packet's corked pieces) and a round through this stream's buffering for each of
   * the ~9 messages an input fans out to. cork/uncork reach the socket, so mqtt-packet's
   * pieces of one packet still leave in one writev.
   */
  private writeThrough(): void {
    const inner = this.inner;
    const write = (...args: unknown[]): boolean => {
      if (inner.destroyed || inner.writableEnded) {
        const cb = args.findLast((a) => typeof a === "function") as (() => void) | undefined;
        if (cb) process.nextTick(cb); // as before: what a closed client misses is dropped
        return true;
      }
      return (inner.write as (...a: unknown[]) => boolean)(...args);
    };
    this.write = write as Duplex["write"];
  }

  override cork(): void {
    this.inner.cork();
  }

  override uncork(): void {
    this.inner.uncork();
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    if (this.inner.destroyed || this.inner.writableEnded || this.inner.write(chunk)) cb();
    else this.inner.once("drain", () => cb());
  }

  override _final(cb: (err?: Error | null) => void): void {
    this.inner.end();
    cb();
  }

  override _destroy(err: Error | null, cb: (err: Error | null) => void): void {
    if (this.refillTimer) clearTimeout(this.refillTimer);
    this.refillTimer = null;
    this.inner.destroy();
    cb(err);
  }

  /** The broker sent this connection's CONNACK: it no longer holds game packets. */
  connackSent(): void {
    this.connectSettle?.();
  }

  private refill(): void {
    const now = performance.now();
    const { ratePerSecond, burst } = this.limits;
    this.tokens = Math.min(burst, this.tokens + ((now - this.refilledAt) / 1000) * ratePerSecond);
    this.refilledAt = now;
  }

  private violate(reason: string): void {
    this.limits.onViolation?.(reason);
    this.pending = Buffer.alloc(0);
    this.destroy();
  }

  /** Moves whole packets downstream while the bucket and the reader allow. */
  private pump(): void {
    while (!this.destroyed && !this.downstreamFull && this.refillTimer === null && !this.held) {
      const frame = frameLength(this.pending);
      if (frame === "malformed") {
        this.violate("malformed packet length");
        return;
      }
      if (frame === null) break; // header incomplete
      if (frame > this.limits.maxPacketBytes) {
        this.violate(`packet of ${frame} bytes exceeds ${this.limits.maxPacketBytes}`);
        return;
      }
      if (this.pending.length < frame) break;
      const type = (this.pending[0] as number) >> 4;
      if (type === PUBLISH && this.limits.priority?.hold(this.resumeHeld)) {
        this.held = true;
        break;
      }
      if (type !== PINGREQ) {
        this.refill();
        if (this.tokens < 1) {
          const wait = Math.ceil(((1 - this.tokens) / this.limits.ratePerSecond) * 1000);
          this.inner.pause();
          this.refillTimer = setTimeout(() => {
            this.refillTimer = null;
            this.pump();
          }, wait);
          return;
        }
        this.tokens -= 1;
      }
      if (type === CONNECT && this.connectSettle === null && this.limits.priority) {
        const settle = this.limits.priority.opened();
        this.connectSettle = settle;
        this.once("close", settle);
      }
      const packet = this.pending.subarray(0, frame);
      this.pending = this.pending.subarray(frame);
      if (!this.push(packet)) this.downstreamFull = true;
    }
    // Read more only while nothing is held back, so a slow or throttled client buffers in
    // its own TCP window instead of in the hub's memory.
    if (this.downstreamFull || this.refillTimer !== null || this.held) this.inner.pause();
    else if (this.upstreamEnded) {
      if (!this.endPushed) {
        this.endPushed = true;
        this.push(null);
      }
    } else this.inner.resume();
  }
}

/** Total length of the packet at the start of `buf`, null if its header is incomplete. */
export function frameLength(buf: Buffer): number | null | "malformed" {
  let multiplier = 1;
  let remaining = 0;
  for (let i = 1; i <= 4; i++) {
    const byte = buf[i];
    if (byte === undefined) return null;
    remaining += (byte & 0x7f) * multiplier;
    if ((byte & 0x80) === 0) return 1 + i + remaining;
    multiplier *= 128;
  }
  return "malformed";
}
