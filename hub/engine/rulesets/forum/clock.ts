/**
 * The two clocks (FORUM-TIME, FORUM-OPEN-01): when the current phase ends, as an absolute
 * hub time computed from the time of the input that opens it. At a table evening a day
 * lasts `daySeconds` and a night `nightSeconds`; on the forum calendar a day ends at the
 * next `dayEnds` (20:00) and a night at the next `nightEnds` (13:00) of `timeZone`. The
 * deadline goes into the core's clock (`clock.until`), so it is in every journaled state
 * and a restarted hub replays to the same one.
 */
import { nextLocal } from "./calendar.js";
import type { ForumOptions } from "./options.js";
import type { ForumGame, ForumState } from "./state.js";

export function phaseEnd(state: ForumState, at: number, phase: "day" | "night"): number {
  const o = state.options;
  if (o.clock === "calendar")
    return nextLocal(at, phase === "day" ? o.dayEnds : o.nightEnds, o.timeZone);
  return at + 1000 * (phase === "day" ? o.daySeconds : o.nightSeconds);
}

/** Enters a day or a night that ends by its clock. */
export function enterPhase(g: ForumGame, phase: "day" | "night"): void {
  const until = phaseEnd(g.state, g.at, phase);
  g.enter(phase, phase, (until - g.at) / 1000);
}

/**
 * FORUM-TERR-03: the last stretch of a day, in which the terrorist stays inactive: 30
 * minutes (`terrorBlackoutMinutes`) on the calendar, `terrorBlackoutSeconds` at a table.
 * While the game is paused the day's remaining time counts.
 */
export function inBlackout(state: ForumState, at: number): boolean {
  if (state.phase !== "day" || state.step !== "day") return false;
  const left = state.paused
    ? state.clock.remaining
    : state.clock.until === null
      ? null
      : state.clock.until - at;
  if (left === null) return false;
  return left <= blackoutMs(state);
}

function blackoutMs(state: ForumState): number {
  const o = state.options;
  return o.clock === "calendar" ? o.terrorBlackoutMinutes * 60_000 : o.terrorBlackoutSeconds * 1000;
}

/**
 * When the day's last stretch begins, as a deadline of its own, so that the terrorist's
 * view drops the attack at that moment even if nobody sends anything (a timer input).
 */
export function blackoutDeadline(state: ForumState): number[] {
  const flow = state.flow;
  if (state.step !== "day" || state.clock.until === null || flow.blackout === flow.day) return [];
  return [state.clock.until - blackoutMs(state)];
}

/** Whether the current step's own clock has run out (as the core decides for a timer input). */
export function stepDue(state: ForumState, at: number): boolean {
  if (state.paused || state.clock.until === null || at < state.clock.until) return false;
  return state.options.autoAdvance;
}

export function onBlackout(g: ForumGame): void {
  const flow = g.state.flow;
  flow.blackout = flow.day;
}

/** Step lengths for countdown rings (table clock only: calendar phases vary). */
export function forumTimings(o: ForumOptions): Record<string, number> {
  if (o.clock === "calendar") return {};
  return { day: o.daySeconds, night: o.nightSeconds };
}
