/**
 * Counting the living by their true teams: the win checks (HUNT-WIN-01/02 with HUNT-OPEN-01
 * and HUNT-OPEN-02) and the end of the hunt right (HUNT-HUNT-13/14, HUNT-OPEN-10).
 */
import type { Winner } from "../../../../protocol/index.js";
import { endGame } from "../../ruleset.js";
import type { SeatState } from "../../types.js";
import type { HuntGame, HuntState } from "./flow.js";

export interface Living {
  /** Civilians, the Doctor included ("мирные"). */
  town: number;
  mafia: number;
  /** Living Maniacs: one by the host's deal, more where a table is dealt by hand (HUNT-MANY). */
  maniacs: number;
  total: number;
}

export function livingCounts(state: HuntState): Living {
  const c: Living = { town: 0, mafia: 0, maniacs: 0, total: 0 };
  for (const s of state.seats) {
    if (!s.alive) continue;
    c.total += 1;
    if (s.team === "town") c.town += 1;
    else if (s.team === "mafia") c.mafia += 1;
    else if (s.team === "maniac") c.maniacs += 1;
  }
  return c;
}

/**
 * HUNT-OPEN-02, checked in this order after the whole night and after each day elimination:
 * nobody alive → draw; the Maniac with at most one other player → the Maniac; no mafia (and,
 * by HUNT-OPEN-01 a, no Maniac) → the town; the mafia's parity (reading c by default) → the mafia.
 */
export function huntOutcome(state: HuntState): Winner | null {
  const o = state.options;
  const c = livingCounts(state);
  if (c.total === 0) return "draw";
  // "One on one" (HUNT-WIN-02); a Maniac left alone has outlived everyone, so he wins too.
  if (c.maniacs > 0 && c.total <= 2) return "maniac";
  if (c.mafia === 0 && (o.townWins === "allMafia" || c.maniacs === 0)) return "town";
  if (c.mafia === 0) return null;
  // Each living Maniac is one more opponent of the mafia, not all of them one (HUNT-MANY-05).
  const opponents = o.mafiaWins === "maniacCounts" ? c.town + c.maniacs : c.town;
  if (o.mafiaWins === "maniacDead" && c.maniacs > 0) return null;
  return c.mafia >= opponents ? "mafia" : null;
}

/** Ends the game if someone has won; returns true when it did. */
export function checkHuntWin(g: HuntGame): boolean {
  const winner = huntOutcome(g.state);
  if (!winner) return false;
  endGame(g, winner);
  return true;
}

/** HUNT-HUNT-13/14, HUNT-OPEN-10: whether a living civilian may still apply to hunt. */
export function hasHuntRight(state: HuntState, seat: SeatState): boolean {
  if (!seat.alive || seat.team !== "town") return false; // HUNT-HUNT-15
  const c = livingCounts(state);
  if (c.town <= 1) return false; // HUNT-HUNT-14: a lone civilian
  const opponents = c.mafia + c.maniacs;
  if (state.options.huntBalance === "ratio") return c.town > 2 * opponents;
  return !(c.town === 2 && opponents === 1);
}
