/**
 * The journal's line format, wherever the lines are stored (a file, a Redis stream).
 *
 * Version 3 (issue 28): every line ends with `"h":"<16 hex>"`, a running hash: the first 16
 * hex digits of SHA-256 over the previous line's `h` and this line's JSON without `h`. The
 * header's `h` starts the chain (over "" and the header), so the header is checksummed and
 * chained to the records: editing the header, a record, or the order of records breaks the
 * hash at that line and every one after it.
 *
 * A hub demands the version it writes: a header of another version (or with no `v`) is not
 * read at all. Journals of older hubs (v1 without checksums, v2 with a checksum `c` per line)
 * are read only by the explicit migration (hub/journal/journal-migrate.ts), never silently.
 */
import { createHash } from "node:crypto";
import type { EngineInput, GameConfig } from "../engine/index.js";

export const JOURNAL_VERSION = 3;

/** Versions the migration reads; the hub itself reads JOURNAL_VERSION only. */
export const OLD_JOURNAL_VERSIONS = [1, 2] as const;

export interface JournalHeader {
  type: "header";
  /**
   * JOURNAL_VERSION (3: every line carries its running hash `h`). A number, not a literal
   * type: what is read is checked at run time (demandVersion), whatever a writer claims.
   */
  v: number;
  config: GameConfig;
  /** The host command id of the `setup` that created the game (null for the default game). */
  setupId: string | null;
  /** Highest applied seq per `seat:boot` when the game began, so re-sends stay duplicates. */
  seen: Record<string, number>;
  /**
   * Per `seat:boot`, the seqs below its `seen` (within hub/table/dedupe.ts's window) that were NOT
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

/** The newest line of a game: its record number (0 for the header) and running hash. */
export interface ChainEnd {
  n: number;
  h: string;
}

export interface JournalContents {
  header: JournalHeader;
  records: JournalRecord[];
  /** Where the chain ends: the appends go on from here. */
  end: ChainEnd;
  /** A description of the torn tail that was dropped, or null. */
  dropped: string | null;
}

export class JournalCorrupt extends Error {}

/** The chain's hash before the header. */
export const CHAIN_START = "";

/** The running hash of a line whose JSON (without `h`) is `body`, after a line hashed `prev`. */
export function chainHash(prev: string, body: string): string {
  return createHash("sha256").update(prev).update("\n").update(body).digest("hex").slice(0, 16);
}

/** `{...}` after a line hashed `prev` → the line to store and its hash. */
export function chainLine(prev: string, json: string): { line: string; h: string } {
  const h = chainHash(prev, json);
  return { line: `${json.slice(0, -1)},"h":"${h}"}`, h };
}

const CHAINED_RE = /^(.*),"h":"([0-9a-f]{16})"\}$/;

/**
 * Checks and parses a game's lines (header first), wherever they were stored: every line
 * JSON, the header of this hub's version, every running hash right, records numbered 1, 2,
 * 3 ... Anything wrong throws JournalCorrupt naming `where` and the line.
 */
export function parseJournalLines(
  where: string,
  lines: readonly string[],
  /** The newest record known to be stored (a tail file): the lines must reach it. */
  reaches?: ChainEnd,
): Pick<JournalContents, "header" | "records" | "end"> {
  const corrupt = (line: number, what: string) =>
    new JournalCorrupt(`${where}: line ${line} ${what}; the journal needs a person to look`);
  let prev = CHAIN_START;
  const values = lines.map((text, i) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw corrupt(i + 1, "is not JSON");
    }
    if (i === 0) demandVersion(where, value);
    const m = CHAINED_RE.exec(text);
    const body = m ? `${m[1]}}` : null;
    if (!m || body === null || chainHash(prev, body) !== m[2])
      throw corrupt(i + 1, "fails its running hash (edited, moved or from another journal)");
    prev = m[2] as string;
    if (reaches && i === reaches.n && prev !== reaches.h)
      throw corrupt(i + 1, `does not match the hash that ${where}'s tail holds for record ${i}`);
    delete (value as { h?: string }).h;
    return value;
  });
  const [header, ...rest] = values;
  if (!isHeader(header)) throw new JournalCorrupt(`${where}: line 1 is not a journal header`);
  const records = rest.map((r, i) => {
    const line = i + 2;
    if (!isRecord(r)) throw corrupt(line, "is not an input record");
    if (r.n !== i + 1)
      throw corrupt(line, `has record number ${r.n} where ${i + 1} belongs (a gap or a repeat)`);
    return r;
  });
  if (reaches && reaches.n > records.length)
    throw corrupt(
      lines.length + 1,
      `is missing: the journal ends at record ${records.length} and record ${reaches.n} was stored (lines deleted at the end)`,
    );
  return { header, records, end: { n: records.length, h: prev } };
}

/** Thrown for a well-formed header of an older version: the migration reads it. */
export class JournalOldVersion extends JournalCorrupt {}

/** The first line must be a header of exactly this hub's version, before anything is trusted. */
function demandVersion(where: string, header: unknown): void {
  const v = (header as { v?: unknown } | null)?.v;
  if (v === JOURNAL_VERSION) return;
  if ((OLD_JOURNAL_VERSIONS as readonly unknown[]).includes(v))
    throw new JournalOldVersion(
      `${where}: line 1 is a version ${v} journal and this hub reads version ${JOURNAL_VERSION} only; migrate it on purpose with \`npm run migrate-journals -- --data-dir DIR\` (docs/PROTOCOL.md, "The journal file")`,
    );
  throw new JournalCorrupt(
    `${where}: line 1 has journal version ${JSON.stringify(v) ?? "(none)"}, and this hub reads version ${JOURNAL_VERSION} only; the journal needs a person to look`,
  );
}

export function isHeader(v: unknown): v is JournalHeader {
  const h = v as JournalHeader | null;
  return typeof h === "object" && h !== null && h.type === "header" && typeof h.config === "object";
}

export function isRecord(v: unknown): v is JournalRecord {
  const r = v as JournalRecord | null;
  return typeof r === "object" && r !== null && r.type === "input" && typeof r.input === "object";
}
