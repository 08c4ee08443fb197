/**
 * 50 bot games over MQTT (five tables at once, ten games each), with a display subscribed
 * to each table's public/# and the host console to its host/view. Every public message of
 * every game is checked against the host view of the same moment (secrecy-oracle.ts): no
 * role, night choice or private result before the rules make it public, and nothing about
 * night choices after the end. Every third game reveals roles on elimination, so that a
 * role the rules show is told apart from one that leaks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LogEntry, PublicState } from "../../protocol/index.js";
import { BotClients, noDelay, playBotGame, seatList, WireTable } from "../helpers/bot-wire.js";
import {
  type Connected,
  connectIdentity,
  endAll,
  type Received,
  removeDir,
  startTestHub,
  subscribeGranted,
  type TestHub,
  tempDir,
} from "../helpers/hub.js";
import { mulberry32 } from "../helpers/random-game.js";
import { type HostView, scanGame } from "./secrecy-oracle.js";

const TABLES = ["t1", "t2", "t3", "t4", "t5"];
const GAMES_PER_TABLE = 10;
const OPEN = { ratePerSecond: 1_000_000, burst: 1_000_000 };

let dir: string;
let hub: TestHub;

beforeAll(async () => {
  dir = await tempDir();
  hub = await startTestHub({
    dataDir: dir,
    tables: TABLES,
    limits: { seat: OPEN, host: OPEN, display: OPEN },
    sync: async () => undefined, // secrecy, not durability: skip the fsync
  });
});

afterAll(async () => {
  await hub?.stop();
  await removeDir(dir);
});

/** One game's streams, kept for the test of the oracle itself. */
let sample: { hosts: HostView[]; publics: PublicState[]; logs: LogEntry[] } | null = null;

interface Streams {
  hosts: Received[];
  publics: Received[];
}

/** Plays the games of one table; the last `setup` (seat names B1..) marks the end of the streams. */
async function playTable(table: string, seed: number): Promise<Streams> {
  const bot = await BotClients.connect({
    port: hub.mqttPort,
    password: (u) => hub.secrets.password(u),
    table,
    seats: 10,
    hostFilters: [`mafia/v1/${table}/host/view`],
  });
  const display: Connected = noDelay(await connectIdentity(hub, `display/${table}`));
  await subscribeGranted(display.client, [`mafia/v1/${table}/public/#`]);
  const wire = new WireTable(table, seed);
  const rand = mulberry32(seed);
  const game = () => hub.tables.get(table)?.game ?? null;
  for (let g = 0; g < GAMES_PER_TABLE; g++) {
    const options = { revealOnElimination: g % 3 === 2 };
    await playBotGame({ bot, wire, rand, game, options });
  }
  const barrier = seatList().map((s) => ({ ...s, name: `B${s.seat}` }));
  await bot.send(wire.command({ cmd: "setup", ruleset: "sport", seats: barrier }));
  const isBarrier = (v: { seats: { name: string }[] }) => v.seats[0]?.name === "B1";
  await display.inbox.next(`mafia/v1/${table}/public/state`, isBarrier, { past: true });
  await bot.host.inbox.next(`mafia/v1/${table}/host/view`, isBarrier, { past: true });
  const streams = { hosts: [...bot.host.inbox.all], publics: [...display.inbox.all] };
  await bot.end();
  await endAll(display);
  return streams;
}

/**
 * Cuts a stream into games where a setup follows a game. The first holds the table's
 * default game (retained when the clients subscribed) before the bots' first game; the
 * last is the barrier.
 */
function games<T>(items: T[], isSetup: (item: T) => boolean): T[][] {
  const out: T[][] = [[]];
  let inSetup = true;
  for (const item of items) {
    const setup = isSetup(item);
    if (setup && !inSetup) out.push([]);
    inSetup = setup;
    out.at(-1)?.push(item);
  }
  return out;
}

