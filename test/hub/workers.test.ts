import { afterAll, describe, expect, it } from "vitest";
import type { GameState } from "../../hub/engine/index.js";
import { readJournal } from "../../hub/journal/journal.js";
import {
  comparable,
  newestGame,
  newGame,
  recordsBySource,
  referenceRun,
  replay,
} from "../fault/oracle.js";
import {
  BotClients,
  playBeside,
  seatList,
  srcKey,
  type WireMessage,
  WireTable,
} from "../helpers/bot-wire.js";
import { runHub, spawnHub } from "../helpers/cli-process.js";
import { removeDir, tempDir } from "../helpers/hub.js";
import { mulberry32 } from "../helpers/random-game.js";

const TABLES = ["t1", "t2", "t3"];

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

describe("hub --workers", () => {
  it("plays three tables at once in two worker threads, each journal equal to an uninterrupted reference run", async () => {
    const dataDir = await tempDir("hub-workers-");
    cleanup.push(() => removeDir(dataDir));
    const hub = await spawnHub([
      ...["--data-dir", dataDir, "--mqtt-port", "0", "--http-port", "0"],
      ...["--table", TABLES.join(","), "--workers", "2", "--log-level", "info"],
    ]);
    cleanup.push(async () => void hub.proc.kill("SIGKILL"));
    const secrets = await hub.secrets();

    const play = async (table: string, seed: number) => {
      const bot = await BotClients.connect({
        port: hub.mqttPort,
        password: (u) => secrets[u],
        table,
        seats: 10,
        hostFilters: [`mafia/v1/${table}/host/view`],
      });
      cleanup.push(() => bot.end());
      const wire = new WireTable(table, seed);
      const setup = wire.command({
        cmd: "setup",
        ruleset: "sport",
        seats: seatList(),
        options: { autoAdvance: false },
      });
      await bot.send(setup);
      const game = await newestGame(dataDir, table);
      expect(game.header.setupId).toBe((setup.src as { host: string }).host);
      const sent: WireMessage[] = [];
      const rand = mulberry32(seed);
      const last = await playBeside(newGame(game.header.config), rand, wire, sent, (msg) =>
        bot.send(msg),
      );
      expect(last.phase).toBe("ended");
      const live = await bot.host.inbox.next<GameState>(
        `mafia/v1/${table}/host/view`,
        (v) => v.phase === "ended",
        { past: true },
      );
      return { table, path: game.path, sent, last, live };
    };
    const played = await Promise.all(TABLES.map((t, i) => play(t, 0x7ab1e + i)));

    hub.proc.kill("SIGTERM");
    expect((await hub.exited).code).toBe(0);
    for (const { table, path, sent, live } of played) {
      const contents = await readJournal(path);
      if (!contents) throw new Error(`${path} has no header`);
      const journaled = recordsBySource(contents);
      const reference = referenceRun(contents.header.config, sent, journaled);
      expect(reference.disagreements, table).toEqual([]);
      const replayed = replay(contents);
      expect(comparable(replayed), table).toEqual(comparable(reference.state));
      expect(comparable(live), table).toEqual(comparable(reference.state));
      // Every input was acknowledged before the next was sent: each accepted one is journaled.
      for (const key of reference.accepted) expect(journaled.has(key), key).toBe(true);
      expect(reference.accepted.length, table).toBeGreaterThan(20);
      const fromTest = contents.records.filter((r) => r.input.type !== "presence");
      expect(fromTest.map((r) => srcKey(r.src as NonNullable<typeof r.src>))).toEqual(
        reference.accepted,
      );
    }
    expect(hub.stderr()).toContain('"event":"workers.started","groups":[["t1","t3"],["t2"]]');
    // The workers' lines, through the hub's logger: each table's setup, with its table.
    for (const table of TABLES)
      expect(hub.stderr()).toMatch(new RegExp(`"table":"${table}"[^\\n]*"event":"game.setup"`));
  }, 120_000);

  it("refuses what a worker cannot do, with the reason, before anything listens", async () => {
    const dataDir = await tempDir("hub-workers-no-");
    cleanup.push(() => removeDir(dataDir));
    const base = ["--data-dir", dataDir, "--mqtt-port", "0", "--http-port", "0", "--no-mdns"];
    const cluster = await runHub([...base, "--workers", "2", "--cluster", "redis://127.0.0.1:1"]);
    expect(cluster.code).toBe(1);
    expect(cluster.stderr).toContain(
      "hub: --workers runs tables on the system clock and the file journal: not with --cluster",
    );
    const sim = await runHub([...base, "--workers", "1", "--sim", "10"]);
    expect(sim.code).toBe(1);
    expect(sim.stderr).toContain(
      "hub: --sim plays a table on the hub's own thread: leave out --workers",
    );
    const bad = await runHub([...base, "--workers", "-1"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("an integer 0..64");
  });
});
