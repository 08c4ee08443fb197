/**
 * Rebalancing (the default; `--no-rebalance` turns it off; docs/CLUSTER.md): two in-process hubs on one redis-server with
 * tables t2 and t1. A alone takes both; when B starts, A holds more than its share and hands
 * t1 over in the middle of a bot game (drain, release; B takes and replays it); B stops and
 * A takes t1 back; a new B takes it again. The bot plays through hub A all along (A
 * forwards while it does not own t1). The oracle: every acknowledged input is in t1's
 * journal in Redis exactly once, and it replays to the reference run.
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
import { removeDir, startTestHub, type TestHub, tempDir, until } from "../helpers/hub.js";
import { mulberry32 } from "../helpers/random-game.js";
import { startRedis } from "../helpers/redis-server.js";
import { ResilientBot } from "../helpers/resilient-bot.js";
import type { Cleanups } from "./fixture.js";

const SEED = 0x4eba1;
const LEASE_MS = 1000;

const cleanups: Cleanups = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function tokensOf(redis: Redis): Promise<number[]> {
  const path = gameKey("t1", Number(await redis.get(tableKey("t1", "current"))));
  return (await readGameTokens(redis, path)).map((e) => e.token);
}

async function gameContents(redis: Redis): Promise<JournalContents> {
  const path = gameKey("t1", Number(await redis.get(tableKey("t1", "current"))));
  const lines = (await readGameTokens(redis, path)).map((e) => e.line);
  return { ...parseJournalLines(path, lines), dropped: null };
}

describe("rebalancing tables over live hubs", () => {
  it("a table moves to a new hub, back after it stops, and again, mid-game, losing nothing acknowledged", async () => {
    const server = await startRedis(["--maxmemory-policy", "noeviction"]);
    cleanups.push(() => server.stop());
    const redis = new Redis(server.url);
    cleanups.push(async () => void redis.disconnect());
    const start = async () => {
      const dataDir = await tempDir("hub-rebalance-");
      cleanups.push(() => removeDir(dataDir));
      const hub = await startTestHub({
        dataDir,
        tables: ["t2", "t1"],
        cluster: { url: server.url, leaseMs: LEASE_MS, rebalance: true },
      });
      cleanups.push(() => hub.stop());
      return hub;
    };
    const a = await start();
    expect(a.cluster?.owns("t1") && a.cluster.owns("t2")).toBe(true);
    const password = (u: string) => a.secrets.password(u);
    const bot = await ResilientBot.open(() =>
      BotClients.connect({ port: a.mqttPort, password, table: "t1", seats: 10 }),
    );
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
    const header = (await gameContents(redis)).header;
    let ref: GameState = newGame(header.config);
    const sent: WireMessage[] = [];
    let b: TestHub | null = null;
    const moves: string[] = [];
    const event = async (n: number) => {
      if (n === 20) {
        b = await start();
        await until(() => b?.cluster?.owns("t1") === true, 15_000, "t1 moved to B");
        moves.push("to B");
      } else if (n === 50 && b) {
        await b.stop();
        await until(() => a.cluster?.owns("t1") === true, 15_000, "t1 back on A");
        moves.push("back to A");
      } else if (n === 80) {
        b = await start();
        await until(() => b?.cluster?.owns("t1") === true, 15_000, "t1 moved to the new B");
        moves.push("to new B");
      }
    };

    ref = await playBeside(ref, rand, wire, sent, async (msg, n) => {
      await event(n);
      await bot.send(msg);
    });
    expect(ref.phase).toBe("ended");
    expect(moves).toEqual(["to B", "back to A", "to new B"]);
    expect(a.cluster?.owns("t2")).toBe(true);
    expect(a.cluster?.owns("t1")).toBe(false);

    const contents = await gameContents(redis);
    const journaled = recordsBySource(contents); // throws if any input is there twice
    const reference = referenceRun(header.config, sent, journaled);
    expect(reference.disagreements).toEqual([]);
    expect(comparable(replay(contents))).toEqual(comparable(reference.state));
    for (const key of bot.acked)
      if (reference.accepted.includes(key))
        expect(journaled.has(key), `acknowledged ${key}`).toBe(true);
    // Four owners wrote t1's journal in turn (A, B, A, new B), tokens only growing.
    const tokens = await tokensOf(redis);
    const owners = tokens.filter((t, i) => i === 0 || t !== tokens[i - 1]);
    expect(owners.length).toBe(4);
    expect([...owners].sort((x, y) => x - y)).toEqual(owners);
    process.stderr.write(
      `rebalance: ${bot.resends} re-sends; ${sent.length} inputs; owners' tokens ${owners.join(",")}\n`,
    );
  }, 180_000);
});
