/**
 * Inputs that reach a hub which does not own their table travel to the owner over the
 * cluster's shared emitter (mqemitter-redis, the one Aedes itself uses), on `$SYS` topics
 * no client may subscribe to. A seat input or host command waits for the owner's answer,
 * which comes only after the owner journaled it (or found it a duplicate): the forwarding
 * hub then sends the client its PUBACK. No answer in time (no owner yet, a takeover under
 * way, a message lost) rejects, and so, at once, does a forward Redis did not take: the
 * client is dropped without a PUBACK and re-sends; the owner's deduplication (seat/boot/seq,
 * command id) makes the re-send harmless.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "../process/logger.js";

/** The part of mqemitter the cluster uses. */
export interface Emitter {
  on(topic: string, fn: (packet: EmittedPacket, cb: () => void) => void, done?: () => void): void;
  emit(packet: EmittedPacket, cb?: (err?: Error) => void): void;
}

export interface EmittedPacket {
  topic: string;
  payload: unknown;
}

/** What travels to a table's owner. */
export type Forwarded =
  | { kind: "seat"; seat: number; payload: string }
  | { kind: "host"; payload: string }
  | { kind: "conn"; seat: number; opened: boolean }
  /** A hub took the table: every other hub tells it which seats are connected there. */
  | { kind: "hello" };

interface Envelope {
  id: string;
  from: string;
  msg: Forwarded;
}

interface Answer {
  id: string;
  ok: boolean;
  error?: string;
}

const PREFIX = "$SYS/mafia-hub";

/**
 * A forwarded input waits this many leases for an owner's answer, then its client is
 * dropped without a PUBACK. Longer than a takeover (the dead owner's lease runs out within
 * one lease, the next hub's round comes within half of one), shorter than a paddle's ack
 * watchdog (firmware-sim/firmware/config.ts), so a live hub always answers first.
 */
export const FORWARD_DEADLINE_LEASES = 2;

/** The owner's side: runs a forwarded message; null when this hub does not own the table. */
export type Receiver = (table: string, msg: Forwarded, from: string) => Promise<void> | null;

export class Forwarder {
  private readonly waiting = new Map<string, { resolve(): void; reject(err: Error): void }>();
  /** What each waiting send carried, so it can go again to a table's new owner. */
  private readonly sent = new Map<string, { table: string; env: Envelope }>();

  constructor(
    private readonly mq: Emitter,
    readonly hubId: string,
    private readonly log: Logger,
    private readonly timeoutMs: number,
  ) {}

  /** Subscribes to the answers for this hub and to every table's forwarded inputs. */
  start(receive: Receiver): Promise<void> {
    const answers = new Promise<void>((resolve) =>
      this.mq.on(
        `${PREFIX}/ack/${this.hubId}`,
        (packet, cb) => {
          this.answered(parse<Answer>(packet.payload));
          cb();
        },
        resolve,
      ),
    );
    const inputs = new Promise<void>((resolve) =>
      this.mq.on(
        `${PREFIX}/fwd/+`,
        (packet, cb) => {
          cb();
          const table = packet.topic.slice(`${PREFIX}/fwd/`.length);
          const env = parse<Envelope>(packet.payload);
          if (!env || env.from === this.hubId) return;
          if (env.msg.kind === "hello") this.resend(table);
          this.run(table, env, receive);
        },
        resolve,
      ),
    );
    return Promise.all([answers, inputs]).then(() => undefined);
  }

  private run(table: string, env: Envelope, receive: Receiver): void {
    const work = receive(table, env.msg, env.from);
    if (work === null || env.msg.kind === "conn" || env.msg.kind === "hello") {
      work?.catch((err: Error) =>
        this.log.warn({ event: "forward.failed", table, err: err.message }),
      );
      return;
    }
    const reply = (answer: Answer) =>
      this.mq.emit({ topic: `${PREFIX}/ack/${env.from}`, payload: JSON.stringify(answer) });
    work.then(
      () => reply({ id: env.id, ok: true }),
      (err: Error) => reply({ id: env.id, ok: false, error: err.message }),
    );
  }

  private answered(answer: Answer | null): void {
    const w = answer ? this.waiting.get(answer.id) : undefined;
    if (!answer || !w) return;
    this.waiting.delete(answer.id);
    if (answer.ok) w.resolve();
    else w.reject(new Error(`owner refused: ${answer.error ?? "unknown"}`));
  }

  /**
   * A hub took the table (its `hello`): what still waits for an answer goes to it now,
   * instead of waiting out the timeout for a dead owner (issue 27). Same id, so whichever
   * answer comes first settles it; the owner's dedupe makes the second copy harmless.
   */
  private resend(table: string): void {
    for (const { table: t, env } of this.sent.values()) if (t === table) this.emit(table, env);
  }

  /**
   * This hub took the table itself: its own sends still waiting (emitted to a hub that died)
   * run here, on the table it now steps.
   */
  ownerIsHere(table: string, receive: Receiver): void {
    for (const [id, { table: t, env }] of this.sent) {
      if (t !== table) continue;
      const work = receive(table, env.msg, this.hubId);
      if (!work) continue;
      work.then(
        () => this.answered({ id, ok: true }),
        (err: Error) => this.answered({ id, ok: false, error: err.message }),
      );
    }
  }

  /** Sends to the table's owner and resolves once the owner has made it durable. */
  send(table: string, msg: Forwarded): Promise<void> {
    const id = randomUUID();
    const env: Envelope = { id, from: this.hubId, msg };
    return new Promise((resolve, reject) => {
      const settled = () => {
        clearTimeout(timer);
        this.sent.delete(id);
      };
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        this.sent.delete(id);
        reject(new Error(`table ${table}: no owner answered within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.waiting.set(id, {
        resolve: () => {
          settled();
          resolve();
        },
        reject: (err) => {
          settled();
          reject(err);
        },
      });
      this.sent.set(id, { table, env });
      // Redis did not take the forward (the emitter's connection gave up): no owner can
      // answer it, so the client is dropped now and re-sends, not at the deadline.
      this.emit(table, env, (err) =>
        this.waiting.get(id)?.reject(new Error(`table ${table}: forward not sent: ${err.message}`)),
      );
    });
  }

  /** Sends without waiting for an answer (connection changes, hello). */
  tell(table: string, msg: Forwarded): void {
    this.emit(table, { id: randomUUID(), from: this.hubId, msg });
  }

  private emit(table: string, env: Envelope, failed?: (err: Error) => void): void {
    this.mq.emit({ topic: `${PREFIX}/fwd/${table}`, payload: JSON.stringify(env) }, (err) => {
      if (!err) return;
      this.log.warn({ event: "forward.emit_failed", table, err: err.message });
      failed?.(err);
    });
  }

  /** Rejects whatever still waits (the hub is stopping). */
  stop(): void {
    for (const w of this.waiting.values()) w.reject(new Error("hub stopping"));
    this.waiting.clear();
    this.sent.clear();
  }
}

function parse<T>(payload: unknown): T | null {
  try {
    const text = Buffer.isBuffer(payload) ? payload.toString("utf8") : String(payload);
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
