/**
 * Silent nights: at night every living seat has a prompt. A seat whose role has nothing to
 * do gets a decoy of the same shape (action "decoy", every living seat as target), answers
 * it like the others, and the hub throws the answer away. Every accepted night answer, real
 * or decoy, bumps `stir`, which every living seat's view carries, so each living seat gets
 * one view message per answer whoever gave it: the traffic does not show who is awake or
 * who is on whose team (the hub pads the payloads to equal sizes). Option `decoys: false`
 * turns it off.
 */
import type { Prompt } from "../../protocol/index.js";
import { checkAct } from "./prompt.js";
import type { Game, Ruleset } from "./ruleset.js";
import type { GameState, Rejection, SeatAction, SeatState } from "./types.js";

export const DECOY_ACTION = "decoy";

export function decoysOn(state: GameState): boolean {
  return state.phase === "night" && state.options.decoys !== false;
}

/** The seat's night prompt: its own, else a decoy until it has answered one this step. */
export function withDecoy(state: GameState, seat: SeatState, real: Prompt | null): Prompt | null {
  if (real || !seat.alive || !decoysOn(state) || state.quiet.answered.includes(seat.seat))
    return real;
  const targets = state.seats.filter((s) => s.alive).map((s) => s.seat);
  return { action: DECOY_ACTION, targets, min: 1, max: 1, options: [], until: state.clock.until };
}

/** Answers a decoy: accepted, acknowledged like a real answer, and otherwise ignored. */
export function answerDecoy(
  g: Game,
  seat: SeatState,
  act: Extract<SeatAction, { kind: "act" }>,
  real: Prompt | null,
): Rejection | null {
  const bad = checkAct(withDecoy(g.state, seat, real), act);
  if (bad) return bad;
  g.signal(seat.seat, { haptic: "short" });
  return null;
}

/** A night answer was accepted: every living seat's view changes; the answerer gets no decoy after it. */
export function stir(state: GameState, seat: number): void {
  if (!decoysOn(state)) return;
  state.quiet.stir += 1;
  if (!state.quiet.answered.includes(seat)) state.quiet.answered.push(seat);
}

/** At night a seat with an open prompt may answer "nothing tonight"; else the ruleset says. */
export function passMeaning(
  ruleset: Ruleset,
  state: GameState,
  seat: SeatState,
  prompt: Prompt | null,
): string | null {
  if (decoysOn(state))
    return prompt && !state.quiet.answered.includes(seat.seat) ? "nothing" : null;
  return ruleset.passMeaning?.(state, seat) ?? null;
}
