/**
 * A seat's night answers as the core takes them (silent nights, decoys.ts): its acts, its
 * decoys and its "nothing". Each accepted answer is counted and stirs every living seat's
 * view; a refusal while the seat owes an answer may be that answer (QUIET-REFUSED-01).
 * Split out of step.ts, which dispatches every input.
 */
import { checkSeatAct } from "./act.js";
import {
  answerDecoy,
  answersOwed,
  dropsRefusal,
  dropsRefusedAct,
  owesAnswer,
  stir,
  withDecoy,
} from "./decoys.js";
import { type Game, type Ruleset, reject } from "./ruleset.js";
import type { Rejection, SeatAction, SeatState } from "./types.js";

type Act = Extract<SeatAction, { kind: "act" }>;

/** Counts a night answer (silent nights), then lets the ruleset end the step if it is complete. */
function nightAnswer(ruleset: Ruleset, g: Game, seat: number): void {
  stir(g.state, seat);
  if (g.state.phase === "night") ruleset.onNightAnswer?.(g);
}

/** A decoy's answer: accepted and counted, otherwise ignored. */
export function decoyAct(
  ruleset: Ruleset,
  g: Game,
  seat: SeatState,
  action: Act,
): Rejection | null {
  const decoy = answerDecoy(ruleset, g, seat, action, ruleset.prompt(g.state, seat));
  if (!decoy) nightAnswer(ruleset, g, seat.seat);
  return decoy;
}

/**
 * A real act. The core checks it against the seat's offers once (act.ts); the ruleset
 * applies it. QUIET-REFUSED-01: refused while the seat owes an answer, a night act is that
 * answer, dropped (decoys.ts), whether the core or the ruleset refuses it.
 */
export function seatAct(ruleset: Ruleset, g: Game, seat: SeatState, action: Act): Rejection | null {
  const night = g.state.phase === "night";
  const act = checkSeatAct(ruleset, g.state, seat, action, g.at);
  if ("code" in act) {
    if (!night || !dropsRefusal(ruleset, g, seat, act)) return act;
    nightAnswer(ruleset, g, seat.seat);
    return null;
  }
  const apply = (game: Game, s: SeatState) => ruleset.onAct(game, s, act);
  if (night && dropsRefusedAct(ruleset, g, seat, apply)) {
    nightAnswer(ruleset, g, seat.seat);
    return null;
  }
  const rejection = ruleset.onAct(g, seat, act);
  if (!rejection && night) nightAnswer(ruleset, g, seat.seat);
  return rejection;
}

/**
 * Silent nights: "nothing tonight" is an answer too, so that declining is not silence. A
 * living seat that owes no more answers may still press it: accepted with the same signal
 * and changing nothing (no error for declining what is left, issue 24); it stirs nothing, so
 * that no other seat's traffic shows it. The ruleset learns what was declined; a choice that
 * cannot be skipped (the app's deciding mafioso, APP-OPEN-03; hunt's owed heal and missing
 * shot) is not declined: the answer counts and the move stays owed (QUIET-REQUIRED-01).
 */
export function silentPass(ruleset: Ruleset, g: Game, seat: SeatState): Rejection | null {
  const state = g.state;
  const owed = answersOwed(ruleset);
  const real = ruleset.prompt(state, seat);
  const shown = withDecoy(state, seat, real, owed);
  if (!owesAnswer(state, seat.seat, owed)) {
    if (!seat.alive) return reject("not_in_game");
    g.signal(seat.seat, { haptic: "short" });
    return null;
  }
  if (!shown) return reject("not_your_turn");
  // QUIET-REQUIRED-01: a move the night waits for is counted an answer and not declined.
  const required = real && ruleset.mayDecline && !ruleset.mayDecline(state, seat);
  if (real && !required) ruleset.onDecline?.(g, seat);
  g.signal(seat.seat, { haptic: "short" });
  nightAnswer(ruleset, g, seat.seat);
  return null;
}
