/**
 * The paddle's inputs, kept until the hub acknowledges them. Each gets the boot id and the
 * next seq when it is created, and keeps that exact payload for every resend: the hub
 * applies a (seat, boot, seq) once and acknowledges the duplicates, so resending after a
 * reconnect can never apply an input twice.
 *
 * Order is everything here. Inputs are sent strictly in seq order, at most WINDOW in
 * flight, and each PUBACK acknowledges the oldest one in flight: Espruino's MQTT module
 * does not tell which packet id a publish used, and the hub answers one connection's
 * publishes in the order they arrived. After a reconnect everything not yet acknowledged
 * is sent again, from the oldest.
 */

export interface OutboxEntry {
  seq: number;
  kind: string;
  body: string;
  sent: boolean;
  sentAt: number;
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
    };
    this.items.push(entry);
    return entry;
  }

  /** The next entry to send now, if the window allows. */
  next(): OutboxEntry | null {
    let inFlight = 0;
    for (const e of this.items) {
      if (!e.sent) return inFlight < WINDOW ? e : null;
      inFlight += 1;
    }
    return null;
  }

  /** The oldest entry in flight, for the acknowledgement timeout. */
  oldestInFlight(): OutboxEntry | null {
    const first = this.items[0];
    return first && first.sent ? first : null;
  }

  /** A PUBACK: the oldest entry in flight is done. */
  ack(): OutboxEntry | null {
    const first = this.items[0];
    if (!first || !first.sent) return null;
    this.items.shift();
    return first;
  }

  /** After a disconnect nothing is in flight: everything unacknowledged goes again. */
  rewind(): void {
    for (const e of this.items) e.sent = false;
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
