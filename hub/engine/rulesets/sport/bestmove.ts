/**
 * The best move (FIIM scoring): the player killed on the first night names up to three
 * seats he believes black, during his last word. The host enters the guess; it is taken
 * once, only from that player and only while he speaks. Rules never read it: it is kept
 * for the record and its points.
 */
import { reject } from "../../ruleset.js";
import type { Rejection, SeatState } from "../../types.js";
import { sportOf } from "./context.js";
import type { SportGame } from "./flow.js";

export function bestMove(g: SportGame, seat: SeatState, guess: number[]): Rejection | null {
  const state = g.state;
  const { flow } = sportOf(g);
  const firstVictim =
    state.round === 1 &&
    seat.out === "killed" &&
    state.step === "lastword" &&
    state.phase === "day";
  if (!firstVictim || state.speaker !== seat.seat)
    return reject("wrong_step", "only the first night's victim, during his last word");
  if (flow.bestMove) return reject("already_acted", "the best move is already recorded");
  if (new Set(guess).size !== guess.length) return reject("bad_target", "a seat named twice");
  for (const n of guess) {
    if (n === seat.seat || !state.seats[n - 1])
      return reject("bad_target", `seat ${n} cannot be named in the best move`);
  }
  flow.bestMove = { seat: seat.seat, guess: [...guess] };
  return null;
}
