/**
 * Journal before acknowledgement, and replay: a QoS 1 input is acknowledged only once its
 * record is on disk; a restarted hub resumes the same state and retained views; a torn
 * last record is dropped with a warning and nothing else is lost.
 */
import { appendFile, readFile, stat } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import type { SyncHook } from "../../hub/journal/journal.js";
import { readJournal } from "../../hub/journal/journal.js";
import {
  connectIdentity,
  endAll,
  HostConsole,
  Paddle,
  removeDir,
  startTestHub,
  subscribeGranted,
  type TestHub,
  tempDir,
  until,
} from "../helpers/hub.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function hubOn(dir: string, sync?: SyncHook): Promise<TestHub> {
  const hub = await startTestHub(sync ? { dataDir: dir, sync } : { dataDir: dir });
  cleanups.push(() => hub.stop());
  return hub;
}

async function newDir(): Promise<string> {
  const dir = await tempDir();
  cleanups.push(() => removeDir(dir));
  return dir;
}

describe("PUBACK after fsync", () => {
  it("holds the acknowledgement of a QoS 1 input until its journal record is synced", async () => {
    const dir = await newDir();
    const events: string[] = [];
    let release: (() => void) | null = null;
    let holding = false;
    const sync: SyncHook = async (fh) => {
      const held = holding;
      if (held) {
        events.push("record written, sync held");
        await new Promise<void>((r) => {
          release = r;
        });
      }
      await fh.datasync();
      if (held) events.push("synced");
    };
    const hub = await hubOn(dir, sync);
    const conn = await connectIdentity(hub, "seat/t1/5");
    cleanups.push(() => endAll(conn));
    await hub.tables.get("t1")?.idle();
    const paddle = new Paddle(5, conn);
    holding = true;
    const acked = paddle.send("hello", { fw: "9.9.9", caps: [] }).then(() => events.push("PUBACK"));
    await until(() => release !== null, 5000, "the journal write");
    const path = hub.tables.get("t1")?.journalPath as string;
    expect(await readFile(path, "utf8")).toContain('"fw":"9.9.9"'); // written, not yet synced
    // Nothing may acknowledge the input while its record is not durable.
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toEqual(["record written, sync held"]);
    holding = false;
    (release as unknown as () => void)();
    await acked;
    expect(events).toEqual(["record written, sync held", "synced", "PUBACK"]);
  });
});

