/**
 * Turns the engine's next deadline into one armed timer per table. The timer does not
 * change the game itself: it hands a deadline back to the table, which feeds a `timer`
 * input through the same queue and journal as any other input.
 */

/** setTimeout's ceiling; longer waits are re-armed in steps. */
const MAX_DELAY = 2 ** 31 - 1;

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private armedFor: number | null = null;

  constructor(
    private readonly fire: (deadline: number) => void,
    private readonly now: () => number,
  ) {}

  /**
   * Arms for `deadline` (epoch ms) or disarms on null. Asking again for the deadline that
   * is armed, or that already fired, is a no-op: a deadline fires once, even if the engine
   * refused its timer input (which would otherwise spin).
   */
  arm(deadline: number | null): void {
    if (deadline === this.armedFor) return;
    this.stop();
    if (deadline === null) return;
    this.armedFor = deadline;
    const delay = Math.min(MAX_DELAY, Math.max(0, deadline - this.now()));
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.now() < deadline) {
        this.armedFor = null;
        this.arm(deadline);
        return;
      }
      this.fire(deadline);
    }, delay);
  }

  get deadline(): number | null {
    return this.timer === null ? null : this.armedFor;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.armedFor = null;
  }
}
