/**
 * Issue 10, durability: damage to a journal that is still valid JSON stops the hub with
 * the file and the line (a running hash per line, record numbers without gaps or repeats, a
 * record accepted once but rejected on replay); journals are private (0600 in 0700 folders);
 * one hub per data dir. Issue 28's damage (header edits, downgrades, a deleted last line,
 * old journals only through the explicit migration) is in journal-damage.test.ts.
 */
import { spawn } from "node:child_process";
import { chmod, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LOCK_FILE } from "../../hub/journal/data-dir.js";
import { chainLine } from "../../hub/journal/journal.js";
import { spawnHub } from "../helpers/cli-process.js";
import { removeDir, startTestHub, type TestHub, tempDir } from "../helpers/hub.js";
import { playedJournal, refusedStart, writeLines } from "../helpers/played-journal.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function newDir(): Promise<string> {
  const dir = await tempDir();
  cleanups.push(() => removeDir(dir));
  return dir;
}

describe("journal integrity", () => {
  it("every line carries a running hash; a line altered into other valid JSON stops the hub at that line", async () => {
    const dir = await newDir();
    const { path, lines } = await playedJournal(dir);
    for (const line of lines) expect(line).toMatch(/,"h":"[0-9a-f]{16}"\}$/);
    const altered = [...lines];
    altered[2] = (altered[2] as string).replace('"cmd":"next"', '"cmd":"pause"');
    expect(altered[2]).not.toEqual(lines[2]);
    await writeLines(path, altered);
    expect(await refusedStart(dir)).toMatch(new RegExp(`${path}: line 3 fails its running hash`));
  });

  it("a deleted line and a repeated line stop the hub with the file and line", async () => {
    const dir = await newDir();
    const { path, lines } = await playedJournal(dir);
    await writeLines(path, [lines[0], lines[1], ...lines.slice(3)] as string[]);
    expect(await refusedStart(dir)).toMatch(/line 3 fails its running hash/);
    await writeLines(path, [lines[0], lines[1], lines[1], ...lines.slice(2)] as string[]);
    expect(await refusedStart(dir)).toMatch(/line 3 fails its running hash/);
  });

  it("a record accepted once and rejected on replay stops the hub instead of resuming", async () => {
    const dir = await newDir();
    const { path, lines } = await playedJournal(dir);
    const n = lines.length; // the next record number
    const record = `{"type":"input","n":${n},"input":{"type":"host","at":1,"action":{"cmd":"start"}}}`;
    const prev = JSON.parse(lines.at(-1) as string).h as string;
    await writeLines(path, [...lines, chainLine(prev, record).line]);
    expect(await refusedStart(dir)).toMatch(
      new RegExp(`${path}: line ${n + 1} was accepted once and is rejected on replay`),
    );
  });
});

describe("data dir", () => {
  it("journals are 0600 in 0700 folders, also when an older hub left them 0644 in 0755", async () => {
    const dir = await newDir();
    const { path } = await playedJournal(dir);
    const mode = async (p: string) => (await stat(p)).mode & 0o777;
    expect([await mode(dir), await mode(join(dir, "t1")), await mode(path)]).toEqual([
      0o700, 0o700, 0o600,
    ]);
    await chmod(dir, 0o755);
    await chmod(join(dir, "t1"), 0o755);
    await chmod(path, 0o644);
    const hub = await startTestHub({ dataDir: dir });
    await hub.stop();
    expect([await mode(dir), await mode(join(dir, "t1")), await mode(path)]).toEqual([
      0o700, 0o700, 0o600,
    ]);
  });

  it("a second hub on the same data dir refuses to start and names the first one's pid", async () => {
    const dir = await newDir();
    const first: TestHub = await startTestHub({ dataDir: dir });
    cleanups.push(() => first.stop());
    await expect(startTestHub({ dataDir: dir })).rejects.toThrow(
      new RegExp(`in use by the hub with pid ${process.pid}`),
    );
    const second = await spawnHub(["--data-dir", dir, "--mqtt-port", "0", "--http-port", "0"]).then(
      (h) => h,
      (err: Error) => err,
    );
    expect(second).toBeInstanceOf(Error);
    expect(String(second)).toMatch(/exited \(1\)/);
    expect(String(second)).toMatch(new RegExp(`in use by the hub with pid ${process.pid}`));
  }, 30_000);

  it("a stale lock left by a hub that no longer runs is taken over", async () => {
    const dir = await newDir();
    const dead = spawn(process.execPath, ["-e", ""]);
    const pid = dead.pid as number;
    await new Promise((r) => dead.once("exit", r));
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, LOCK_FILE), `${pid}\n`);
    const hub = await startTestHub({ dataDir: dir });
    expect((await readFile(join(dir, LOCK_FILE), "utf8")).trim()).toBe(String(process.pid));
    await hub.stop();
    await expect(stat(join(dir, LOCK_FILE))).rejects.toThrow(/ENOENT/); // released
  });
});
