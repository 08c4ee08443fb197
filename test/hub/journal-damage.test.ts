/**
 * Issue 28, integrity that no edit can switch off: the hub reads only the journal version
 * it writes, the header is hashed into the chain, the tail file tells a deleted last line,
 * a complete bad last line stops the hub; only a torn line that never reached fsync is
 * dropped. Older journals load only through the explicit, logged migration.
 */
import { createHash } from "node:crypto";
import { appendFile, readFile, stat, unlink } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { chainLine } from "../../hub/journal/journal.js";
import { migrateJournals } from "../../hub/journal/journal-migrate.js";
import { createMemoryLogger } from "../../hub/process/logger.js";
import { removeDir, startTestHub, tempDir } from "../helpers/hub.js";
import { playedJournal, refusedStart, writeLines } from "../helpers/played-journal.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function played(): Promise<{ dir: string; path: string; lines: string[] }> {
  const dir = await tempDir();
  cleanups.push(() => removeDir(dir));
  return { dir, ...(await playedJournal(dir)) };
}

/** A version-2 line as older hubs wrote it: the checksum `c` instead of the running hash. */
function asVersion2(line: string): string {
  const json = line.replace(/,"h":"[0-9a-f]{16}"\}$/, "}").replace('"v":3', '"v":2');
  const c = createHashHex(json);
  return `${json.slice(0, -1)},"c":"${c}"}`;
}

const createHashHex = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 8);

describe("journal damage (issue 28)", () => {
  it("header edits: the key v renamed, v:3 -> v:2 and v:3 -> v:1 all stop the hub at line 1", async () => {
    const { dir, path, lines } = await played();
    const header = lines[0] as string;
    expect(header).toContain('"v":3');
    for (const [edit, why] of [
      [header.replace('"v":3', '"x":3'), /line 1 has journal version \(none\)/],
      [header.replace('"v":3', '"v":2'), /line 1 is a version 2 journal .* migrate-journals/],
      [header.replace('"v":3', '"v":1'), /line 1 is a version 1 journal/],
      [header.replace('"setupId":null', '"setupId":"x"'), /line 1 fails its running hash/],
    ] as const) {
      await writeLines(path, [edit, ...lines.slice(1)]);
      expect(await refusedStart(dir)).toMatch(why);
    }
  });

  it("a downgraded header is not migrated either: its lines carry the running hash", async () => {
    const { dir, path, lines } = await played();
    await writeLines(path, [(lines[0] as string).replace('"v":3', '"v":1'), ...lines.slice(1)]);
    const { logger } = createMemoryLogger();
    await expect(migrateJournals(dir, logger)).rejects.toThrow(
      /line 1 carries a running hash: a version 3 journal whose header was downgraded/,
    );
  });

  it("an edited record stops the hub at its line", async () => {
    const { dir, path, lines } = await played();
    const edited = (lines[2] as string).replace('"cmd":"next"', '"cmd":"EVIL"');
    expect(edited).not.toEqual(lines[2]);
    await writeLines(path, [...lines.slice(0, 2), edited, ...lines.slice(3)]);
    expect(await refusedStart(dir)).toMatch(`${path}: line 3 fails its running hash`);
  });

  it("a deleted last line, and a deleted tail file, stop the hub", async () => {
    const { dir, path, lines } = await played();
    await writeLines(path, lines.slice(0, -1));
    expect(await refusedStart(dir)).toMatch(
      new RegExp(
        `${path}: line ${lines.length} is missing: the journal ends at record ${lines.length - 2} and record ${lines.length - 1} was stored`,
      ),
    );
    await writeLines(path, lines);
    await unlink(`${path}.tail`);
    expect(await refusedStart(dir)).toMatch(/tail file .*\.tail is missing/);
  });

  it("a complete last line that is not JSON, or not chained, stops the hub with file and line", async () => {
    const { dir, path, lines } = await played();
    const n = lines.length + 1;
    await writeLines(path, [...lines, "not json"]);
    expect(await refusedStart(dir)).toMatch(new RegExp(`${path}: line ${n} is not JSON`));
    const unchained = `{"type":"input","n":${n - 1},"input":{"type":"host","at":1,"action":{"cmd":"pause"}}}`;
    await writeLines(path, [...lines, unchained]);
    expect(await refusedStart(dir)).toMatch(new RegExp(`line ${n} fails its running hash`));
  });

  it("a torn last line without newline (never synced) is still dropped and the game resumes", async () => {
    const { dir, path, lines } = await played();
    const prev = JSON.parse(lines.at(-1) as string).h as string;
    const whole = chainLine(prev, `{"type":"input","n":${lines.length},"input":{"type":"host"}}`);
    await appendFile(path, whole.line.slice(0, 30));
    const hub = await startTestHub({ dataDir: dir });
    cleanups.push(() => hub.stop());
    expect(hub.tables.get("t1")?.game?.phase).not.toBe("setup");
    expect((await readFile(path, "utf8")).split("\n").slice(0, lines.length)).toEqual(lines);
  });

  it("a version-2 journal is refused by the hub and loads after the explicit, logged migration", async () => {
    const { dir, path, lines } = await played();
    await writeLines(path, lines.map(asVersion2));
    await unlink(`${path}.tail`);
    expect(await refusedStart(dir)).toMatch(/version 2 journal .*npm run migrate-journals/);
    const { logger, records } = createMemoryLogger();
    const done = await migrateJournals(dir, logger);
    expect(done).toEqual([{ path, from: 2, records: lines.length - 1, kept: `${path}.v2` }]);
    expect(records.find((r) => r.event === "journal.migrated")).toMatchObject({
      path,
      from: 2,
      to: 3,
    });
    expect((await stat(`${path}.v2`)).mode & 0o777).toBe(0o600);
    expect((await readFile(path, "utf8")).trim().split("\n")).toEqual(lines); // the same chain
    const hub = await startTestHub({ dataDir: dir });
    cleanups.push(() => hub.stop());
    expect(hub.tables.get("t1")?.game?.phase).not.toBe("setup");
  });
});
