/**
 * The Hal of a simulated paddle: the sensors and keys are methods that a bot, a script or
 * the terminal calls; the motor, LED and screen are recorded. Timers are Node's, tracked so
 * that dispose() leaves nothing running.
 */
import type { Display, Hal, Key, LedColor, TimerHandle } from "../firmware/hal.js";

export class SimHal implements Hal {
  thumbLevel = false;
  blindfoldLevel = false;
  led_: LedColor = "off";
  motorOn = false;
  screen: string[] = [];
  /** Every haptic pattern felt, oldest first. */
  readonly felt: string[] = [];
  readonly hasKeys = true;
  readonly display: Display;
  onFeel: ((pattern: string) => void) | null = null;
  private thumbCb: ((down: boolean) => void) | null = null;
  private blindfoldCb: ((on: boolean) => void) | null = null;
  private keyCb: ((key: Key) => void) | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly logger: (message: string) => void = () => undefined) {
    this.display = { show: (lines) => (this.screen = lines) };
    this.feedback = (pattern: string) => {
      this.felt.push(pattern);
      this.onFeel?.(pattern);
    };
  }

  feedback: (pattern: string) => void;

  now(): number {
    return Date.now();
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  clearTimeout(handle: TimerHandle): void {
    clearTimeout(handle as NodeJS.Timeout);
    this.timers.delete(handle as NodeJS.Timeout);
  }

  watchThumb(cb: (down: boolean) => void): void {
    this.thumbCb = cb;
  }

  watchBlindfold(cb: (on: boolean) => void): void {
    this.blindfoldCb = cb;
  }

  watchKeys(cb: (key: Key) => void): void {
    this.keyCb = cb;
  }

  readThumb(): boolean {
    return this.thumbLevel;
  }

  readBlindfold(): boolean {
    return this.blindfoldLevel;
  }

  motor(on: boolean): void {
    this.motorOn = on;
  }

  led(color: LedColor): void {
    this.led_ = color;
  }

  random(): number {
    return Math.random();
  }

  log(message: string): void {
    this.logger(message);
  }

  /** The thumb sensor changes level (one clean edge; see chatter for a bouncing one). */
  setThumb(down: boolean): void {
    if (this.thumbLevel === down) return;
    this.thumbLevel = down;
    this.thumbCb?.(down);
  }

  setBlindfold(on: boolean): void {
    if (this.blindfoldLevel === on) return;
    this.blindfoldLevel = on;
    this.blindfoldCb?.(on);
  }

  press(key: Key): void {
    this.keyCb?.(key);
  }

  dispose(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
