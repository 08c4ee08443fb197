/**
 * Issue 10, durability: damage to a journal that is still valid JSON stops the hub with
 * the file and the line (a checksum per line, record numbers without gaps or repeats, a
 * record accepted once but rejected on replay); old journals without checksums still load;
 * journals are private (0600 in 0700 folders); one hub per data dir.
 */
import { spawn } from "node:child_process";
import { chmod, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LOCK_FILE } from "../../hub/data-dir.js";
import { readJournal, withChecksum } from "../../hub/journal.js";
import { spawnHub } from "../helpers/cli-process.js";
import {
  connectIdentity,
  endAll,
  HostConsole,
  removeDir,
  startTestHub,
  subscribeGranted,
  type TestHub,
  tempDir,
} from "../helpers/hub.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function newDir(): Promise<string> {
  const dir = await tempDir();
  cleanups.push(() => removeDir(dir));
  return dir;
}

/** A stopped hub's journal after `start` and two `next`s: header + 3 records at least. */
async function playedJournal(dir: string): Promise<{ path: string; lines: string[] }> {
  const hub = await startTestHub({ dataDir: dir });
  const hc = await connectIdentity(hub, "host/t1");
  await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
  const host = new HostConsole(hc);
  await host.command("start");
  await host.command("next");
  await host.command("next");
  await endAll(hc);
  await hub.tables.get("t1")?.idle();
  const path = hub.tables.get("t1")?.journalPath as string;
  await hub.stop();
  const lines = (await readFile(path, "utf8")).split("\n").filter((l) => l.length > 0);
  expect(lines.length).toBeGreaterThanOrEqual(4);
  return { path, lines };
}

const write = (path: string, lines: string[]) => writeFile(path, `${lines.join("\n")}\n`);

async function refused(dir: string): Promise<string> {
  const started = startTestHub({ dataDir: dir });
  const hub = await started.catch((err: Error) => err);
  if (!(hub instanceof Error)) {
    await hub.stop();
    throw new Error("the hub started on a damaged journal");
  }
  return hub.message;
}

describe("journal integrity", () => {
  it("every line carries a checksum; a line altered into other valid JSON stops the hub at that line", async () => {
    const dir = await newDir();
    const { path, lines } = await playedJournal(dir);
    for (const line of lines) expect(line).toMatch(/,"c":"[0-9a-f]{8}"\}$/);
    const altered = [...lines];
    altered[2] = (altered[2] as string).replace('"cmd":"next"', '"cmd":"pause"');
    expect(altered[2]).not.toEqual(lines[2]);
    await write(path, altered);
    expect(await refused(dir)).toMatch(new RegExp(`${path}: line 3 fails its checksum`));
  });

  it("a deleted line (a gap in n) and a repeated line stop the hub with the file and line", async () => {
    const dir = await newDir();
    const { path, lines } = await playedJournal(dir);
    await write(path, [lines[0], lines[1], ...lines.slice(3)] as string[]);
    expect(await refused(dir)).toMatch(/line 3 has record number 3 where 2 belongs/);
    await write(path, [lines[0], lines[1], lines[1], ...lines.slice(2)] as string[]);
    expect(await refused(dir)).toMatch(/line 3 has record number 1 where 2 belongs/);
  });

  it("a record accepted once and rejected on replay stops the hub instead of resuming", async () => {
    const dir = await newDir();
    const { path, lines } = await playedJournal(dir);
    const n = lines.length; // the next record number
    const record = `{"type":"input","n":${n},"input":{"type":"host","at":1,"action":{"cmd":"start"}}}`;
    await write(path, [...lines, withChecksum(record)]);
    expect(await refused(dir)).toMatch(
      new RegExp(`${path}: line ${n + 1} was accepted once and is rejected on replay`),
    );
  });

  it("a journal of an older hub (version 1, no checksums) resumes and is continued as it was", async () => {
    const dir = await newDir();
    const { path, lines } = await playedJournal(dir);
    const old = lines.map((l) => l.replace(/,"c":"[0-9a-f]{8}"\}$/, "}").replace('"v":2', '"v":1'));
    await write(path, old);
    const hub = await startTestHub({ dataDir: dir });
    cleanups.push(() => hub.stop());
    expect(hub.tables.get("t1")?.game?.phase).not.toBe("setup"); // started, replayed
    const hc = await connectIdentity(hub, "host/t1");
    cleanups.push(() => endAll(hc));
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
    await new HostConsole(hc).command("pause");
    await hub.tables.get("t1")?.idle();
    const contents = await readJournal(path);
    expect(contents?.header.v).toBe(1);
    expect(contents?.records.at(-1)?.input).toMatchObject({ action: { cmd: "pause" } });
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
