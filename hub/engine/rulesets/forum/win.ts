/**
 * FORUM-WIN-01..05, FORUM-OPEN-16: checked at once after every moment of deaths
 * ("sobald"), counting the living by party; the spy, the liar, the terrorist and the
 * insider are mafiosi (FORUM-OPEN-05 a). Every member of the winning party wins, dead or
 * alive, except the disqualified (FORUM-OPEN-16): `credited` lists who is credited.
 */
import type { Winner } from "../../../../protocol/index.js";
import { endGame } from "../../ruleset.js";
import { forumRole } from "./roles/index.js";
import type { ForumGame, ForumState } from "./state.js";

export function livingParties(state: ForumState): { town: number; mafia: number } {
  const c = { town: 0, mafia: 0 };
  for (const s of state.seats) {
    const party = forumRole(s.role)?.party;
    if (s.alive && party) c[party] += 1;
  }
  return c;
}

export function forumOutcome(state: ForumState): Winner | null {
  const c = livingParties(state);
  if (c.town === 0 && c.mafia === 0) return state.options.bothWipedOut;
  if (c.mafia === 0) return "town"; // FORUM-WIN-01
  if (c.town < c.mafia || c.town === 0) return "mafia"; // FORUM-WIN-02; equality plays on (WIN-04)
  return null;
}

/** The seats credited with the win: the winning party's members, dead or alive, not disqualified. */
export function credited(state: ForumState): number[] {
  const w = state.winner;
  if (w !== "town" && w !== "mafia") return [];
  const dq = state.flow.disqualified;
  return state.seats
    .filter((s) => forumRole(s.role)?.party === w && !dq.includes(s.seat))
    .map((s) => s.seat);
}

/** Ends the game if a party has won; returns true when it did. */
export function checkForumWin(g: ForumGame): boolean {
  const winner = forumOutcome(g.state);
  if (!winner) return false;
  endGame(g, winner);
  return true;
}
