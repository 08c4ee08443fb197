/**
 * The journal: one append-only JSON-lines file per game, `{dataDir}/{table}/game-NNNN.jsonl`.
 * Line 1 is the header (the GameConfig the game was created from, plus what deduplication
 * needs to carry over from the previous game); every further line is one accepted input.
 * A record is written and fsynced before anyone is told it happened (PUBACK, views, host
 * reply), so the file is the truth and a replay reproduces the state exactly.
 *
 * Integrity (issues 10 and 28): every line carries a running hash chained from the header
 * (journal-format.ts), and `game-NNNN.jsonl.tail` beside the file holds the newest synced
 * record's `n` and hash (journal-tail.ts), so a deleted last line is found too. Damage
 * anywhere stops the hub with the file and the line; only a torn last line (no newline: it
 * never reached fsync, so nobody was told of it) is dropped.
 * Files are created 0600 in 0700 folders: they hold the deal's seed and every night choice.
 */

import { writeSync } from "node:fs";
import {
  chmod,
  type FileHandle,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  truncate,
} from "node:fs/promises";
import { join } from "node:path";
import type { EngineInput } from "../engine/index.js";
import {
  CHAIN_START,
  type ChainEnd,
  chainLine,
  type InputSource,
  type JournalContents,
  type JournalHeader,
  type JournalRecord,
  parseJournalLines,
} from "./journal-format.js";
import { readTail, TailWriter, writeTail } from "./journal-tail.js";

export {
  type ChainEnd,
  chainLine,
  type InputSource,
  JOURNAL_VERSION,
  type JournalContents,
  JournalCorrupt,
  type JournalHeader,
  JournalOldVersion,
  type JournalRecord,
  parseJournalLines,
} from "./journal-format.js";

/** Replaces the fsync, for tests that must hold a record "not yet on disk". */
export type SyncHook = (fh: FileHandle, path: string) => Promise<void>;

const FILE_RE = /^game-(\d{4,})\.jsonl$/;

interface Batch {
  end: ChainEnd;
  done: Promise<void>;
  settle: (err?: Error) => void;
}

export class Journal {
  private nextN: number;
  /** The running hash of the newest line handed to the writer. */
  private hash: string;
  private closed = false;
  private readonly tail: TailWriter;

  private constructor(
    readonly path: string,
    private readonly fh: FileHandle,
    end: ChainEnd,
    private readonly sync: SyncHook,
  ) {
    this.nextN = end.n + 1;
    this.hash = end.h;
    this.tail = new TailWriter(path);
  }

