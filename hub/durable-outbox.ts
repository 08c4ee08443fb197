/**
 * What a table tells the world (views, announcements, signals, host replies, and the PUBACK
 * through the promise its input handlers return), held back until every input journaled
 * before it is on disk, and told in the order it was said. With group commit the table
 * steps the next inputs while earlier ones are still being written, so this is where
 * "nothing is told that a crash could take back" is kept.
 */
import type { LogEntry, Signal, UndoableEntry } from "../protocol/index.js";
import type { GameState } from "./engine/index.js";
import type { TablePublisher } from "./publisher.js";

export class DurableOutbox {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly out: TablePublisher,
    /** Resolves once everything journaled so far is on disk. */
    private readonly durable: () => Promise<void>,
  ) {}

  /**
   * Runs `tell` once everything journaled until now is durable and everything said before
   * has been told. Rejects (and `tell` never runs) if the journal failed to write.
   */
  after(tell: () => void = () => undefined): Promise<void> {
    const durable = this.durable();
    const next = this.chain.then(() => durable).then(tell);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private later(tell: () => void): void {
    this.after(tell).catch(() => undefined); // a failed journal is reported to the input's sender
  }

  /**
   * Views are whole states, retained: of the views said for inputs that share one write to
   * the disk only the newest is built and told (they become durable together, and nobody
   * could have seen the ones between). Twelve night answers arriving together thus cost
   * one or two rounds of views, not twelve.
   */
  views(state: GameState): void {
    const durable = this.durable();
    const mine = { durable, superseded: false };
    if (this.newestViews?.durable === durable) this.newestViews.superseded = true;
    this.newestViews = mine;
    this.later(() => {
      if (!mine.superseded) this.out.views(state);
    });
  }

  /** The views said last, and the write they wait for. */
  private newestViews: { durable: Promise<void>; superseded: boolean } | null = null;

  /** The list the judge picks an undo from, as it stands after the inputs said so far. */
  undoable(entries: readonly UndoableEntry[]): void {
    this.later(() => this.out.undoable(entries));
  }

  logEntry(entry: LogEntry): void {
    this.later(() => this.out.logEntry(entry));
  }

  signal(seat: number, signal: Signal): void {
    this.later(() => this.out.signal(seat, signal));
  }

  /** `told` runs with it, once durable: a log line that must not claim what Redis refused. */
  reply(reply: Record<string, unknown>, told: () => void = () => undefined): void {
    this.later(() => {
      told();
      const routed = this.out.reply(reply);
      this.routing.add(routed);
      void routed.then(() => this.routing.delete(routed));
    });
  }

  /** Replies told and not yet routed by the broker. */
  private readonly routing = new Set<Promise<void>>();

  /**
   * Resolves once every reply told so far is routed. A host command's PUBACK waits for it:
   * handed to a cluster's broker, a reply first waits on Redis (Aedes's offline-queue
   * lookup) and only then is published, so a PUBACK (or a forward's answer) sent at once
   * overtook it, and an owner killed in between left an acknowledged command without its
   * reply (issue 27). Seat inputs do not wait: their views are whole states, told again.
   */
  async repliesRouted(): Promise<void> {
    await Promise.all([...this.routing]);
  }

  /** What the hub can run: not a consequence of any record, so told at once. */
  rulesets(): void {
    this.out.rulesets();
  }

  /** Drops audience views still waiting out their delay (the table is closing). */
  stop(): void {
    this.out.stop();
  }

  /** Resolves once everything said so far is told and routed by the broker. */
  async flush(): Promise<void> {
    await this.chain;
    await this.out.flush();
  }
}
