/**
 * The explicit migration of journals written by older hubs (version 1 without checksums,
 * version 2 with a checksum `c` per line) to this hub's version (journal-format.ts). The
 * hub itself never reads an old version: a header that merely says `"v":1` must not switch
 * integrity off (issue 28). A person runs this on purpose, with no hub on the data dir:
 *
 *   npm run migrate-journals -- --data-dir DIR
 *
 * Each old game file is checked as far as its version allows (v2: every checksum; both:
 * numbering), then rewritten as version 3 with its tail file; the original is kept beside
 * it as `game-NNNN.jsonl.v{1,2}`. Every file migrated is logged (`journal.migrated`). A
 * file claiming an old version whose lines carry a running hash `h` was written by a
 * version-3 hub and downgraded by hand: it is refused, not migrated.
 */
import { createHash } from "node:crypto";
import { copyFile, open, readdir, readFile, rename } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createLogger, type Logger } from "../process/logger.js";
import { lockDataDir } from "./data-dir.js";
import { syncDir } from "./journal.js";
import {
  CHAIN_START,
  chainLine,
  isHeader,
  isRecord,
  JOURNAL_VERSION,
  JournalCorrupt,
  OLD_JOURNAL_VERSIONS,
} from "./journal-format.js";
import { writeTail } from "./journal-tail.js";

const GAME_RE = /^game-\d{4,}\.jsonl$/;
const CHECKSUM_RE = /^(.*),"c":"([0-9a-f]{8})"\}$/;

export interface Migrated {
  path: string;
  from: number;
  records: number;
  kept: string;
}

/** Migrates every old game file under a data dir (which no hub may be running on). */
export async function migrateJournals(dataDir: string, log: Logger): Promise<Migrated[]> {
  const lock = await lockDataDir(dataDir);
  const done: Migrated[] = [];
  try {
    for (const entry of await readdir(dataDir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = join(dataDir, entry.name);
      for (const name of (await readdir(dir)).filter((n) => GAME_RE.test(n)).sort()) {
        const migrated = await migrateFile(join(dir, name));
        if (!migrated) continue;
        log.warn(
          { event: "journal.migrated", ...migrated, to: JOURNAL_VERSION },
          "journal migrated to this hub's version",
        );
        done.push(migrated);
      }
      if (done.length > 0) await syncDir(dir);
    }
  } finally {
    await lock.release();
  }
  return done;
}

/** Rewrites one old game file as the current version; null if it already is one. */
export async function migrateFile(path: string): Promise<Migrated | null> {
  const text = await readFile(path, "utf8");
  const lines = text.split("\n");
  lines.pop(); // "" after the last newline, or a torn line that never reached fsync
  const corrupt = (line: number, what: string) =>
    new JournalCorrupt(`${path}: line ${line} ${what}; not migrated`);
  const values = lines.map((line, i) => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw corrupt(i + 1, "is not JSON");
    }
  });
  const header = values[0];
  if (header?.v === JOURNAL_VERSION) return null;
  const from = header?.v;
  if (!isHeader(header) || !(OLD_JOURNAL_VERSIONS as readonly unknown[]).includes(from))
    throw corrupt(1, `is not a header of an older journal version (v = ${JSON.stringify(from)})`);
  const bodies = lines.map((line, i) => {
    if ("h" in (values[i] as object))
      throw corrupt(
        i + 1,
        `carries a running hash: a version ${JOURNAL_VERSION} journal whose header was downgraded`,
      );
    if (from === 1) return line;
    const m = CHECKSUM_RE.exec(line);
    const body = m ? `${m[1]}}` : "";
    if (!m || createHash("sha256").update(body).digest("hex").slice(0, 8) !== m[2])
      throw corrupt(i + 1, "fails its checksum");
    return body;
  });
  values.slice(1).forEach((r, i) => {
    if (!isRecord(r) || r.n !== i + 1) throw corrupt(i + 2, `is not record number ${i + 1}`);
  });
  let h = CHAIN_START;
  const out = bodies.map((body, i) => {
    const json = i === 0 ? JSON.stringify({ ...JSON.parse(body), v: JOURNAL_VERSION }) : body;
    const chained = chainLine(h, json);
    h = chained.h;
    return `${chained.line}\n`;
  });
  const kept = `${path}.v${from}`;
  await copyFile(path, kept);
  const tmp = `${path}.migrating`;
  const fh = await open(tmp, "w", 0o600);
  try {
    await fh.write(out.join(""));
    await fh.datasync();
  } finally {
    await fh.close();
  }
  await writeTail(path, { n: lines.length - 1, h });
  await rename(tmp, path);
  return { path, from: from as number, records: lines.length - 1, kept };
}

async function main(argv: string[]): Promise<number> {
  const at = argv.indexOf("--data-dir");
  const dataDir = at >= 0 ? argv[at + 1] : undefined;
  if (!dataDir) {
    process.stderr.write("usage: npm run migrate-journals -- --data-dir DIR\n");
    return 2;
  }
  const log = createLogger("info");
  const done = await migrateJournals(dataDir, log);
  process.stdout.write(`${done.length} journal(s) migrated to version ${JOURNAL_VERSION}\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: Error) => {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    },
  );
}
