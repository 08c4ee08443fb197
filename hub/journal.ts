/**
 * The journal: one append-only JSON-lines file per game, `{dataDir}/{table}/game-NNNN.jsonl`.
 * Line 1 is the header (the GameConfig the game was created from, plus what deduplication
 * needs to carry over from the previous game); every further line is one accepted input.
 * A record is written and fsynced before anyone is told it happened (PUBACK, views, host
 * reply), so the file is the truth and a replay reproduces the state exactly.
 *
 * Integrity (issue 10): every line of a version-2 file ends with `"c":"<8 hex>"`, the first
 * 8 hex digits of the SHA-256 of the line without that field; records are numbered 1, 2, 3
 * ... without gaps. A bad checksum, a gap or a repeat anywhere (not a torn last line) stops
 * the hub with the file and the line. Version-1 files (no checksums) stay readable.
 * Files are created 0600 in 0700 folders: they hold the deal's seed and every night choice.
 */
import { createHash } from "node:crypto";
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
import type { EngineInput, GameConfig } from "./engine/index.js";

export const JOURNAL_VERSION = 2;

export interface JournalHeader {
  type: "header";
  /** 2: every line carries its checksum `c`; 1: older files without checksums. */
  v: 1 | 2;
  config: GameConfig;
  /** The host command id of the `setup` that created the game (null for the default game). */
  setupId: string | null;
  /** Highest applied seq per `seat:boot` when the game began, so re-sends stay duplicates. */
  seen: Record<string, number>;
  /**
   * Per `seat:boot`, the seqs below its `seen` (within hub/dedupe.ts's window) that were NOT
   * applied when the game began: an input overtaken by a later one in a failover is still
   * taken when it is re-sent. Absent when there is none (and in older files).
   */
  seenGaps?: Record<string, number[]>;
  /** Recently applied host command ids, for the same reason. */
  hostIds: string[];
}

/** Where an input came from, so duplicates are recognised after a restart too. */
export type InputSource = { seat: number; boot: string; seq: number } | { host: string };

export interface JournalRecord {
  type: "input";
  /** Record number, 1-based: for people reading the file. */
  n: number;
  input: EngineInput;
  src?: InputSource;
}

export interface JournalContents {
  header: JournalHeader;
  records: JournalRecord[];
  /** A description of the torn tail that was dropped, or null. */
  dropped: string | null;
}

/** Replaces the fsync, for tests that must hold a record "not yet on disk". */
export type SyncHook = (fh: FileHandle, path: string) => Promise<void>;

const FILE_RE = /^game-(\d{4,})\.jsonl$/;

export class JournalCorrupt extends Error {}

export class Journal {
  private nextN: number;
  private closed = false;
  /** Version-1 files are continued as they were written: without checksums. */
  private checksums = true;

  private constructor(
    readonly path: string,
    private readonly fh: FileHandle,
    records: number,
    private readonly sync: SyncHook,
  ) {
    this.nextN = records + 1;
  }

  /** Starts the next game file of a table directory with its header, durably. */
  static async create(dir: string, header: JournalHeader, sync?: SyncHook): Promise<Journal> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const files = await listGames(dir);
    const last = files.at(-1);
    const index = last ? Number(FILE_RE.exec(last)?.[1]) + 1 : 1;
    const path = join(dir, `game-${String(index).padStart(4, "0")}.jsonl`);
    const fh = await open(path, "wx", 0o600);
    const journal = new Journal(path, fh, 0, sync ?? defaultSync);
    await journal.writeLine(header);
    await syncDir(dir); // the new file's name must survive a power cut too
    return journal;
  }

  /** Reopens an existing game file for appending after its replay. */
  static async reopen(
    path: string,
    records: number,
    version: JournalHeader["v"],
    sync?: SyncHook,
  ): Promise<Journal> {
    await chmod(path, 0o600); // files of older hubs were 0644
    const fh = await open(path, "a");
    const journal = new Journal(path, fh, records, sync ?? defaultSync);
    journal.checksums = version >= 2;
    return journal;
  }

  /**
   * Appends one accepted input; resolves once it is on disk. The record is numbered at
   * once, and appends made while a batch is being written go together into the next one:
   * one write and one fsync per batch (group commit), in order, so a record is durable
   * only when every record before it is. After a failed write or fsync the journal takes
   * nothing more (what reached the disk is unknown; a restart replays what did).
   */
  async append(input: EngineInput, src?: InputSource): Promise<JournalRecord> {
    const record = this.add(input, src);
    await this.last;
    return record;
  }

  /** The same without waiting: the record is on its way to the disk, see durable(). */
  add(input: EngineInput, src?: InputSource): JournalRecord {
    const record: JournalRecord = { type: "input", n: this.nextN, input };
    if (src) record.src = src;
    this.enqueueLine(record);
    this.nextN++;
    return record;
  }

  /** Resolves once every record appended so far is on disk (rejects if one failed). */
  durable(): Promise<void> {
    return this.last;
  }

  private batch: { lines: string[]; done: Promise<void>; settle: (err?: Error) => void } | null =
    null;
  private writing = false;
  private failed: Error | null = null;
  private last: Promise<void> = Promise.resolve();

  private enqueueLine(value: unknown): Promise<void> {
    if (this.closed) throw new Error(`journal ${this.path} is closed`);
    if (this.failed) throw new Error(`journal ${this.path} failed: ${this.failed.message}`);
    const json = JSON.stringify(value);
    if (!this.batch) {
      let settle: (err?: Error) => void = () => undefined;
      const done = new Promise<void>((resolve, reject) => {
        settle = (err) => (err ? reject(err) : resolve());
      });
      done.catch(() => undefined); // its waiters see the error; nobody may be waiting
      this.batch = { lines: [], done, settle };
    }
    const { lines, done } = this.batch;
    lines.push(`${this.checksums ? withChecksum(json) : json}\n`);
    this.last = done;
    void this.writeBatches(); // takes the batch at once when no write is under way
    return done;
  }

  /** Writes the waiting batch, then the one that gathered meanwhile, until none is left. */
  private async writeBatches(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    while (this.batch) {
      const batch = this.batch;
      this.batch = null;
      if (this.failed) {
        batch.settle(this.failed);
        continue;
      }
      try {
        await this.fh.write(batch.lines.join(""));
        await this.sync(this.fh, this.path);
        batch.settle();
      } catch (err) {
        this.failed = err as Error;
        batch.settle(this.failed);
      }
    }
    this.writing = false;
  }

  private async writeLine(value: unknown): Promise<void> {
    await this.enqueueLine(value);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.last.catch(() => undefined);
    this.closed = true;
    await this.fh.close();
  }
}

