/**
 * QUIET-FILL-01 in the firmware: a silent night asks every living seat for the same number
 * of answers (its view's `pass` says `"nothing"` while it owes one, `answers` counts those
 * the hub took). A person who idles would send fewer than a seat that acts, and the wire
 * would show it; so the device sends what is still owed itself, as `pass` ("nothing
 * tonight", which every living seat that owes an answer may send, decoy or real prompt
 * alike), one at a time, each once the hub counted the one before, at a moment that does
 * not depend on the role:
 *
 * - When: `lead` before the night step's end as public/state gives it (`until`, on the
 *   hub's clock, taken relative to the state's own `now`), where `lead` is
 *   `min(leadMs, a quarter of the step's time left when the paddle first saw the step)`,
 *   so a short step (sport's calls) still leaves the person three quarters of it. Nothing
 *   while the clock is paused or runs without an end.
 * - What: `pass` while the view says `"nothing"`, nothing is in flight (the outbox is
 *   empty) and `answers` counts every night answer this paddle sent in the step. A person
 *   who answered everything owes nothing: the fill sends nothing. A choice that cannot be
 *   skipped (the app's deciding mafioso) offers no `pass`: nothing is sent for him.
 *
 * The paddle drives it (paddle.ts), so a paddle, a phone and a simulator bot fill alike.
 * `observe` and `tick` take the time as given (tests drive them); `follow` keeps the one
 * timer on the paddle's Hal. Espruino's syntax only (ESPRUINO.md): no default parameters,
 * destructuring or optional chaining.
 */
import type { Hal, TimerHandle } from "./hal.js";

/** How long before a night step's end the device sends the answers still owed, at most. */
export const FILL_LEAD_MS = 10_000;

/** What of the seat's own view the fill reads (a `SeatView` is one). */
export interface OwedView {
  alive: boolean;
  pass?: string | null;
  answers?: number;
}

/**
 * What of the table's state the fill reads: the glance a paddle keeps (public/glance, or
 * picked from public/state by a phone) carries all of it. `step` is opaque, compared only.
 */
export interface StepClock {
  phase: string;
  step?: string;
  round: number;
  now: number;
  until: number | null;
  paused: boolean;
}

export class NightFill {
  /** The local time the owed answers are due (`null`: none due). */
  dueAt: number | null = null;
  /** The night step (`round|step`) followed, and its lead, fixed when first seen. */
  private step: string | null = null;
  private lead = 0;
  /** Night answers this paddle sent in the step, by keys or by the fill. */
  private given = 0;
  private timer: TimerHandle | null = null;
  /** The public state last seen and the local time it came: its `until` counts from then. */
  private seen: StepClock | null = null;
  private seenAt = 0;

  constructor(
    private readonly view: () => OwedView | null,
    private readonly inFlight: () => number,
    private readonly sendPass: () => void,
    private readonly leadMs: number,
  ) {}

  /** Every new public state or own view (`null`: stopped): sends what is due, sets the timer. */
  follow(hal: Hal, state: StepClock | null): void {
    if (this.timer !== null) hal.clearTimeout(this.timer);
    this.timer = null;
    this.observe(state, hal.now());
    this.arm(hal);
  }

  private arm(hal: Hal): void {
    const due = this.dueAt;
    if (due === null || hal.now() >= due) return;
    this.timer = hal.setTimeout(
      () => {
        this.timer = null;
        this.tick(hal.now());
        this.arm(hal);
      },
      Math.max(0, due - hal.now()),
    );
  }

  /** A public state (or the last one again, with a new view) at local time `at`. */
  observe(state: StepClock | null, at: number): boolean {
    if (state !== this.seen) {
      this.seen = state;
      this.seenAt = at;
    }
    if (state === null || state.phase !== "night") {
      this.step = null;
      this.dueAt = null;
      return false;
    }
    const key = `${state.round}|${state.step}`;
    const left = state.until === null ? null : state.until - state.now;
    if (key !== this.step) {
      this.step = key;
      this.given = 0;
      this.lead = left === null ? this.leadMs : Math.min(this.leadMs, Math.floor(left / 4));
    }
    this.dueAt = state.paused || left === null ? null : this.seenAt + left - this.lead;
    return this.tick(at);
  }

  /** The paddle sent a night answer (`act` or `pass`) in the current step. */
  answered(): void {
    if (this.step === null) return;
    const v = this.view();
    const counted = v !== null && typeof v.answers === "number" ? v.answers : 0;
    this.given = Math.max(this.given, counted) + 1;
  }

  /** Sends one owed answer if one is due at local time `at`. Returns whether it sent. */
  tick(at: number): boolean {
    if (this.dueAt === null || at < this.dueAt) return false;
    const v = this.view();
    // A hub from before `answers` cannot say which answers it counted: nothing is filled.
    if (v === null || !v.alive || v.pass !== "nothing" || typeof v.answers !== "number")
      return false;
    if (this.inFlight() > 0 || v.answers < this.given) return false;
    this.sendPass();
    return true;
  }
}