describe("replay", () => {
  it("a restarted hub resumes the same state and republishes equal retained views", async () => {
    const dir = await newDir();
    const first = await hubOn(dir);
    const hc = await connectIdentity(first, "host/t1");
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
    const host = new HostConsole(hc);
    expect((await host.command("start")).ok).toBe(true);
    expect((await host.command("next")).ok).toBe(true);
    expect((await host.command("foul", { seat: 4 })).ok).toBe(true);
    const p = await connectIdentity(first, "seat/t1/2");
    const paddle = new Paddle(2, p);
    await paddle.send("hello", { fw: "1.0.0", caps: ["thumb"] });
    await endAll(p, hc);
    await until(
      () => first.tables.get("t1")?.game?.seats[1]?.online === false,
      5000,
      "seat 2 offline",
    );
    await first.tables.get("t1")?.idle();
    const before = structuredClone(first.tables.get("t1")?.game);
    const journal = first.tables.get("t1")?.journalPath as string;
    await first.stop();
    cleanups.shift();

    const second = await hubOn(dir);
    const after = second.tables.get("t1")?.game;
    expect(after).toEqual(before);
    expect(second.tables.get("t1")?.journalPath).toBe(journal);
    // Retained views equal what the engine derives from the replayed state.
    const d = await connectIdentity(second, "host/t1");
    const s2 = await connectIdentity(second, "seat/t1/2");
    cleanups.push(() => endAll(d, s2));
    await subscribeGranted(d.client, ["mafia/v1/t1/host/view", "mafia/v1/t1/public/state"]);
    const hostView = await d.inbox.next<{ rev: number; seats: { fouls: number }[] }>(
      "mafia/v1/t1/host/view",
      () => true,
      { past: true },
    );
    expect(hostView.seats[3]?.fouls).toBe(1);
    const pub = await d.inbox.next<{ phase: string; step: string }>(
      "mafia/v1/t1/public/state",
      () => true,
      { past: true },
    );
    expect({ phase: pub.phase, step: pub.step }).toEqual({
      phase: before?.phase,
      step: before?.step,
    });
    // A re-sent input of before the restart is still a duplicate.
    const again = new Paddle(2, s2, "t1", paddle.boot);
    await again.send("hello", { fw: "1.0.0", caps: ["thumb"] });
    await second.tables.get("t1")?.idle();
    expect(second.records.some((r) => r.event === "input.duplicate" && r.seat === 2)).toBe(true);
  });

  it("re-arms the timer from the recorded deadline", async () => {
    const dir = await newDir();
    const first = await hubOn(dir);
    const hc = await connectIdentity(first, "host/t1");
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
    const host = new HostConsole(hc);
    const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
    expect(
      (
        await host.command("setup", {
          ruleset: "sport",
          seats,
          options: { mafiaMeetingSeconds: 5 },
        })
      ).ok,
    ).toBe(true);
    expect((await host.command("start")).ok).toBe(true);
    await endAll(hc);
    const deadline = first.tables.get("t1")?.game?.clock.until as number;
    expect(deadline).toBeGreaterThan(Date.now());
    await first.stop();
    cleanups.shift();
    const second = await hubOn(dir);
    expect(second.tables.get("t1")?.game?.clock.until).toBe(deadline);
    // The zero-night meeting ends by its timer after the restart.
    await until(() => second.tables.get("t1")?.game?.step !== "mafia", 8000, "the re-armed timer");
    expect(Date.now()).toBeGreaterThanOrEqual(deadline);
    const lines = (await readFile(second.tables.get("t1")?.journalPath as string, "utf8"))
      .trim()
      .split("\n");
    expect(JSON.parse(lines.at(-1) as string).input).toMatchObject({ type: "timer" });
  }, 15_000);

  it("drops a torn last record with a warning and keeps everything before it", async () => {
    const dir = await newDir();
    const first = await hubOn(dir);
    const hc = await connectIdentity(first, "host/t1");
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
    const host = new HostConsole(hc);
    await host.command("start");
    await host.command("next");
    await endAll(hc);
    await first.tables.get("t1")?.idle();
    const before = structuredClone(first.tables.get("t1")?.game);
    const path = first.tables.get("t1")?.journalPath as string;
    await first.stop();
    cleanups.shift();
    const goodSize = (await stat(path)).size;
    // A power cut in the middle of writing the next record.
    await appendFile(path, '{"type":"input","n":99,"input":{"type":"host","at":1,"act');

    const second = await hubOn(dir);
    expect(second.tables.get("t1")?.game).toEqual(before);
    const warning = second.records.find((r) => r.event === "journal.torn");
    expect(warning?.level).toBe(40);
    expect(String(warning?.dropped)).toMatch(/incomplete last line/);
    expect((await stat(path)).size).toBeGreaterThanOrEqual(goodSize); // cut back, then appended to
    const contents = await readJournal(path);
    expect(contents?.dropped).toBeNull();
    expect(contents?.records.every((r) => r.n < 99)).toBe(true);
  });

  it("refuses to guess when a record before the last is damaged", async () => {
    const dir = await newDir();
    const first = await hubOn(dir);
    const path = first.tables.get("t1")?.journalPath as string;
    await first.stop();
    cleanups.shift();
    await appendFile(path, 'garbage\n{"type":"input","n":2,"input":{"type":"timer","at":1}}\n');
    const damaged = await readFile(path, "utf8");
    await expect(startTestHub({ dataDir: dir })).rejects.toThrow(/line 2 is not JSON/);
    // Refusing means leaving the evidence: the journal is neither cut back nor appended to.
    expect(await readFile(path, "utf8")).toBe(damaged);
  });
});
