/**
 * Redis Sentinel (docs/CLUSTER.md, "Redis through Sentinels"): a hub process started with
 * `--cluster redis-sentinel://S1,S2,S3/kit` on a real primary with two replicas and three
 * real Sentinels. The primary is SIGKILLed in the middle of a bot game; the Sentinels
 * promote a replica, every connection of the hub finds it, and the game is played to its
 * end. The acknowledged-input oracle of test/fault on the journal in the new primary: every
 * input that had its PUBACK is there exactly once (the hub waited for one replica to have
 * each write before acknowledging it), and the journal replays to the reference run.
 */
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { tableKey } from "../../hub/cluster/keys.js";
import { gameKey, readGameTokens } from "../../hub/cluster/redis-journal.js";
import type { GameState } from "../../hub/engine/index.js";
import { type JournalContents, parseJournalLines } from "../../hub/journal/journal.js";
import { comparable, newGame, recordsBySource, referenceRun, replay } from "../fault/oracle.js";
import {
  BotClients,
  playBeside,
  seatList,
  type WireMessage,
  WireTable,
} from "../helpers/bot-wire.js";
import { spawnHub } from "../helpers/cli-process.js";
import { removeDir, tempDir } from "../helpers/hub.js";
import { mulberry32 } from "../helpers/random-game.js";
import { startSentinelSet } from "../helpers/redis-sentinel.js";
import { ResilientBot } from "../helpers/resilient-bot.js";

const SEED = 0x5e_971;
/** The input around which the primary dies: well into the first day. */
const KILL_AT = 30;
const LEASE_MS = 2000;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function gameContents(redis: Redis): Promise<JournalContents> {
  const path = gameKey("t1", Number(await redis.get(tableKey("t1", "current"))));
  const lines = (await readGameTokens(redis, path)).map((e) => e.line);
  return { ...parseJournalLines(path, lines), dropped: null };
}

describe("Redis through Sentinels", () => {
  it("a primary kill is a failover: the hub goes on with the promoted replica, nothing acknowledged lost", async () => {
    const set = await startSentinelSet(2, 3);
    cleanups.push(() => set.stop());
    const first = await set.primary();
    const dir = await tempDir("hub-sentinel-");
    cleanups.push(() => removeDir(dir));
    const hub = await spawnHub(
      [
        ...["--data-dir", dir, "--mqtt-port", "0", "--http-port", "0", "--table", "t1"],
        ...["--cluster", set.url, "--lease-ms", String(LEASE_MS), "--log-level", "info"],
      ],
      30_000,
    );
    cleanups.push(async () => void hub.proc.kill("SIGKILL"));
    if (process.env.SENTINEL_DEBUG)
      cleanups.push(async () => {
        const { writeFile } = await import("node:fs/promises");
        await writeFile(process.env.SENTINEL_DEBUG as string, hub.stderr());
      });
    const secrets = await hub.secrets();
    const connect = () =>
      BotClients.connect({
        port: hub.mqttPort,
        password: (u) => secrets[u],
        table: "t1",
        seats: 10,
      });
    const bot = await ResilientBot.open(connect);
    cleanups.push(() => bot.end());

    const wire = new WireTable("t1", SEED);
    const rand = mulberry32(SEED);
    await bot.send(
      wire.command({
        cmd: "setup",
        ruleset: "sport",
        seats: seatList(),
        options: { autoAdvance: false },
      }),
    );
    const before = new Redis(first.url);
    const header = (await gameContents(before)).header;
    before.disconnect();
    let ref: GameState = newGame(header.config);
    const sent: WireMessage[] = [];
    let killedAt = 0;
    let backAfterMs = 0;

    try {
      ref = await playBeside(ref, rand, wire, sent, async (msg, n) => {
        if (n === KILL_AT) {
          // This input's append may be in flight as the primary dies.
          const inFlight = bot.send(msg);
          await first.kill();
          killedAt = Date.now();
          await inFlight;
          backAfterMs = Date.now() - killedAt;
        } else await bot.send(msg);
      });
    } catch (e) {
      // What the hub saw of Redis and the Sentinels meanwhile (its warnings and errors).
      const warnings = hub
        .stderr()
        .split("\n")
        .filter((l) => !l.includes('"level":30'));
      process.stderr.write(`sentinel: the hub's warnings\n${warnings.join("\n")}\n`);
      throw e;
    }
    expect(ref.phase).toBe("ended");
    expect(killedAt).toBeGreaterThan(0);
    const promoted = await set.primary();
    expect(promoted.port).not.toBe(first.port);
    expect(hub.proc.exitCode).toBeNull();

    // The oracle, on the journal in the promoted replica.
    const redis = new Redis(promoted.url);
    cleanups.push(async () => void redis.disconnect());
    const contents = await gameContents(redis);
    const journaled = recordsBySource(contents); // throws if any input is there twice
    const reference = referenceRun(header.config, sent, journaled);
    expect(reference.disagreements).toEqual([]);
    const replayed = replay(contents);
    expect(comparable(replayed)).toEqual(comparable(reference.state));
    for (const key of bot.acked)
      if (reference.accepted.includes(key))
        expect(journaled.has(key), `acknowledged ${key}`).toBe(true);
    process.stderr.write(
      `sentinel: primary SIGKILLed at input ${KILL_AT}; its input acknowledged ${backAfterMs} ms later; ${bot.resends} re-sends; ${sent.length} inputs\n`,
    );
  }, 240_000);
});
