/**
 * APP-WIN-01..03 with APP-DISC-03 and APP-OPEN-09: the win is decided from public facts
 * only (the composition, the roles shown so far, who is alive). A player who left without
 * his role being shown could have been on either side: every count of mafia among those
 * players that fits the composition is tried; a winner is declared only when all agree,
 * play goes on when any says "no winner yet", and disagreeing winners make a draw.
 */
import type { Winner } from "../../../../protocol/index.js";
import { endGame } from "../../ruleset.js";
import type { AppGame, AppState } from "./flow.js";
import { appRole } from "./roles/index.js";

function teamOf(role: string | null): "mafia" | "town" | null {
  const def = appRole(role);
  return def ? (def.team === "mafia" ? "mafia" : "town") : null;
}

export function publicOutcome(state: AppState): Winner | null {
  const mafiaTotal = state.options.mafia as number;
  const townTotal = state.seats.length - mafiaTotal;
  let shownMafia = 0;
  let shownTown = 0;
  let unknown = 0;
  for (const s of state.seats) {
    if (s.alive) continue;
    // APP-OPEN-05 (b) hides a night victim's role, but the rules (APP-OPEN-04) let the
    // mafia attack only non-mafia: his team is public all the same.
    const hiddenVictim =
      s.out === "killed" && s.shownRole === null && !state.options.mafiaTargetsOwn;
    const team = hiddenVictim ? "town" : teamOf(s.shownRole);
    if (team === "mafia") shownMafia++;
    else if (team === "town") shownTown++;
    else unknown++;
  }
  const outcomes = new Set<Winner | null>();
  for (let k = 0; k <= unknown; k++) {
    const livingMafia = mafiaTotal - shownMafia - k;
    const livingTown = townTotal - shownTown - (unknown - k);
    if (livingMafia < 0 || livingTown < 0) continue;
    outcomes.add(livingMafia === 0 ? "town" : livingMafia >= livingTown ? "mafia" : null);
  }
  if (outcomes.has(null) || outcomes.size === 0) return null;
  return outcomes.size === 1 ? ([...outcomes][0] as Winner) : "draw";
}

/** Runs after every elimination; returns true when the game has ended. */
export function checkAppWin(g: AppGame): boolean {
  const winner = publicOutcome(g.state);
  if (!winner) return false;
  endGame(g, winner);
  return true;
}