/** The first 8 hex digits of the SHA-256 of a line's JSON without its `c` field. */
function checksumOf(json: string): string {
  return createHash("sha256").update(json).digest("hex").slice(0, 8);
}

/** `{...}` → `{...,"c":"<checksum of {...}>"}`. */
export function withChecksum(json: string): string {
  return `${json.slice(0, -1)},"c":"${checksumOf(json)}"}`;
}

const CHECKSUM_RE = /^(.*),"c":"([0-9a-f]{8})"\}$/;

/** The line's JSON without its checksum if the checksum is right, else null. */
function verifiedBody(line: string): string | null {
  const m = CHECKSUM_RE.exec(line);
  if (!m) return null;
  const body = `${m[1]}}`;
  return checksumOf(body) === m[2] ? body : null;
}

async function defaultSync(fh: FileHandle): Promise<void> {
  await fh.datasync();
}

async function syncDir(dir: string): Promise<void> {
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
 * Reads a game file. A torn last line (no newline, or not JSON: a write cut short by a
 * power cut) is dropped and cut off the file so that appends continue cleanly. Anything
 * wrong before the last line is real corruption and throws: guessing would lose inputs
 * silently. Returns null when not even the header was written completely.
 */
export async function readJournal(path: string): Promise<JournalContents | null> {
  const text = await readFile(path, "utf8");
  const lines = text.split("\n");
  const tail = lines.pop() ?? ""; // "" when the file ends with a newline, as it should
  let dropped: string | null = null;
  let goodBytes = Buffer.byteLength(text) - Buffer.byteLength(tail);
  if (tail.length > 0)
    dropped = `incomplete last line (${Buffer.byteLength(tail)} bytes, no newline)`;
  const last = lines.at(-1);
  if (dropped === null && last !== undefined && !isJson(last)) {
    dropped = `unreadable last line ${lines.length} (${Buffer.byteLength(last)} bytes)`;
    goodBytes -= Buffer.byteLength(last) + 1;
    lines.pop();
  }
  if (dropped !== null) await truncate(path, goodBytes);
  if (lines.length === 0) return null;
  return { ...parseJournalLines(path, lines), dropped };
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks and parses a game's lines (header first), wherever they were stored: every line
 * JSON, checksums right (version 2), records numbered 1, 2, 3 ... Anything wrong throws
 * JournalCorrupt naming `where` and the line.
 */
export function parseJournalLines(
  where: string,
  lines: readonly string[],
): Pick<JournalContents, "header" | "records"> {
  const corrupt = (line: number, what: string) =>
    new JournalCorrupt(`${where}: line ${line} ${what}; the journal needs a person to look`);
  const values = lines.map((line, i) => {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      throw corrupt(i + 1, "is not JSON");
    }
  });
  const [header, ...rest] = values;
  if (!isHeader(header)) throw new JournalCorrupt(`${where}: line 1 is not a journal header`);
  const checked = header.v >= 2;
  delete (header as { c?: string }).c;
  if (checked && verifiedBody(lines[0] as string) === null) throw corrupt(1, "fails its checksum");
  const records: JournalRecord[] = [];
  rest.forEach((r, i) => {
    const line = i + 2;
    if (!isRecord(r)) throw corrupt(line, "is not an input record");
    if (checked && verifiedBody(lines[i + 1] as string) === null)
      throw corrupt(line, "fails its checksum");
    if (r.n !== i + 1)
      throw corrupt(line, `has record number ${r.n} where ${i + 1} belongs (a gap or a repeat)`);
    delete (r as { c?: string }).c;
    records.push(r);
  });
  return { header, records };
}

/** Moves a file aside (e.g. a game whose header never reached the disk) without deleting it. */
export async function setAside(path: string, why: string): Promise<string> {
  const to = `${path}.${why}`;
  await rename(path, to);
  return to;
}

function isHeader(v: unknown): v is JournalHeader {
  const h = v as JournalHeader | null;
  return typeof h === "object" && h !== null && h.type === "header" && typeof h.config === "object";
}

function isRecord(v: unknown): v is JournalRecord {
  const r = v as JournalRecord | null;
  return typeof r === "object" && r !== null && r.type === "input" && typeof r.input === "object";
}
