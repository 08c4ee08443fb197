/**
 * Start-up (or a takeover): the table's newest game from its journal store, replayed,
 * honouring the host's corrections (hub/table/history.ts). A record that was accepted once and is refused now
 * stops the hub: resuming would append to a game that is not the one played.
 */
import type { GameState } from "../engine/index.js";
import { JournalCorrupt } from "../journal/journal.js";
import type { JournalStore, StoredGame } from "../journal/journal-store.js";
import type { Logger } from "../process/logger.js";
import { GameHistory } from "./history.js";
import { prepareGame } from "./setup.js";

export interface ResumedGame extends StoredGame {
  history: GameHistory;
  state: GameState;
}

export async function resumeNewestGame(
  store: JournalStore,
  log: Logger,
): Promise<ResumedGame | null> {
  const stored = await store.newest(log);
  if (!stored) return null;
  const { path, contents } = stored;
  const created = prepareGame(contents.header.config);
  if (!created.ok)
    throw new Error(`${path}: the header no longer makes a game: ${created.message}`);
  const history = new GameHistory(created.state, contents.records);
  const replayed = history.replay();
  if (!replayed.ok) {
    const { record, rejection } = replayed;
    const line = record.n + 1;
    log.error(
      { event: "replay.rejected", path, line, input: record.input, rejection },
      "journaled input rejected on replay",
    );
    throw new JournalCorrupt(
      `${path}: line ${line} was accepted once and is rejected on replay (${rejection.code}); the journal needs a person to look`,
    );
  }
  return { ...stored, history, state: replayed.state };
}

/**
 * Whether a running game's step would have ended by its timer while the hub was down (so
 * the table pauses it instead). Without autoAdvance no step ends by its timer, so an outage
 * ends nothing either.
 */
export function overdueAfterOutage(s: GameState, now: number): boolean {
  if (s.paused || (s.phase !== "day" && s.phase !== "night")) return false;
  if (s.options.autoAdvance === false) return false;
  return s.clock.until !== null && s.clock.until <= now;
}
