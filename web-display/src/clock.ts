/**
 * Countdowns. The hub says when a step ends (`until`) and what its clock read when it
 * published (`now`); the connection keeps `offset` = hub clock − browser clock, so a
 * browser whose clock is off by minutes still counts the right seconds.
 */
import type { ReactiveController, ReactiveControllerHost } from "lit";
import type { PublicState } from "../../protocol/views.js";

export function remainingMs(
  state: Pick<PublicState, "until">,
  offset: number,
  local: number = Date.now(),
): number | null {
  if (state.until === null) return null;
  return Math.max(0, state.until - (local + offset));
}

/** The step's full length in seconds, for the ring's proportion. */
export function stepSeconds(state: PublicState): number | null {
  const t = state.timings;
  switch (state.step) {
    case "speech":
      return t.speech ?? null;
    case "shootout":
      return t.shootout ?? null;
    case "lastword": {
      // A night victim's last word is longer (SPORT-LAST-02): the latest elimination tells.
      const last = [...state.announcements]
        .reverse()
        .find((a) => a.key === "morning.killed" || a.key === "vote.eliminated");
      return (last?.key === "morning.killed" ? t.lastwordNight : t.lastword) ?? null;
    }
    case "vote":
    case "revote":
    case "leavevote":
    case "stayvote":
      return t.vote ?? null;
    case "mafia":
      return (state.round === 0 ? t.meeting : t.night) ?? null;
    case "don":
    case "sheriff":
    case "night":
      return t.night ?? null;
    case "day":
      return t.day ?? null;
    default:
      return null;
  }
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
