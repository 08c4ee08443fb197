/**
 * A sensor edge counts once its level has held for `ms`: contact bounce and a brush of the
 * thumb produce no input. The Espruino build also asks setWatch to debounce, but the
 * firmware does not rely on the hardware layer for it.
 */
import type { Hal, TimerHandle } from "./hal.js";

export class Debouncer {
  private level: boolean;
  private reported: boolean;
  private timer: TimerHandle | null = null;

  constructor(
    private readonly hal: Hal,
    private readonly ms: number,
    initial: boolean,
    private readonly onEdge: (level: boolean) => void,
  ) {
    this.level = initial;
    this.reported = initial;
  }

  get value(): boolean {
    return this.reported;
  }

  raw(level: boolean): void {
    this.level = level;
    if (this.timer !== null) this.hal.clearTimeout(this.timer);
    this.timer = this.hal.setTimeout(() => this.settle(), this.ms);
  }

  private settle(): void {
    this.timer = null;
    if (this.level === this.reported) return;
    this.reported = this.level;
    this.onEdge(this.level);
  }
}
