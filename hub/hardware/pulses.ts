/**
 * On/off patterns on an output (a buzzer, a vibration motor), as durations in ms: even
 * indexes on, odd ones off. A new pattern cuts the one playing.
 */
export interface Switchable {
  on(): unknown;
  off(): unknown;
}

export const PATTERNS = {
  /** The box: a speech has `warnSeconds` left. */
  warn: [150],
  /** The box: the speech's time is up. */
  end: [700],
  /** The box: the hub refused a command. */
  refused: [80, 80, 80, 80, 80],
  /** A wired seat's motor: the hub's signals, as the paddle plays them (haptics.ts). */
  short: [80],
  long: [700],
  double: [90, 160, 90],
  triple: [90, 160, 90, 160, 90],
  pulse: [40, 80, 40, 80, 40, 80, 40],
} as const satisfies Record<string, readonly number[]>;

export type PatternName = keyof typeof PATTERNS;

export class PulsePlayer {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly out: Switchable) {}

  play(name: PatternName): void {
    this.stop();
    this.step(PATTERNS[name], 0);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.out.off();
  }

  private step(pattern: readonly number[], i: number): void {
    if (i >= pattern.length) {
      this.timer = null;
      this.out.off();
      return;
    }
    if (i % 2 === 0) this.out.on();
    else this.out.off();
    this.timer = setTimeout(() => this.step(pattern, i + 1), pattern[i]);
  }
}
