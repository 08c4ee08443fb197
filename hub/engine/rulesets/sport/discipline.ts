/**
 * Leaving the table: elimination of any kind, the win check that follows every one
 * (SPORT-OPEN-13), fouls (SPORT-FOUL-01..14) and removals (provocation, peeking, 4 fouls,
 * the host's decision; SPORT-OPEN-07).
 */

import { endGame, reject } from "../../ruleset.js";
import type { Rejection, SeatState } from "../../types.js";
import { sportOf } from "./context.js";
import type { SportGame } from "./flow.js";
import { phases } from "./phases.js";
import { dropTurns, endTurnIfSpeaking } from "./speaking.js";

/** SPORT-FOUL-01..10 plus OTHER (SPORT-OPEN-06), as cause codes. */
export const FOUL_CAUSES = [
  "out_of_turn",
  "after_thanks",
  "honestly",
  "swearing",
  "percent",
  "money",
  "agitation",
  "artificial",
  "religion",
  "insult",
  "other",
] as const;

export type RemovalCause = "provocation" | "peeking" | "fouls" | "host";

/** SPORT-WIN-01/02 with SPORT-OPEN-13: returns true when the game has ended. */
export function checkWin(g: SportGame): boolean {
  const { o } = sportOf(g);
  let blacks = 0;
  let reds = 0;
  for (const s of g.state.seats) {
    if (!s.alive) continue;
    if (s.team === "mafia") blacks++;
    else reds++;
  }
  if (blacks === 0) {
    endGame(g, "town");
    return true;
  }
  if (o.blackWins === "atLeast" ? blacks >= reds : blacks === reds) {
    endGame(g, "mafia");
    return true;
  }
  return false;
}

/** Takes a seat out of play; the caller decides what happens to the running step. */
export function markOut(g: SportGame, seat: SeatState, out: "killed" | "voted" | "removed"): void {
  const { o } = sportOf(g);
  seat.alive = false;
  seat.out = out;
  if (o.revealOnElimination) seat.shownRole = seat.role;
}

/** SPORT-VOTE-04, SPORT-FOUL-14/15/16, host removal: immediate, no last word by default. */
export function removeSeat(
  g: SportGame,
  seat: SeatState,
  cause: RemovalCause,
  reason?: string,
): void {
  const { flow, o } = sportOf(g);
  g.log("removed", [seat.seat], { cause, reason: reason ?? null });
  markOut(g, seat, "removed");
  if (checkWin(g)) return;
  if (o.removalLastWord) flow.owedLastWords.push(seat.seat);
  // Order matters: the vote first (the removed seat may be the nominee being counted),
  // then the speaking queue.
  if (phases().afterRemovalInVote(g, seat.seat)) return;
  dropTurns(g, seat.seat);
  endTurnIfSpeaking(g, seat.seat);
}

export function foul(g: SportGame, seat: SeatState, cause: string | undefined): Rejection | null {
  const code = cause ?? "other";
  if (!(FOUL_CAUSES as readonly string[]).includes(code)) {
    return reject("bad_cause", `foul causes: ${FOUL_CAUSES.join(", ")}`);
  }
  const { flow, o } = sportOf(g);
  const state = g.state;
  seat.fouls += 1;
  const marks = flow.fouls[String(seat.seat)] ?? [];
  flow.fouls[String(seat.seat)] = [...marks, { at: g.at, cause: code }];
  g.log("foul", [seat.seat], { cause: code, fouls: seat.fouls });
  if (seat.fouls >= 4) {
    removeSeat(g, seat, "fouls");
    return null;
  }
  if (seat.fouls === 3) {
    const speaking = state.phase === "day" && state.speaker === seat.seat;
    // "Next round": the next day's speeches (a night n is followed by day n).
    const nextDay = state.phase === "day" ? state.round + 1 : state.round;
    if (!speaking || o.thirdFoulInSpeech === "endAndLoseNext") {
      flow.silenced[String(seat.seat)] = nextDay;
      g.log("foul.silenced", [seat.seat], { day: nextDay });
    }
    if (speaking) endTurnIfSpeaking(g, seat.seat); // SPORT-FOUL-13: the speech ends at once
  }
  return null;
}
