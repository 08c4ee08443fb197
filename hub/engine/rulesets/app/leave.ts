/**
 * Leaving the game: by the night's attack, the day's vote, the host's removal, or a lost
 * connection (APP-DISC-01..04, APP-OPEN-17). Only a disconnect keeps the role hidden.
 */
import type { SeatState } from "../../types.js";
import type { AppGame } from "./flow.js";
import { appRole } from "./roles/index.js";
import { checkAppWin } from "./win.js";

export type AppOut = "killed" | "voted" | "removed" | "disconnected";

/** Takes the seat out; returns true when the game ended with it. */
export function eliminate(g: AppGame, seat: SeatState, out: AppOut): boolean {
  const o = g.state.options;
  const flow = g.state.flow;
  seat.alive = false;
  seat.out = out;
  const shown = out === "disconnected" ? false : out === "killed" ? o.revealNightRole : true;
  if (shown) seat.shownRole = seat.role;
  const key = String(seat.seat);
  delete flow.offline[key];
  // APP-OPEN-17: his pending choices are void, and so are the votes cast for him.
  delete flow.votes[key];
  for (const [voter, target] of Object.entries(flow.votes)) {
    if (target === seat.seat) delete flow.votes[voter];
  }
  flow.ready = flow.ready.filter((s) => s !== seat.seat);
  if (flow.night) {
    delete flow.night.proposals[key];
    for (const [proposer, target] of Object.entries(flow.night.proposals)) {
      if (target === seat.seat) delete flow.night.proposals[proposer];
    }
    if (flow.night.heal === seat.seat || appRole(seat.role)?.night === "heal")
      flow.night.heal = null;
  }
  return checkAppWin(g);
}
