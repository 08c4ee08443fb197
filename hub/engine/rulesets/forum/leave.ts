/**
 * Leaving the game, for any reason: the lynch, the night, the terrorist, the host's removal
 * or a disqualification. What a departure shows is FORUM-OPEN-06 (default: party and role)
 * or, for the disqualified, always the status and the special role (FORUM-INACT-04). The
 * dead take no further part (FORUM-DEAD-01): their standing vote is dropped at once.
 */
import type { SeatState } from "../../types.js";
import { NIGHT_HOOK, TEXT_HOOK } from "./hooks.js";
import { forumRole } from "./roles/index.js";
import type { ForumGame, ForumState } from "./state.js";

/** How a seat left: the protocol's words plus the forum's own. */
export type ForumOut = "voted" | "killed" | "attacked" | "removed" | "disqualified";

/**
 * What the table is told of a departed seat's status, as a role id: its role, or its party
 * alone as `citizen` / `mafia`, or nothing.
 */
export function shownStatus(state: ForumState, seat: SeatState, out: ForumOut): string | null {
  const reveal = state.options.revealOnDeath;
  if (out === "disqualified" || reveal === "role") return seat.role;
  if (reveal === "party") return forumRole(seat.role)?.party === "mafia" ? "mafia" : "citizen";
  return null;
}

/** Takes the seat out; the caller has announced why and checks the win after all of a moment's deaths. */
export function takeOut(g: ForumGame, seat: SeatState, out: ForumOut): void {
  if (!seat.alive) return;
  seat.alive = false;
  seat.out = out;
  const flow = g.state.flow;
  delete flow.votes[String(seat.seat)];
  const role = shownStatus(g.state, seat, out);
  if (role !== null) {
    seat.shownRole = role;
    g.log("status.shown", [seat.seat], { role });
  }
  NIGHT_HOOK.left(g, seat);
  TEXT_HOOK.death(g, seat);
}
