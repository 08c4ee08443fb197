/**
 * The end of the night: the host's `next` or the night's timer. HUNT-OPEN-13: the timer
 * does not close the night before the mafia's shot and the Doctor's heal are in (the night
 * starts over, visibly); the host may close it, and a missing move is then simply missing
 * (what was missing stays in the host's view). Then the resolution, the morning's
 * announcements, the win check (HUNT-OPEN-02: after the whole night) and the day.
 */
import { answersGiven, decoysOn } from "../../decoys.js";
import { reject } from "../../ruleset.js";
import type { Rejection, SeatState } from "../../types.js";
import { startHuntDay } from "./day.js";
import type { HuntGame, HuntNight } from "./flow.js";
import { announceNight } from "./leave.js";
import { answeredAll, HUNT_NIGHT_ANSWERS, missingMoves, nightPrompt } from "./night.js";
import { resolveHuntNight } from "./resolve.js";
import { checkHuntWin } from "./win.js";

export function endHuntNight(g: HuntGame, by: "timer" | "host"): Rejection | null {
  const flow = g.state.flow;
  const night = flow.night;
  if (!night) return reject("wrong_step");
  const missing = missingMoves(g.state);
  if (missing.length > 0 && by === "timer" && g.state.options.waitForMandatory) {
    g.log("night.waiting", [], {});
    g.enter("night", "night", g.state.options.nightSeconds);
    return null;
  }
  morning(g, night, missing);
  return null;
}

/**
 * The night also ends once every living seat has answered (real, decoy or "nothing"; with
 * decoys off, every seat that has a prompt) and the mandatory moves are in: the moment
 * tells the table nothing but that everyone is done.
 */
export function endIfComplete(g: HuntGame): void {
  const state = g.state;
  const night = state.flow.night;
  if (state.phase !== "night" || !night || missingMoves(state).length > 0) return;
  const living = state.seats.filter((s) => s.alive);
  const expected = decoysOn(state) ? living : living.filter((s) => nightPrompt(state, s));
  // Silent nights: both answers every living seat owes (HUNT-QUIET-01), not just the first;
  // without them, every move of the seat answered (HUNT-DOC-07: the Doctor's heal and hunt).
  const answered = (s: SeatState) =>
    decoysOn(state) ? answersGiven(state, s.seat) >= HUNT_NIGHT_ANSWERS : answeredAll(state, s);
  if (expected.every(answered)) morning(g, night, []);
}

function morning(g: HuntGame, night: HuntNight, missing: string[]): void {
  const flow = g.state.flow;
  const { outcome, drawn } = resolveHuntNight(g.state, night);
  flow.record = { round: g.state.round, drawn, missing };
  // HUNT-OPEN-09, HUNT-MANY-03: tomorrow's limits compare with each holder's own names of
  // tonight, whether or not they took effect.
  flow.last = Object.fromEntries(Object.entries(night.books).map(([b, book]) => [b, { ...book }]));
  g.enter("day", "morning", null);
  announceNight(g, outcome);
  flow.night = null;
  if (checkHuntWin(g)) return;
  startHuntDay(g);
}
