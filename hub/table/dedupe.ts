/**
 * What makes a re-sent input a duplicate: per (seat, boot) every seq applied in a window
 * below the highest one, and the recent host command ids. Carried from game to game in
 * each journal header, so that a re-send stays a duplicate across a new game and a restart;
 * within a game the records' own `src` rebuild it, so a journal replays to the same state.
 *
 * Not a high-water mark alone: in a cluster failover seq N+1 of a connection can reach the
 * new owner while seq N's forward still waits for the dead one (Aedes dispatches a
 * connection's packets as they arrive). With only "the highest seq applied" the re-sent N
 * was taken for a duplicate, acknowledged and never journaled (issue 27). Here N is a
 * duplicate only if N itself was applied.
 */
import type { InputSource, JournalHeader } from "../journal/journal.js";

/** How many recent host command ids are remembered. */
const HOST_IDS_KEPT = 256;

/**
 * How far below a seat's highest applied seq the applied seqs are told apart one by one.
 * A paddle keeps at most 4 inputs in flight (firmware outbox), a phone fewer; anything
 * older than this was acknowledged long ago, so it counts as applied.
 */
export const SEQ_WINDOW = 64;

interface Applied {
  high: number;
  /** Applied seqs in (high - SEQ_WINDOW, high). */
  below: Set<number>;
}

export class Duplicates {
  private seen = new Map<string, Applied>();
  private hostIds: string[] = [];

  /** Takes over what a journal header carried. */
  load(header: Pick<JournalHeader, "seen" | "hostIds" | "seenGaps">): void {
    this.seen = new Map();
    const gaps = header.seenGaps ?? {};
    for (const [key, high] of Object.entries(header.seen ?? {})) {
      const missing = new Set(gaps[key] ?? []);
      const below = new Set<number>();
      for (let s = Math.max(1, high - SEQ_WINDOW + 1); s < high; s++)
        if (!missing.has(s)) below.add(s);
      this.seen.set(key, { high, below });
    }
    this.hostIds = [...(header.hostIds ?? [])];
  }

  /** What a new game's header carries; `setupId` is the command that creates it. */
  forHeader(setupId: string | null): Pick<JournalHeader, "seen" | "hostIds" | "seenGaps"> {
    const seen: Record<string, number> = {};
    const seenGaps: Record<string, number[]> = {};
    for (const [key, a] of this.seen) {
      seen[key] = a.high;
      const missing: number[] = [];
      for (let s = Math.max(1, a.high - SEQ_WINDOW + 1); s < a.high; s++)
        if (!a.below.has(s)) missing.push(s);
      if (missing.length > 0) seenGaps[key] = missing;
    }
    return {
      seen,
      // Only when there is a gap, so headers of games without one read as before.
      ...(Object.keys(seenGaps).length > 0 ? { seenGaps } : {}),
      hostIds: setupId ? [...this.hostIds, setupId].slice(-HOST_IDS_KEPT) : [...this.hostIds],
    };
  }

  remember(src: InputSource | undefined): void {
    if (!src) return;
    if ("host" in src) {
      this.hostIds.push(src.host);
      if (this.hostIds.length > HOST_IDS_KEPT) this.hostIds.shift();
      return;
    }
    const key = `${src.seat}:${src.boot}`;
    const a = this.seen.get(key);
    if (!a) {
      this.seen.set(key, { high: src.seq, below: new Set() });
      return;
    }
    if (src.seq < a.high) {
      a.below.add(src.seq);
      return;
    }
    if (src.seq === a.high) return;
    a.below.add(a.high);
    a.high = src.seq;
    for (const s of a.below) if (s <= a.high - SEQ_WINDOW) a.below.delete(s);
  }

  /** Whether this seq of this seat and boot was applied (or is too old to tell apart). */
  isApplied(seat: number, boot: string, seq: number): boolean {
    const a = this.seen.get(`${seat}:${boot}`);
    if (!a || seq > a.high) return false;
    if (seq === a.high || seq <= a.high - SEQ_WINDOW) return true;
    return a.below.has(seq);
  }

  /** The highest seq applied for this seat and boot (0 if none), for the logs. */
  applied(seat: number, boot: string): number {
    return this.seen.get(`${seat}:${boot}`)?.high ?? 0;
  }

  hasCommand(id: string): boolean {
    return this.hostIds.includes(id);
  }
}
