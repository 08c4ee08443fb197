/**
 * QUIET-BLINDFOLD-01 in the firmware: at night a blindfold edge is not sent when it
 * happens. A seat that a night step wakes lifts and lowers its blindfold, one that sleeps
 * does not, and a listener on the Wi-Fi counts uplink packets per seat (TLS hides what a
 * packet says, not that it was sent). So while the public state says night, the seat is
 * alive and the rules watch blindfolds (the state's `blindfolds`, from the ruleset's
 * manifest; where they do not, nobody is woken alone and a blindfold means nothing), the
 * paddle sends its blindfold as a report, one `blindfold` input every `periodMs` whatever
 * the person does, at the same moments as every other paddle:
 *
 * - When: at the hub's clock's multiples of `periodMs`, read from the public state's `now`
 *   (the hub's clock when it sent it) and the local time it came, so every paddle of the
 *   table reports at one moment and a night gives each the same number of reports.
 * - What: `on` false if the blindfold is off now or was lifted (an on → off edge) since the
 *   last report, so a lift shorter than a period still shows, one report later; else true.
 *   `report: true` tells the hub it is a report, up to one period late (docs/PROTOCOL.md).
 *
 * Otherwise (by day, in setup, out of the game, before any public state) an edge goes at
 * once as it always did. While the link is down no report is queued (a night of them would
 * push other inputs out of the outbox); a lift meanwhile goes with the first report once
 * up. Nothing is sent when leaving the night: the day's edges tell the rest.
 * Espruino's syntax only (ESPRUINO.md): no default parameters, destructuring or optional
 * chaining; the paddle drives it (paddle.ts), so a paddle, a phone and a bot report alike.
 */
import type { Hal, TimerHandle } from "./hal.js";

/** How often a paddle reports its blindfold at night (config.ts `blindfoldReportMs`). */
export const BLINDFOLD_REPORT_MS = 1000;

/** What of the public state the reports read (the paddle's glance is one). */
export interface ReportClock {
  phase: string;
  /** The hub's clock when it sent this state (0 from a hub that sends none). */
  now: number;
  /** The rules watch blindfolds: only then are they reported (others send no edges at night). */
  blindfolds?: boolean;
}

export class BlindfoldReport {
  /** Whether the reports run (night, the seat alive). */
  night = false;
  /** The blindfold was lifted since the last report. */
  private lifted = false;
  private timer: TimerHandle | null = null;
  /** The hub's clock minus the local one, from the last public state. */
  private offset = 0;
  private seen: ReportClock | null = null;
  /** The last report's moment, in whole periods of the hub's clock: none is sent twice. */
  private last = 0;

  constructor(
    private readonly level: () => boolean,
    /** Whether the link is up: a report is queued only then, as voice is (paddle.ts speak). */
    private readonly up: () => boolean,
    private readonly send: (fields: Record<string, unknown>) => void,
    private readonly periodMs: number,
  ) {}

  /** A debounced edge: sent at once, except at night, where the next report tells it. */
  edge(on: boolean): void {
    if (!this.night) this.send({ on: on });
    else if (!on) this.lifted = true;
  }

  /** Every public state and own view (`null`: stopped): starts, keeps or stops the reports. */
  follow(hal: Hal, state: ReportClock | null, alive: boolean): void {
    if (state !== this.seen && state !== null && state.now > 0) this.offset = state.now - hal.now();
    this.seen = state;
    const night = state !== null && state.phase === "night" && state.blindfolds === true && alive;
    if (night && !this.night) {
      // The first report is at the first whole period after the night began here.
      this.lifted = false;
      this.last = Math.floor((hal.now() + this.offset) / this.periodMs);
    }
    this.night = night;
    if (this.timer !== null) hal.clearTimeout(this.timer);
    this.timer = null;
    if (night) this.arm(hal);
  }

  /**
   * The next report is the one after the last, even if its moment has passed (a view that
   * came while its timer waited re-arms it): none is skipped, so every paddle sends one per
   * whole period of the night however late its timers run.
   */
  private arm(hal: Hal): void {
    const p = this.periodMs;
    const hubNow = hal.now() + this.offset;
    const next = this.last + 1;
    this.timer = hal.setTimeout(
      () => {
        this.timer = null;
        this.last = next;
        if (this.up()) {
          this.send({ on: this.level() && !this.lifted, report: true });
          this.lifted = false;
        }
        this.arm(hal);
      },
      Math.max(0, next * p - hubNow),
    );
  }
}
