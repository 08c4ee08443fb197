/**
 * Crash recovery of the real command line: the hub process is killed with SIGKILL at
 * several points of a sport game and restarted on the same data dir. After each restart
 * the game is where it was and every acknowledged input is in the journal; the game
 * then continues to a winner.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type HubProcess, spawnHub } from "../helpers/cli-process.js";
import { type Applied, type HostViewJson, SportDriver } from "../helpers/driver.js";
import {
  type Connected,
  connectAs,
  endAll,
  HostConsole,
  Paddle,
  removeDir,
  subscribeGranted,
  tempDir,
} from "../helpers/hub.js";

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

/** What a restart must preserve: the game, not who happens to be connected. */
function gameOf(v: HostViewJson) {
  const { rev: _r, now: _n, seats, public: _p, announcements: _a, ...rest } = v;
  return { ...rest, seats: seats.map(({ online: _o, ...s }) => s) };
}

async function journalSources(
  dataDir: string,
): Promise<{ seats: Set<string>; hosts: Set<string> }> {
  const dir = join(dataDir, "t1");
  const seats = new Set<string>();
  const hosts = new Set<string>();
  for (const f of (await readdir(dir)).filter((n) => n.endsWith(".jsonl"))) {
    const lines = (await readFile(join(dir, f), "utf8")).split("\n").filter((l) => l.length > 0);
    for (const line of lines) {
      const r = JSON.parse(line) as {
        type: string;
        setupId?: string;
        src?: { seat?: number; boot?: string; seq?: number; host?: string };
      };
      if (r.type === "header" && r.setupId) hosts.add(r.setupId);
      if (r.src?.host) hosts.add(r.src.host);
      if (r.src?.seat) seats.add(`${r.src.seat}:${r.src.boot}:${r.src.seq}`);
    }
  }
  return { seats, hosts };
}

interface Table {
  hub: HubProcess;
  conns: Connected[];
  driver: SportDriver;
}

/** Connects a host console and ten paddles (keeping their boot and seq across restarts). */
async function attach(
  hub: HubProcess,
  paddles: Map<number, Paddle> | null,
  applied: Applied[],
): Promise<Table> {
  const secrets = await hub.secrets();
  const hc = await connectAs(hub.mqttPort, "host/t1", secrets["host/t1"]);
  await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
  const conns = [hc];
  const next = new Map<number, Paddle>();
  for (let n = 1; n <= 10; n++) {
    const c = await connectAs(hub.mqttPort, `seat/t1/${n}`, secrets[`seat/t1/${n}`]);
    await subscribeGranted(c.client, [`mafia/v1/t1/seat/${n}/signal`]);
    conns.push(c);
    const old = paddles?.get(n);
    const p = new Paddle(n, c, "t1", old?.boot);
    p.seq = old?.seq ?? 0;
    next.set(n, p);
  }
  const driver = new SportDriver(new HostConsole(hc), hc, next);
  driver.applied.push(...applied);
  // Presence settles first, so that every later change of the view is the driver's doing.
  await hc.inbox.next<HostViewJson>(
    "mafia/v1/t1/host/view",
    (v) => v.seats.every((s) => s.online),
    { past: true },
  );
  return { hub, conns, driver };
}

describe("crash recovery (SIGKILL of the real CLI)", () => {
  it("keeps the state and every acknowledged input across kills at several points of a game", async () => {
    const dataDir = await tempDir("hub-crash-");
    cleanup.push(() => removeDir(dataDir));
    const args = [
      "--data-dir",
      dataDir,
      "--mqtt-port",
      "0",
      "--http-port",
      "0",
      "--log-level",
      "warn",
    ];
    let hub = await spawnHub(args);
    cleanup.push(async () => {
      hub.proc.kill("SIGKILL");
    });
    let t = await attach(hub, null, []);
    const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
    const setup = await t.driver.host.command("setup", {
      ruleset: "sport",
      seats,
      options: { autoAdvance: false },
    });
    expect(setup.ok).toBe(true);
    t.driver.applied.push({ host: setup.id });
    await t.driver.after(-1);

    // Kill right after the start, in the middle of day 0, in a later night, and mid-vote.
    const killPoints = [1, 12, 40, 75];
    let done = 0;
    const phases: string[] = [];
    for (const point of killPoints) {
      while (t.driver.actions < point && (await t.driver.step())) {}
      if (t.driver.latest().phase === "ended") break;
      const before = gameOf(t.driver.latest());
      phases.push(`${t.driver.latest().phase}/${t.driver.latest().step}`);
      const applied = [...t.driver.applied];
      hub.proc.kill("SIGKILL");
      const ended = await hub.exited;
      expect(ended.signal).toBe("SIGKILL");
      await endAll(...t.conns);

      hub = await spawnHub(args);
      expect(hub.dataDir).toBe(dataDir);
      const actions = t.driver.actions;
      t = await attach(hub, t.driver.paddles, applied);
      t.driver.actions = actions;
      expect(gameOf(t.driver.latest())).toEqual(before);
      const journal = await journalSources(dataDir);
      for (const a of applied) {
        if ("host" in a) expect(journal.hosts.has(a.host), `host command ${a.host}`).toBe(true);
        else
          expect(
            journal.seats.has(`${a.seat}:${a.boot}:${a.seq}`),
            `seat input ${a.seat}/${a.seq}`,
          ).toBe(true);
      }
      done++;
    }
    expect(done).toBe(killPoints.length);
    expect(new Set(phases).size).toBeGreaterThan(2);

    // One more kill with inputs in flight: in a vote window every living seat's thumb goes
    // down at once, and the hub dies as soon as the first PUBACK is back.
    while (
      !(t.driver.latest().phase === "day" && t.driver.latest().step === "vote") &&
      (await t.driver.step())
    ) {}
    const v = t.driver.latest();
    expect(v.step).toBe("vote");
    const acked: string[] = [];
    const living = v.seats.filter((s) => s.alive && s.thumbDown !== true);
    let first: () => void = () => undefined;
    const firstAck = new Promise<void>((r) => {
      first = r;
    });
    for (const s of living) {
      const p = t.driver.paddles.get(s.seat) as Paddle;
      p.seq += 1;
      const seq = p.seq;
      const body = JSON.stringify({ boot: p.boot, seq, kind: "thumb", down: true });
      p.conn.client.publish(p.topic, body, { qos: 1 }, (err) => {
        if (err) return;
        acked.push(`${s.seat}:${p.boot}:${seq}`);
        first();
      });
    }
    await firstAck;
    hub.proc.kill("SIGKILL");
    await hub.exited;
    const ackedAtKill = [...acked];
    await endAll(...t.conns);
    hub = await spawnHub(args);
    const journal = await journalSources(dataDir);
    expect(ackedAtKill.length).toBeGreaterThan(0);
    for (const a of ackedAtKill) expect(journal.seats.has(a), `in-flight input ${a}`).toBe(true);
    const actions = t.driver.actions;
    t = await attach(hub, t.driver.paddles, t.driver.applied);
    t.driver.actions = actions;
    await t.driver.play(600);
    expect(t.driver.latest().winner).toBe("town");
    await endAll(...t.conns);
    hub.proc.kill("SIGTERM");
    expect((await hub.exited).code).toBe(0);
  }, 120_000);
});
