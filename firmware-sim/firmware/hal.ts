/**
 * What the paddle firmware needs from its hardware. The Espruino build implements it with
 * setWatch/digitalWrite (espruino/hal.ts), the simulator with plain objects (sim/node-hal.ts),
 * the unit tests with a fake clock. The firmware never touches a global: twenty paddles can
 * run side by side in one process, each over its own Hal.
 */

/** A rotary encoder maps to prev/next (turn) and ok (press); three buttons map one to one. */
export type Key = "prev" | "next" | "ok";

export type LedColor = "off" | "green" | "amber" | "red" | "blue";

export type TimerHandle = unknown;

export interface Display {
  /** Replaces the whole screen; lines are at most DISPLAY_COLUMNS characters, ASCII. */
  show(lines: string[]): void;
}

/**
 * A microphone module's envelope output (docs/HARDWARE.md, "The microphone"): an analog
 * reading of its peak detector, or the 0/1 of a comparator on it where the board has no ADC
 * (the interpreter built for Linux).
 */
export interface Mic {
  kind: "analog" | "comparator";
  /** The envelope now: a fraction of the ADC's full scale, or 0/1 from the comparator. */
  read(): number;
}

export interface Hal {
  /** Milliseconds; only differences are used (the hub never sees paddle time). */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /** Raw, possibly bouncing, sensor edges: the firmware debounces them itself. */
  watchThumb(cb: (down: boolean) => void): void;
  watchBlindfold(cb: (on: boolean) => void): void;
  /** Current sensor levels, read once at boot. */
  readThumb(): boolean;
  readBlindfold(): boolean;
  /**
   * True where the blindfold level is the player's own word (a phone's switch), not a sensor:
   * the hello then says `blindfold-said` instead of `blindfold`. Absent: a sensor.
   */
  blindfoldSaid?: boolean;
  /** Absent keys (a paddle with only sensors) simply never call back. */
  watchKeys(cb: (key: Key) => void): void;
  hasKeys: boolean;
  /** The vibration motor; patterns are timed by the firmware. */
  motor(on: boolean): void;
  led(color: LedColor): void;
  display: Display | null;
  /** Absent or null: the paddle has no microphone and never sends `voice` inputs. */
  mic?: Mic | null;
  random(): number;
  log(message: string): void;
  /** Optional: told the name of every haptic pattern played (simulator output, tests). */
  feedback?: (pattern: string) => void;
}