  /** Starts the next game file of a table directory with its header, durably. */
  static async create(dir: string, header: JournalHeader, sync?: SyncHook): Promise<Journal> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const files = await listGames(dir);
    const last = files.at(-1);
    const index = last ? Number(FILE_RE.exec(last)?.[1]) + 1 : 1;
    const path = join(dir, `game-${String(index).padStart(4, "0")}.jsonl`);
    // The tail file first: a game file never exists without one (a crash in between leaves
    // only a tail file, which the next create of this index overwrites).
    const { line, h } = chainLine(CHAIN_START, JSON.stringify(header));
    await writeTail(path, { n: 0, h });
    const fh = await open(path, "wx", 0o600);
    const journal = new Journal(path, fh, { n: 0, h: CHAIN_START }, sync ?? defaultSync);
    await journal.enqueue(line, { n: 0, h });
    journal.hash = h;
    await syncDir(dir); // the new file's name must survive a power cut too
    return journal;
  }

  /** Reopens an existing game file for appending after its replay, where its chain ends. */
  static async reopen(path: string, end: ChainEnd, sync?: SyncHook): Promise<Journal> {
    await chmod(path, 0o600); // files of older hubs were 0644
    const fh = await open(path, "a");
    return new Journal(path, fh, end, sync ?? defaultSync);
  }

  /**
   * Appends one accepted input; resolves once it is on disk. The record is numbered and
   * written to the file at once; records written while an fsync is under way are synced
   * together by the next one (group commit), in order, so a record is durable only when
   * every record before it is. After a failed write or fsync the journal takes nothing more
   * (what reached the disk is unknown; a restart replays what did).
   */
  async append(input: EngineInput, src?: InputSource): Promise<JournalRecord> {
    const record = this.add(input, src);
    await this.last;
    return record;
  }

  /** The same without waiting: the record is on its way to the disk, see durable(). */
  add(input: EngineInput, src?: InputSource): JournalRecord {
    if (this.closed) throw new Error(`journal ${this.path} is closed`);
    if (this.failed) throw new Error(`journal ${this.path} failed: ${this.failed.message}`);
    const record: JournalRecord = { type: "input", n: this.nextN, input };
    if (src) record.src = src;
    const { line, h } = chainLine(this.hash, JSON.stringify(record));
    void this.enqueue(line, { n: record.n, h });
    this.hash = h;
    this.nextN++;
    return record;
  }

  /** Resolves once every record appended so far is on disk (rejects if one failed). */
  durable(): Promise<void> {
    return this.last;
  }

  /** Records written to the file and not yet covered by an fsync under way. */
  private batch: Batch | null = null;
  private syncing = false;
  private failed: Error | null = null;
  private last: Promise<void> = Promise.resolve();

  private enqueue(line: string, end: ChainEnd): Promise<void> {
    if (!this.batch) {
      let settle: (err?: Error) => void = () => undefined;
      const done = new Promise<void>((resolve, reject) => {
        settle = (err) => (err ? reject(err) : resolve());
      });
      done.catch(() => undefined); // its waiters see the error; nobody may be waiting
      this.batch = { end, done, settle };
    }
    const batch = this.batch;
    batch.end = end;
    this.last = batch.done;
    // Written at once, on this thread: an append to the page cache takes microseconds, while
    // a trip to libuv's pool costs a turn of a busy event loop before the fsync can even
    // start, and that turn was most of an input's wait at 200 tables (docs/BENCHMARKS.md).
    this.writeNow(`${line}\n`); // add() takes nothing once the journal failed
    void this.syncBatches(); // starts an fsync at once when none is under way
    return batch.done;
  }

  private writeNow(text: string): void {
    try {
      const bytes = Buffer.from(text); // encoded once, for the write and its length check
      const wrote = writeSync(this.fh.fd, bytes);
      if (wrote !== bytes.length) throw new Error(`short write: ${wrote} of ${bytes.length} bytes`);
    } catch (err) {
      this.failed = err as Error;
    }
  }

  /** Syncs the records written so far, then those written meanwhile, until none is left. */
  private async syncBatches(): Promise<void> {
    if (this.syncing) return;
    this.syncing = true;
    while (this.batch) {
      const batch = this.batch;
      this.batch = null;
      if (this.failed) {
        batch.settle(this.failed);
        continue;
      }
      try {
        await this.sync(this.fh, this.path);
        batch.settle();
        // Off the acknowledgement's path: the tail file may lag the journal, never lead it.
        if (batch.end.n > 0) this.tail.update(batch.end);
      } catch (err) {
        this.failed = err as Error;
        batch.settle(this.failed);
      }
    }
    this.syncing = false;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.last.catch(() => undefined);
    this.closed = true;
    await this.tail.close();
    await this.fh.close();
  }
}

async function defaultSync(fh: FileHandle): Promise<void> {
  await fh.datasync();
}

export async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, "r");
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Game files of a table directory, oldest first. */
export async function listGames(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  return names.filter((n) => FILE_RE.test(n)).sort();
}

/**
 * Reads a game file. A torn last line (no newline: a write cut short before its fsync, so
 * nobody was told of it) is dropped and cut off the file so that appends continue cleanly.
 * Every complete line must be right, and the file must reach the record its tail file names:
 * anything else is damage and throws, since guessing would lose inputs silently. Returns
 * null when not even the header was written completely.
 */
export async function readJournal(path: string): Promise<JournalContents | null> {
  const text = await readFile(path, "utf8");
  const lines = text.split("\n");
  const tail = lines.pop() ?? ""; // "" when the file ends with a newline, as it should
  let dropped: string | null = null;
  if (tail.length > 0) {
    dropped = `incomplete last line ${lines.length + 1} (${Buffer.byteLength(tail)} bytes, no newline)`;
    await truncate(path, Buffer.byteLength(text) - Buffer.byteLength(tail));
  }
  if (lines.length === 0) return null;
  const reaches = await readTail(path).catch((err: Error) => {
    parseJournalLines(path, lines); // a journal of another version says so first
    throw err;
  });
  return { ...parseJournalLines(path, lines, reaches), dropped };
}

/** Moves a file aside (e.g. a game whose header never reached the disk) without deleting it. */
export async function setAside(path: string, why: string): Promise<string> {
  const to = `${path}.${why}`;
  await rename(path, to);
  return to;
}
