/**
 * The sport day and night lead into one another in a loop: speeches end in the vote, the
 * vote in the night, the night in the morning, the morning in speeches. So that the files
 * need not import one another in a circle, the files lower in the loop (speaking,
 * discipline, vote, night) reach the phases above them through this table, which index.ts
 * (the one file that imports them all) fills once when the ruleset is built. Functions
 * only: the table holds no game state.
 */
import type { SportGame } from "./flow.js";

export interface SportPhases {
  /** day.ts */
  morning(g: SportGame): void;
  startSpeeches(g: SportGame): void;
  announceNominees(g: SportGame): void;
  /** night.ts */
  startNight(g: SportGame): void;
  /** vote.ts */
  startRevote(g: SportGame): void;
  afterRemovalInVote(g: SportGame, seat: number): boolean;
}

let table: SportPhases | null = null;

export function definePhases(phases: SportPhases): void {
  table = phases;
}

export function phases(): SportPhases {
  if (!table) throw new Error("sport: phases used before index.ts defined them");
  return table;
}
