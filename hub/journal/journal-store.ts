/**
 * The journal backend seam. A table writes its games through a JournalStore: the local
 * file journal (journal.ts) is the default for one machine; hub/cluster/ adds one on Redis
 * Streams that another hub can read. Whatever the backend, `append` resolves only once the
 * record is durable there, and `newest` hands back the records exactly as they were
 * acknowledged, checked (running hashes, numbering) by parseJournalLines.
 */
import { join } from "node:path";
import type { EngineInput } from "../engine/index.js";
import type { Logger } from "../process/logger.js";
import {
  type InputSource,
  Journal,
  type JournalContents,
  type JournalHeader,
  type JournalRecord,
  listGames,
  readJournal,
  type SyncHook,
  setAside,
} from "./journal.js";

/** One game's journal, open for appending. */
export interface JournalWriter {
  /** Where the game lives (a file path, a Redis key): for logs and people. */
  readonly path: string;
  /** Appends one accepted input; resolves once it is durable, rejects if it is not. */
  append(input: EngineInput, src?: InputSource): Promise<JournalRecord>;
  /** Appends without waiting: numbered at once, durable when durable() says so. */
  add(input: EngineInput, src?: InputSource): JournalRecord;
  /** Resolves once every record added so far is durable; rejects if one failed. */
  durable(): Promise<void>;
  close(): Promise<void>;
}

/** The newest game of a table, read back, and how to go on appending to it. */
export interface StoredGame {
  path: string;
  contents: JournalContents;
  reopen(): Promise<JournalWriter>;
}

/** A table's games in one backend. */
export interface JournalStore {
  /** The newest game that has a header, or null when the table has none. */
  newest(log: Logger): Promise<StoredGame | null>;
  /** Starts the table's next game with its header, durably. */
  create(header: JournalHeader): Promise<JournalWriter>;
}

/** Makes the store of one table. */
export type JournalBackend = (table: string) => JournalStore;

/** The default: `{dataDir}/{table}/game-NNNN.jsonl` (journal.ts). */
export function fileJournals(dataDir: string, sync?: SyncHook): JournalBackend {
  return (table) => {
    const dir = join(dataDir, table);
    return {
      create: (header) => Journal.create(dir, header, sync),
      newest: (log) => newestFile(dir, log, sync),
    };
  };
}

async function newestFile(
  dir: string,
  log: Logger,
  sync: SyncHook | undefined,
): Promise<StoredGame | null> {
  const files = await listGames(dir);
  for (let i = files.length - 1; i >= 0; i--) {
    const path = join(dir, files[i] as string);
    const contents = await readJournal(path);
    if (!contents) {
      const moved = await setAside(path, "empty");
      log.warn(
        { event: "journal.empty", path, moved },
        "a game file without a header was set aside",
      );
      continue;
    }
    if (contents.dropped) {
      log.warn(
        { event: "journal.torn", path, dropped: contents.dropped },
        "torn last record dropped",
      );
    }
    return {
      path,
      contents,
      reopen: () => Journal.reopen(path, contents.end, sync),
    };
  }
  return null;
}
