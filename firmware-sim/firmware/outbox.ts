/**
 * The paddle's inputs, kept until the hub acknowledges them. Each gets the boot id and the
 * next seq when it is created, and keeps that exact payload for every resend: the hub
 * applies a (seat, boot, seq) once and acknowledges the duplicates, so resending after a
 * reconnect can never apply an input twice.
 *
 * Inputs are sent in seq order, at most WINDOW in flight, and a PUBACK acknowledges the
 * input whose packet id it names. PUBACKs do not come in order: in a cluster failover seq
 * N's forward can wait for a dead hub while seq N+1 is journaled and acknowledged by the
 * new owner (issue 27); counting PUBACKs as "the oldest in flight" then took seq 5's
 * PUBACK for seq 4's and dropped seq 4 unjournaled. Where the MQTT transport does not say
 * which packet id a publish used (Espruino's MQTT module did not), only one input is in flight
 * at a time, so a PUBACK can only be that one's. After a reconnect everything not yet
 * acknowledged is sent again, from the oldest.
 */

export interface OutboxEntry {
  seq: number;
  kind: string;
  body: string;
  sent: boolean;
  sentAt: number;
  /** The packet id of the publish in flight; 0 when not sent or when the transport did not say. */
  pid: number;
}

export const WINDOW = 4;

export class Outbox {
  readonly items: OutboxEntry[] = [];
  private seq = 0;
  /** Inputs dropped because the outbox was full (a very long outage). */
  dropped = 0;

  constructor(
    readonly boot: string,
    private readonly limit: number,
  ) {}

  add(kind: string, fields: Record<string, unknown>): OutboxEntry {
    this.seq += 1;
    const msg: Record<string, unknown> = { boot: this.boot, seq: this.seq, kind: kind };
    const keys = Object.keys(fields);
    for (const k of keys) msg[k] = fields[k];
    if (kind === "hello") this.dropUnsent("hello");
    if (this.items.length >= this.limit) {
      // Drop the oldest that is not in flight, so the PUBACK count stays aligned.
      let i = 0;
      while (i < this.items.length && (this.items[i] as OutboxEntry).sent) i++;
      this.items.splice(i, 1);
      this.dropped += 1;
    }
    const entry: OutboxEntry = {
      seq: this.seq,
      kind: kind,
      body: JSON.stringify(msg),
      sent: false,
      sentAt: 0,
      pid: 0,
    };
    this.items.push(entry);
    return entry;
  }

  /** The next entry to send now, if the window (WINDOW, or 1 without packet ids) allows. */
  next(window: number): OutboxEntry | null {
    let inFlight = 0;
    for (const e of this.items) {
      if (!e.sent) return inFlight < window ? e : null;
      inFlight += 1;
    }
    return null;
  }

  /** The oldest entry in flight, for the acknowledgement timeout. */
  oldestInFlight(): OutboxEntry | null {
    for (const e of this.items) if (e.sent) return e;
    return null;
  }

  /**
   * A PUBACK for packet id `pid`: the entry in flight with that id is done. Without packet
   * ids (pid 0 on every entry in flight, window 1) it is the one in flight. A PUBACK that
   * names no entry in flight (one from before a reconnect) acknowledges nothing.
   */
  ack(pid: number): OutboxEntry | null {
    let at = -1;
    for (let i = 0; i < this.items.length && at < 0; i++) {
      const e = this.items[i] as OutboxEntry;
      if (e.sent && e.pid !== 0 && e.pid === pid) at = i;
    }
    for (let i = 0; i < this.items.length && at < 0; i++) {
      const e = this.items[i] as OutboxEntry;
      if (e.sent && e.pid === 0) at = i;
    }
    if (at < 0) return null;
    const done = this.items[at] as OutboxEntry;
    this.items.splice(at, 1);
    return done;
  }

  /** After a disconnect nothing is in flight: everything unacknowledged goes again. */
  rewind(): void {
    for (const e of this.items) {
      e.sent = false;
      e.pid = 0;
    }
  }

  /**
   * Drops every entry of `kind`, sent or not (call it when the link is down, so nothing is in
   * flight): for inputs that are worthless late. Returns how many went.
   */
  drop(kind: string): number {
    const before = this.items.length;
    for (let i = this.items.length - 1; i >= 0; i--)
      if ((this.items[i] as OutboxEntry).kind === kind) this.items.splice(i, 1);
    return before - this.items.length;
  }

  get pending(): number {
    return this.items.length;
  }

  /** A newer hello replaces an older one that has not gone out (it only describes the paddle). */
  private dropUnsent(kind: string): void {
    for (let i = this.items.length - 1; i >= 0; i--) {
      const e = this.items[i] as OutboxEntry;
      if (e.kind === kind && !e.sent) this.items.splice(i, 1);
    }
  }
}

/** 8 lowercase hex characters, new at every power-up (PROTOCOL.md). */
export function newBootId(random: () => number): string {
  let s = "";
  for (let i = 0; i < 8; i++) s += "0123456789abcdef".charAt(Math.floor(random() * 16));
  return s;
}
