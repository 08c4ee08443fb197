/**
 * Connects first (issue 29): while connections wait for their CONNACK, game packets
 * (PUBLISH) from connections already in are held back at their gates, for a while.
 *
 * Measured in the 100 x 12 storm while the first tables play (docs/BENCHMARKS.md, issue 29):
 * the hub's accept → CONNACK took 1-4 s and accept → first view up to 6.5 s, because each
 * of a connect's asynchronous steps in Aedes waits behind a loop turn full of game work
 * (inputs journaled, views built and published), and paddles gave up at their 5 s watchdog
 * and came back, each attempt costing the hub again. Holding the input that starts such
 * work keeps the turns short while connects are queued.
 *
 * Bounded both ways, so neither side starves: a hold lasts at most `maxHoldMs`, then game
 * packets flow freely for `freeMs` whatever waits. A connection counts from its whole
 * CONNECT (gate.ts) to its CONNACK or close, so a silent socket or half a CONNECT holds
 * nobody, and a refused login is closed at once. Holding only delays: a gate keeps its
 * packets in order, and nothing is acknowledged before it is journaled, as before. The
 * paddle's PUBACK watchdog (12 s) is far above a hold.
 */
export interface PriorityOptions {
  maxHoldMs: number;
  freeMs: number;
}

export const DEFAULT_PRIORITY: PriorityOptions = { maxHoldMs: 300, freeMs: 100 };

export class ConnectPriority {
  /** Connections accepted whose CONNACK has not gone out (nor were they closed). */
  private waiting = 0;
  private held: (() => void)[] = [];
  private holdTimer: NodeJS.Timeout | null = null;
  /** Until when game packets pass whatever waits (after a hold ran its full length). */
  private freeUntil = 0;
  /** Holds so far, and how many ran their full length (for tests and the trace). */
  holds = 0;
  fullHolds = 0;

  constructor(
    private readonly options: PriorityOptions = { ...DEFAULT_PRIORITY },
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A connection came in: its CONNACK is owed. Returns its settle(), idempotent. */
  opened(): () => void {
    this.waiting += 1;
    let settled = false;
    return () => {
      if (settled) return;
      settled = true;
      this.waiting -= 1;
      if (this.waiting === 0) this.release(false);
    };
  }

  get connectsWaiting(): number {
    return this.waiting;
  }

  /**
   * Asked by a gate before it passes a game packet on: true means hold it, and `resume`
   * is called once it may go (the connects are served, or the hold ran its length).
   */
  hold(resume: () => void): boolean {
    if (this.options.maxHoldMs <= 0 || this.waiting === 0 || this.now() < this.freeUntil)
      return false;
    if (this.holdTimer === null) {
      this.holds += 1;
      this.holdTimer = setTimeout(() => this.release(true), this.options.maxHoldMs);
    }
    this.held.push(resume);
    return true;
  }

  private release(full: boolean): void {
    if (this.holdTimer !== null) clearTimeout(this.holdTimer);
    this.holdTimer = null;
    if (full) {
      this.fullHolds += 1;
      this.freeUntil = this.now() + this.options.freeMs;
    }
    const held = this.held;
    this.held = [];
    for (const resume of held) resume();
  }

  /** Lets everything held go (the broker is closing). */
  close(): void {
    this.release(false);
  }
}
