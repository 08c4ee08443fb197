/**
 * Silent nights: at night every living seat has a prompt. A seat whose role has nothing to
 * do gets a decoy of the same shape (action "decoy", every living seat as target), answers
 * it like the others, and the hub throws the answer away. Every accepted night answer, real
 * or decoy, bumps `stir`, which every living seat's view carries, so each living seat gets
 * one view message per answer whoever gave it: the traffic does not show who is awake or
 * who is on whose team (the hub pads the payloads to equal sizes). Option `decoys: false`
 * turns it off.
 *
 * A ruleset where a role has more than one move a night (hunt's Boss: block and shoot) says
 * so with `nightAnswers`: every living seat then owes that many answers per night step (its
 * own prompt again, "nothing", or a decoy, HUNT-QUIET-01 in hunt), so that no role publishes more often
 * or gets more signals than another. `quiet.answered` holds one entry per answer.
 */
import type { Prompt } from "../../protocol/index.js";
import { cloneJson } from "./clone.js";
import { checkAct } from "./prompt.js";
import { type Game, makeGame, type Ruleset } from "./ruleset.js";
import type { AnyState, GameState, Rejection, SeatAction, SeatState } from "./types.js";

export const DECOY_ACTION = "decoy";

export function decoysOn(state: AnyState): boolean {
  // Every ruleset's options may carry `decoys` (rulesets/options.ts), whatever else they hold.
  const options: { decoys?: unknown } = state.options;
  return state.phase === "night" && options.decoys !== false;
}

/** The answers every living seat owes per night step (HUNT-QUIET-01 in hunt). */
export function answersOwed(ruleset: Ruleset): number {
  return ruleset.nightAnswers ?? 1;
}

/** The night answers this seat gave this step. */
export function answersGiven(state: AnyState, seat: number): number {
  let n = 0;
  for (const s of state.quiet.answered) if (s === seat) n += 1;
  return n;
}

/** Whether the seat still owes a night answer this step. */
export function owesAnswer(state: AnyState, seat: number, owed: number): boolean {
  return answersGiven(state, seat) < owed;
}

/** The seat's night prompt: its own, else a decoy until it has given the answers it owes. */
export function withDecoy(
  state: AnyState,
  seat: SeatState,
  real: Prompt | null,
  owed = 1,
): Prompt | null {
  if (real || !seat.alive || !decoysOn(state) || !owesAnswer(state, seat.seat, owed)) return real;
  const targets = state.seats.filter((s) => s.alive).map((s) => s.seat);
  return { action: DECOY_ACTION, targets, min: 1, max: 1, options: [], until: state.clock.until };
}

/** Answers a decoy: accepted, acknowledged like a real answer, and otherwise ignored. */
export function answerDecoy(
  ruleset: Ruleset,
  g: Game,
  seat: SeatState,
  act: Extract<SeatAction, { kind: "act" }>,
  real: Prompt | null,
): Rejection | null {
  const owed = answersOwed(ruleset);
  const shown = withDecoy(g.state, seat, real, owed);
  // A decoy is thrown away, so any seat of the table will do: one that died since the view
  // was sent (the forum terrorist's attack, mid-night) too. Refused, the answer under way
  // would be sent again, one input more for that seat (issue 28).
  const any = g.state.seats.map((s) => s.seat);
  const bad = checkAct(
    shown && shown.action === DECOY_ACTION ? { ...shown, targets: any } : shown,
    act,
  );
  if (bad) return dropsRefusal(ruleset, g, seat, bad) ? null : bad;
  g.signal(seat.seat, { haptic: "short" });
  return null;
}

/**
 * QUIET-REFUSED-01 (issue 28): a night act the rules refuse while its seat still owes an
 * answer is taken as that answer and dropped. Refused and not counted, the device would
 * answer again: one input more for a seat with a real move (a target the forum terrorist
 * killed mid-night), which the wire would show. So the seat's count of inputs and signals
 * stays what every seat's is; the human still learns why (the error signal, padded like any
 * other) and may act again, an input more by his own choice. For a choice that cannot be
 * skipped (the app's deciding mafioso, APP-OPEN-03; hunt's owed heal) only while the seat
 * owes another answer for it: the night waits for the choice, so a refusal must not use up
 * its last answer. `tryIt` runs the ruleset's handler; it runs first on a copy, so
 * a refused act leaves nothing half done. Returns whether the act was dropped (the caller
 * then counts it as the seat's answer).
 */
export function dropsRefusedAct(
  ruleset: Ruleset,
  g: Game,
  seat: SeatState,
  tryIt: (game: Game, seat: SeatState) => Rejection | null,
): boolean {
  if (!dropsAny(ruleset, g.state, seat)) return false;
  const copy = makeGame(cloneJson(g.state), g.at, null);
  const bad = tryIt(copy, copy.seat(seat.seat));
  return bad !== null && dropsRefusal(ruleset, g, seat, bad);
}

function dropsAny(ruleset: Ruleset, state: GameState, seat: SeatState): boolean {
  const owed = answersOwed(ruleset);
  if (!seat.alive || !decoysOn(state) || !owesAnswer(state, seat.seat, owed)) return false;
  if (!ruleset.mayDecline || ruleset.mayDecline(state, seat)) return true;
  // A choice the night waits for (hunt's owed heal): the refusal counts only if an answer
  // is left for the choice itself, so the seat still sends no more inputs than any other.
  return answersGiven(state, seat.seat) + 1 < owed;
}

/**
 * Signals the refusal as an error and says whether it counts as an answer (see above): for
 * a refusal known without trying the act (the core's check, act.ts), so no copy is needed.
 */
export function dropsRefusal(ruleset: Ruleset, g: Game, seat: SeatState, bad: Rejection): boolean {
  if (!dropsAny(ruleset, g.state, seat)) return false;
  g.signal(seat.seat, { error: bad.code, haptic: "long" });
  return true;
}

/** A night answer was accepted: every living seat's view changes; it counts against what the seat owes. */
export function stir(state: AnyState, seat: number): void {
  if (!decoysOn(state)) return;
  state.quiet.stir += 1;
  state.quiet.answered.push(seat);
}

/**
 * At night a seat with an open prompt that still owes an answer may answer "nothing
 * tonight"; else the ruleset says. QUIET-REQUIRED-01: also for a move the night waits for
 * (hunt's owed heal and missing shot, the app's deciding mafioso): there "nothing" is
 * counted as an answer and skips nothing (the move stays owed, the prompt `required`), so an
 * idle device fills as many answers at the common moment as every other seat's
 * (QUIET-FILL-01), and only the seat that makes such a move later shows an input more.
 */
export function passMeaning(
  ruleset: Ruleset,
  state: GameState,
  seat: SeatState,
  prompt: Prompt | null,
): string | null {
  if (decoysOn(state))
    return prompt && owesAnswer(state, seat.seat, answersOwed(ruleset)) ? "nothing" : null;
  return ruleset.passMeaning?.(state, seat) ?? null;
}
