/**
 * Haptic patterns a blindfolded player can tell apart by feel: on/off durations in ms.
 * The hub's signals name short/long/double/triple/pulse; the rest are the paddle's own.
 */
import type { Hal, TimerHandle } from "./hal.js";

export const HAPTIC_PATTERNS: Record<string, number[]> = {
  /** The hub accepted the input. */
  short: [80],
  /** The hub refused it (an error signal). */
  long: [700],
  /** A check answered "yes" (e.g. the Sheriff found black). */
  double: [90, 160, 90],
  /** A check answered "no". */
  triple: [90, 160, 90, 160, 90],
  /** Your turn: a prompt appeared, or the night woke you. */
  pulse: [40, 80, 40, 80, 40, 80, 40],
  /** The cursor moved one item. */
  tick: [15],
  /** The cursor is back on the first item: count from here. */
  home: [15, 90, 15],
  /** A choice is armed: press ok again to send it. */
  armed: [250],
  /** The target is taken; now choose the option (the cursor is on the first one). */
  options: [250, 150, 250],
  /** No link to the hub (refused login, no broker): the LED says which. */
  fault: [400, 150, 400, 150, 400],
};

export class Haptics {
  private timer: TimerHandle | null = null;

  constructor(private readonly hal: Hal) {}

  play(name: string): void {
    const pattern = HAPTIC_PATTERNS[name];
    if (!pattern) return;
    this.stop();
    if (this.hal.feedback) this.hal.feedback(name);
    this.step(pattern, 0);
  }

  stop(): void {
    if (this.timer !== null) this.hal.clearTimeout(this.timer);
    this.timer = null;
    this.hal.motor(false);
  }

  /** Even indexes are "on" spans, odd ones pauses. */
  private step(pattern: number[], i: number): void {
    if (i >= pattern.length) {
      this.timer = null;
      this.hal.motor(false);
      return;
    }
    this.hal.motor(i % 2 === 0);
    this.timer = this.hal.setTimeout(() => this.step(pattern, i + 1), pattern[i] as number);
  }
}
