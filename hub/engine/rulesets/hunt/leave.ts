/**
 * Leaving the game and what is said about it (HUNT-REVEAL-01..09, HUNT-OPEN-11): night
 * deaths name no killer; the hunt's result is told without the other party; a status is
 * only "civilian" or "mafia", the Maniac shown in full only when the hunt killed him; a
 * day-vote elimination's status waits for the next day.
 */

import type { DeathCause, NightOutcome } from "../../night/resolver.js";
import type { SeatState } from "../../types.js";
import { abilityCards } from "./abilities/index.js";
import type { HuntGame, HuntState } from "./flow.js";
import { huntRole } from "./roles/index.js";

export type HuntOut = "killed" | "hunted" | "voted" | "removed";

/** The status a public announcement gives for this seat (HUNT-REVEAL-06/07/08, HUNT-OPEN-11). */
export function announcedRole(
  state: HuntState,
  seat: SeatState,
  cause: DeathCause | "voted",
): string {
  if (cause === "hunted" && seat.team === "maniac") return "maniac"; // HUNT-REVEAL-07
  if (cause !== "voted" && state.options.nightReveal === "role") {
    return seat.team === "maniac" ? "civilian" : (seat.role ?? "civilian"); // HUNT-REVEAL-06
  }
  return huntRole(seat.role)?.side ?? "civilian";
}

/** Takes the seat out and drops what he had submitted or received tonight. */
export function takeOut(g: HuntGame, seat: SeatState, out: HuntOut): void {
  const flow = g.state.flow;
  seat.alive = false;
  seat.out = out;
  flow.ready = flow.ready.filter((s) => s !== seat.seat);
  const night = flow.night;
  if (!night) return;
  for (const card of abilityCards()) card.drop(night, seat.seat);
}

/**
 * The morning (HUNT-REVEAL-01..05): the hunt's result first (its victim, never the other
 * party), then the shots' victims in seat order, so the order tells nobody whose shot it was.
 */
export function announceNight(g: HuntGame, outcome: NightOutcome): void {
  const hunt = outcome.deaths.filter((d) => d.cause === "hunted" || d.cause === "hunt-failed");
  const shots = outcome.deaths
    .filter((d) => d.cause === "killed")
    .map((d) => d.seat)
    .sort((a, b) => a - b);
  for (const { seat: n, cause } of hunt) {
    const seat = g.seat(n);
    const role = announcedRole(g.state, seat, cause);
    g.log(cause === "hunted" ? "morning.hunt.success" : "morning.hunt.failed", [n], { role });
    seat.shownRole = role;
    takeOut(g, seat, cause === "hunted" ? "hunted" : "killed");
  }
  for (const n of shots) {
    const seat = g.seat(n);
    const role = announcedRole(g.state, seat, "killed");
    g.log("morning.killed", [n], { role });
    seat.shownRole = role;
    takeOut(g, seat, "killed");
  }
  if (outcome.deaths.length === 0) g.log("morning.peaceful", [], { round: g.state.round });
}

/** HUNT-REVEAL-08/09: yesterday's vote's status, "civilian" or "mafia", in the new day. */
export function revealVoted(g: HuntGame): void {
  const flow = g.state.flow;
  for (const n of flow.pendingReveal) {
    const seat = g.seat(n);
    const role = announcedRole(g.state, seat, "voted");
    seat.shownRole = role;
    g.log("day.revealed", [n], { role });
  }
  flow.pendingReveal = [];
}
