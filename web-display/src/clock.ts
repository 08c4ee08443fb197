/**
 * Countdowns. The hub says when a step ends (`until`) and what its clock read when it
 * published (`now`); the connection keeps `offset` = hub clock − browser clock, so a
 * browser whose clock is off by minutes still counts the right seconds.
 */
import type { ReactiveController, ReactiveControllerHost } from "lit";
import type { RulesetManifest } from "../../protocol/manifest.js";
import type { PublicState } from "../../protocol/views.js";

export function remainingMs(
  state: Pick<PublicState, "until">,
  offset: number,
  local: number = Date.now(),
): number | null {
  if (state.until === null) return null;
  return Math.max(0, state.until - (local + offset));
}

/**
 * The step's full length in seconds, for the ring's proportion: the `timings` entry the
 * manifest names for the step (its `timing`), null where it names none.
 */
export function stepSeconds(state: PublicState, manifest: RulesetManifest | null): number | null {
  const timing = manifest?.steps.find((x) => x.id === state.step)?.timing;
  if (!timing) return null;
  let key = timing.key;
  if (timing.zeroNight !== undefined && state.round === 0) key = timing.zeroNight;
  if (timing.afterNightKill !== undefined) {
    // The latest elimination tells whether the seat died at night or by the vote.
    const last = [...state.announcements]
      .reverse()
      .find((a) => a.key === "morning.killed" || a.key === "vote.eliminated");
    if (last?.key === "morning.killed") key = timing.afterNightKill;
  }
  return state.timings[key] ?? null;
}

/** Re-renders its host a few times a second while connected: only countdowns use it. */
export class TickController implements ReactiveController {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly everyMs = 250,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.timer = setInterval(() => this.host.requestUpdate(), this.everyMs);
  }

  hostDisconnected(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
