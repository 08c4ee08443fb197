/**
 * FORUM-INACT-01..05: a seat that does not vote gets a warning at the deadline, and the
 * host may give one for too little play (`warn`, FORUM-INACT-02: his judgement). At
 * `warningsToDisqualify` (3) the seat is out, disqualified, its status and role published
 * (FORUM-INACT-04) whatever FORUM-OPEN-06 says; it is not credited with a win (FORUM-OPEN-16).
 */
import type { SeatState } from "../../types.js";
import { takeOut } from "./leave.js";
import type { ForumGame } from "./state.js";

export function warn(g: ForumGame, seat: SeatState, cause: "novote" | "host"): void {
  if (!seat.alive) return;
  const flow = g.state.flow;
  const key = String(seat.seat);
  const warnings = (flow.warnings[key] ?? 0) + 1;
  flow.warnings[key] = warnings;
  g.log("warned", [seat.seat], { cause, warnings });
  if (warnings < g.state.options.warningsToDisqualify) return;
  g.log("disqualified", [seat.seat], { warnings });
  disqualify(g, seat);
}

/** Out for good, status and role published (FORUM-INACT-04), no share in a win (FORUM-OPEN-16). */
export function disqualify(g: ForumGame, seat: SeatState): void {
  g.state.flow.disqualified.push(seat.seat);
  takeOut(g, seat, "disqualified");
}
