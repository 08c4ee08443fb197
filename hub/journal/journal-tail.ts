/**
 * The tail file beside a game file, `game-NNNN.jsonl.tail`: `{"n":N,"h":"<hash>"}`, the
 * newest record known to be synced and its running hash (journal-format.ts). Deleting the
 * last complete lines of a journal leaves a chain that is still whole; the tail file is what
 * says lines are missing (issue 28).
 *
 * It is rewritten after a batch's fsync, off the acknowledgement's path, and only ever with a
 * record already on disk: so it may lag the journal after a crash (harmless: the journal
 * holds more) but never lead it. A new tail file is written atomically (a temp file synced,
 * then renamed over); a live game's updates overwrite it in place (`TailWriter`).
 */
import { writeSync } from "node:fs";
import { type FileHandle, open, readFile, rename } from "node:fs/promises";
import type { ChainEnd } from "./journal-format.js";
import { JournalCorrupt } from "./journal-format.js";

export const tailPath = (journalPath: string): string => `${journalPath}.tail`;

/**
 * Every tail file is this many bytes, its JSON padded with spaces (which JSON.parse skips):
 * an update is then one write of the same size at offset 0, inside the disk's first sector,
 * which a crash leaves old or new but not torn, and never shorter than what it covers.
 */
export const TAIL_BYTES = 128;

function tailText(end: ChainEnd): string {
  const json = JSON.stringify({ n: end.n, h: end.h });
  if (json.length > TAIL_BYTES) throw new Error(`tail record longer than ${TAIL_BYTES} bytes`);
  return json.padEnd(TAIL_BYTES, " ");
}

/** Writes the tail file durably: temp file, fsync, rename. */
export async function writeTail(journalPath: string, end: ChainEnd): Promise<void> {
  const to = tailPath(journalPath);
  const tmp = `${to}.tmp`;
  const fh = await open(tmp, "w", 0o600);
  try {
    await fh.write(tailText(end));
    await fh.datasync();
  } finally {
    await fh.close();
  }
  await rename(tmp, to);
}

/** The tail file of a journal; a missing or unreadable one is damage, named with the file. */
export async function readTail(journalPath: string): Promise<ChainEnd> {
  const path = tailPath(journalPath);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    throw new JournalCorrupt(
      `${journalPath}: its tail file ${path} is missing, so a deleted last line could not be told; the journal needs a person to look`,
    );
  }
  const tail = safeParse(text) as Partial<ChainEnd> | null;
  if (
    typeof tail?.n !== "number" ||
    !Number.isInteger(tail.n) ||
    tail.n < 0 ||
    typeof tail.h !== "string"
  )
    throw new JournalCorrupt(`${path}: not a tail file; the journal needs a person to look`);
  return { n: tail.n, h: tail.h };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Keeps a journal's tail file up to date without holding anyone up: updates that arrive
 * while one is being written, or within `everyMs` of the last write, collapse into the
 * newest. A profile at 50 tables had the tail file's open/fsync/rename at 15% of the hub's
 * busy time when it followed every batch (docs/BENCHMARKS.md); once a second bounds that,
 * and a crash only lets the tail lag further (which the journal tolerates); a clean stop
 * (`flush`) still leaves it exact. The file stays open and each update overwrites it in
 * place (one write and one fdatasync): opening, closing and renaming a temp file once a
 * second per table was still 2-3% of the hub's busy time at 50 tables.
 */
export class TailWriter {
  private pending: ChainEnd | null = null;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastAt = Number.NEGATIVE_INFINITY;
  private fh: FileHandle | null = null;

  constructor(
    private readonly journalPath: string,
    private readonly everyMs = 1000,
  ) {}

  update(end: ChainEnd): void {
    this.pending = end;
    this.schedule();
  }

  /** Resolves once the newest update is written (a clean stop leaves an exact tail). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.running || this.pending) {
      this.running ??= this.run();
      await this.running;
    }
  }

  private schedule(): void {
    if (this.running || this.timer || !this.pending) return;
    const wait = this.lastAt + this.everyMs - Date.now();
    if (wait <= 0) {
      this.running = this.run();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.schedule();
    }, wait);
    this.timer.unref();
  }

  /** Flushes, then lets the file go. */
  async close(): Promise<void> {
    await this.flush();
    await this.drop();
  }

  private async overwrite(end: ChainEnd): Promise<void> {
    // "r+" keeps what is there until the write lands: "w" would truncate first, and a crash
    // in between would leave an empty tail file, which stops the hub's next start.
    this.fh ??= await open(tailPath(this.journalPath), "r+").catch(async (err) => {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      await writeTail(this.journalPath, end); // no tail file yet: written whole, atomically
      return open(tailPath(this.journalPath), "r+");
    });
    // Written on this thread like the journal's records (journal.ts): 128 bytes to the page
    // cache, where a trip to libuv's pool would cost a turn of a busy loop and a thread wake.
    writeSync(this.fh.fd, tailText(end), 0);
    await this.fh.datasync();
  }

  private async drop(): Promise<void> {
    const fh = this.fh;
    this.fh = null;
    await fh?.close().catch(() => undefined);
  }

  private async run(): Promise<void> {
    try {
      const end = this.pending;
      this.pending = null;
      this.lastAt = Date.now();
      // A failure leaves the older tail, which the journal still reaches: retried next batch.
      if (end) await this.overwrite(end).catch(() => this.drop());
    } finally {
      this.running = null;
      this.schedule();
    }
  }
}
