/**
 * Log records about a whole game, for whoever follows a venue's hub through its JSON logs
 * (a dashboard, a results sheet): which game ended and who won. The game is named as the
 * record route names it (`game-0001`), from its journal's path on disk or its Redis key.
 */
import type { GameState } from "../engine/index.js";

/** `game-NNNN` from `…/t1/game-0001.jsonl` or a Redis key `…:game:0001`; else the path. */
export function gameName(path: string): string {
  const m = /game[-:](\d{4,})(?:\.jsonl)?$/.exec(path);
  return m ? `game-${m[1]}` : path;
}

/** The `game.ended` record, when `after` ended the game `before` was still playing. */
export function gameEndedRecord(
  before: GameState | null,
  after: GameState,
  journalPath: string | null,
): Record<string, unknown> | null {
  if (after.phase !== "ended" || before?.phase === "ended") return null;
  return {
    event: "game.ended",
    game: journalPath ? gameName(journalPath) : null,
    ruleset: after.ruleset,
    winner: after.winner,
    round: after.round,
    rev: after.rev,
  };
}
