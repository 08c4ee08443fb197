/**
 * What makes a re-sent input a duplicate: per (seat, boot) the highest applied `seq`, and
 * the recent host command ids. Carried from game to game in each journal header, so that a
 * re-send stays a duplicate across a new game and a restart.
 */
import type { InputSource, JournalHeader } from "./journal.js";

/** How many recent host command ids are remembered. */
const HOST_IDS_KEPT = 256;

export class Duplicates {
  private seen = new Map<string, number>();
  private hostIds: string[] = [];

  /** Takes over what a journal header carried. */
  load(header: Pick<JournalHeader, "seen" | "hostIds">): void {
    this.seen = new Map(Object.entries(header.seen ?? {}));
    this.hostIds = [...(header.hostIds ?? [])];
  }

  /** What a new game's header carries; `setupId` is the command that creates it. */
  forHeader(setupId: string | null): Pick<JournalHeader, "seen" | "hostIds"> {
    return {
      seen: Object.fromEntries(this.seen),
      hostIds: setupId ? [...this.hostIds, setupId].slice(-HOST_IDS_KEPT) : [...this.hostIds],
    };
  }

  remember(src: InputSource | undefined): void {
    if (!src) return;
    if ("host" in src) {
      this.hostIds.push(src.host);
      if (this.hostIds.length > HOST_IDS_KEPT) this.hostIds.shift();
    } else {
      const key = `${src.seat}:${src.boot}`;
      if ((this.seen.get(key) ?? 0) < src.seq) this.seen.set(key, src.seq);
    }
  }

  /** The highest seq applied for this seat and boot (0 if none). */
  applied(seat: number, boot: string): number {
    return this.seen.get(`${seat}:${boot}`) ?? 0;
  }

  hasCommand(id: string): boolean {
    return this.hostIds.includes(id);
  }
}
