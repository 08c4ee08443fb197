/**
 * The status messages (FORUM-SETUP-07..10, FORUM-OPEN-05 a): first every seat, the mafia
 * included, is told the same thing, "you are a citizen" (its own view shows role
 * `citizen`, no allies, and one result `status.citizen`, identical for all); after
 * `statusSeconds` the mafiosi and the special citizens get their true status: result
 * `status.true`, the true role in the view and, for each mafioso but the spy, the other
 * mafiosi but the spy as its `allies` (the core's knowsTeam/knownToTeam). Plain citizens
 * get no second message (FORUM-SETUP-09).
 */
import type { Team } from "../../../../protocol/index.js";
import { forumRole } from "./roles/index.js";
import type { ForumGame, ForumState } from "./state.js";

export const FIRST_STATUS = { role: "citizen", team: "town" as Team };

export function sendFirstStatus(g: ForumGame): void {
  g.state.flow.status = "first";
  for (const s of g.state.seats) s.results.push({ night: 0, key: "status.citizen", seats: [] });
  g.enter("day", "status", g.state.options.statusSeconds);
}

export function sendTrueStatus(g: ForumGame): void {
  g.state.flow.status = "true";
  for (const s of g.state.seats) {
    if (!forumRole(s.role)?.special) continue;
    s.results.push({ night: 0, key: "status.true", seats: [] });
  }
  g.log("status.sent", [], {});
}

/** Until the true status goes out, every seat's own view shows the citizen status. */
export function coverRole(state: ForumState): { role: string; team: Team } | null {
  if (state.phase === "setup" || state.phase === "ended") return null;
  return state.flow.status === "first" ? FIRST_STATUS : null;
}