describe("public messages of 50 bot games", () => {
  it("carry no role, night choice or private result before the rules make them public", async () => {
    const streams = await Promise.all(TABLES.map((t, i) => playTable(t, 0x5ec7e7 + i)));
    let played = 0;
    let nightChoices = 0;
    let shownRoles = 0;
    const violations: string[] = [];
    for (const [i, s] of streams.entries()) {
      const table = TABLES[i] as string;
      const hostGames = games(
        s.hosts.map((m) => m.json as HostView),
        (h) => h.phase === "setup",
      );
      // public/rulesets (the rulesets' manifests, the same for every game) is no game's;
      // public/glance is a few fields picked from the public state (protocol/glance.ts), so
      // the state's scan covers it.
      const publicGames = games(
        s.publics.filter(
          (m) => !m.topic.endsWith("/public/rulesets") && !m.topic.endsWith("/public/glance"),
        ),
        (m) => (m.json as PublicState).phase === "setup" && m.topic.endsWith("/state"),
      );
      expect(hostGames).toHaveLength(GAMES_PER_TABLE + 1);
      expect(publicGames).toHaveLength(GAMES_PER_TABLE + 1);
      for (let g = 0; g < GAMES_PER_TABLE; g++) {
        const hosts = hostGames[g] as HostView[];
        const messages = publicGames[g] as Received[];
        expect(hosts.at(-1)?.phase, `${table} game ${g}`).toBe("ended");
        const publics = messages
          .filter((m) => m.topic.endsWith("/public/state"))
          .map((m) => m.json as PublicState);
        const logs = messages
          .filter((m) => m.topic.endsWith("/public/log"))
          .map((m) => m.json as LogEntry);
        expect(messages.every((m) => /\/public\/(state|log)$/.test(m.topic))).toBe(true);
        const scan = scanGame(hosts, publics, logs);
        sample ??= { hosts, publics, logs };
        violations.push(...scan.violations.map((x) => `${table} game ${g}: ${x}`));
        nightChoices += scan.nightChoices;
        shownRoles += scan.shownRoles;
        played += 1;
      }
    }
    expect(violations.slice(0, 20)).toEqual([]);
    expect(played).toBe(50);
    expect(nightChoices).toBeGreaterThan(50 * 10); // every game had nights with choices in them
    expect(shownRoles).toBeGreaterThan(0);
  }, 120_000);

  it("the oracle itself catches each kind of leak planted in a real game's streams", () => {
    if (!sample) throw new Error("the 50 games did not run");
    const { hosts, publics, logs } = sample;
    expect(scanGame(hosts, publics, logs).violations).toEqual([]);
    const clone = () => structuredClone({ hosts, publics, logs });
    /** Plants the same change in a public state and in the host views of its moment. */
    const plant = (index: number, change: (p: PublicState) => void) => {
      const c = clone();
      const target = JSON.stringify({ ...c.publics[index], now: 0 });
      for (const h of c.hosts)
        if (JSON.stringify({ ...h.public, now: 0 }) === target) change(h.public);
      change(c.publics[index] as PublicState);
      return scanGame(c.hosts, c.publics, c.logs).violations;
    };
    const dayIndex = publics.findIndex((p) => p.phase === "day");
    const nightIndex = publics.findIndex((p) => p.phase === "night" && p.round > 0);
    const role = hosts[hosts.length - 1]?.seats[0]?.role as string;
    expect(
      plant(dayIndex, (p) => {
        (p.seats[0] as { role: string | null }).role = role;
      }).join(),
    ).toMatch(/seat 1 shows role/);
    expect(
      plant(dayIndex, (p) => {
        p.extras = { note: role };
      }).join(),
    ).toMatch(/role id/);
    expect(
      plant(nightIndex, (p) => {
        p.extras = { hint: "check.mafia" };
      }).join(),
    ).toMatch(/private result/);
    expect(
      plant(dayIndex, (p) => {
        p.roles = { "1": role };
      }).join(),
    ).toMatch(/roles .* before the end/);
    // A public field that the moment's state does not explain, once the secrets are erased.
    expect(
      plant(nightIndex, (p) => {
        p.extras = { awake: [1, 4] };
      }).join(),
    ).toMatch(/depends on a secret/);
    // A night choice that shows in public.
    const loud = clone();
    const i = loud.hosts.findIndex(
      (h, k) =>
        k > 0 &&
        h.phase === "night" &&
        loud.hosts[k - 1]?.step === h.step &&
        JSON.stringify(h.quiet) !== JSON.stringify(loud.hosts[k - 1]?.quiet),
    );
    (loud.hosts[i] as HostView).public.nominations = [4];
    expect(scanGame(loud.hosts, loud.publics, loud.logs).violations.join()).toMatch(
      /night choice changed the public state/,
    );
    // An announcement on public/log that no public state carries.
    const told = clone();
    told.logs.push({ seq: 9999, at: 0, key: "shot", seats: [4], params: {} });
    expect(scanGame(told.hosts, told.publics, told.logs).violations.join()).toMatch(
      /not an announcement/,
    );
  });
});
