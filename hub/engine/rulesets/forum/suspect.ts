/**
 * The insider's guess (FORUM-INS-01/02, FORUM-OPEN-17): once a day, naming any other
 * living player as the detective; answered at once, privately, and only on a hit (the
 * matchmaker is no hit; a dead detective cannot be found). A miss changes nothing but that
 * today's guess is spent.
 */
import type { Prompt } from "../../../../protocol/index.js";
import { reject } from "../../ruleset.js";
import type { OfferedAct, Rejection, SeatState } from "../../types.js";
import { forumRole } from "./roles/index.js";
import type { ForumGame, ForumState } from "./state.js";

export function suspectPrompt(state: ForumState, seat: SeatState): Prompt | null {
  if (!seat.alive || state.paused || state.phase !== "day" || state.step !== "day") return null;
  if (!forumRole(seat.role)?.day.includes("suspect")) return null;
  if (state.flow.suspected >= state.flow.day) return null;
  const targets = state.seats.filter((s) => s.alive && s.seat !== seat.seat).map((s) => s.seat);
  return { action: "suspect", targets, min: 1, max: 1, options: [], until: state.clock.until };
}

/** Why a guess that matches no offer is refused: today's is spent, or it is not the insider's turn. */
export function refuseSuspect(state: ForumState, seat: SeatState): Rejection {
  const spent = forumRole(seat.role)?.day.includes("suspect") && state.step === "day";
  return reject(spent ? "already_acted" : "not_your_turn");
}

/** A guess the core matched to the seat's offer (hub/engine/act.ts). */
export function suspect(g: ForumGame, seat: SeatState, act: OfferedAct): Rejection | null {
  const target = act.targets[0] as number;
  const flow = g.state.flow;
  flow.suspected = flow.day;
  const guessed = g.seat(target);
  if (guessed.role === "detective" && guessed.alive)
    seat.results.push({ night: flow.day, key: "insider.hit", seats: [target] });
  g.signal(seat.seat, { haptic: "short" });
  return null;
}
