/**
 * Failover (docs/CLUSTER.md): two real hub processes on one real redis-server; hub A owns
 * the tables and is SIGKILLed in the middle of a bot game, with an input in flight. Hub B
 * takes the lease once it expired, replays the table's journal from Redis Streams and goes
 * on; the clients reconnect to B (a simulated paddle with the two hubs in its list does so
 * by itself) and the game is played to its end. The acknowledged-input oracle of
 * test/fault: every acknowledged input is journaled exactly once, and the journal replays
 * to the state of an uninterrupted pure-engine run fed the same inputs.
 */
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { SimPaddle } from "../../firmware-sim/sim/sim-paddle.js";
import { tableKey } from "../../hub/cluster/keys.js";
import { readGameTokens } from "../../hub/cluster/redis-journal.js";
import type { GameState } from "../../hub/engine/index.js";
import { comparable, newGame, recordsBySource, referenceRun, replay } from "../fault/oracle.js";
import {
  BotClients,
  playBeside,
  seatList,
  srcKey,
  type WireMessage,
  WireTable,
} from "../helpers/bot-wire.js";
import { until } from "../helpers/hub.js";
import { mulberry32 } from "../helpers/random-game.js";
import { startRedis } from "../helpers/redis-server.js";
import { type Cleanups, currentGame, gameContents, spawnClusterHub } from "./fixture.js";

const SEED = 0x18_fa11;
/** The input around which hub A dies: well into the first day. */
const KILL_AT = 30;
const LEASE_MS = 1000;

const cleanups: Cleanups = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("failover: the owning hub is killed mid-game", () => {
  it("the other hub takes the table over from Redis; every acknowledged input exactly once", async () => {
    const server = await startRedis();
    cleanups.push(() => server.stop());
    const redis = new Redis(server.url);
    cleanups.push(async () => void redis.disconnect());
    const start = () => spawnClusterHub(server.url, cleanups, { leaseMs: LEASE_MS });
    const a = await start();
    const b = await start();
    const leaseA = (await redis.get(tableKey("t1", "lease"))) as string;
    const secrets = await a.secrets();
    const password = (u: string) => secrets[u];
    const connect = (port: number) =>
      BotClients.connect({
        port,
        password,
        table: "t1",
        seats: 10,
        hostFilters: ["mafia/v1/t1/host/view"],
      });
    let clients = await connect(a.mqttPort);
    cleanups.push(() => clients.end());
    // A firmware paddle at table t2 that knows both hubs.
    const paddle = new SimPaddle({
      mqttUrl: `mqtt://127.0.0.1:${a.mqttPort},mqtt://127.0.0.1:${b.mqttPort}`,
      table: "t2",
      seat: 1,
      password: password("seat/t2/1") as string,
      timings: { backoffMinMs: 100, backoffMaxMs: 400 },
    });
    paddle.start();
    cleanups.push(async () => paddle.stop());
    await until(() => paddle.paddle.linkState === "up", 10_000, "the t2 paddle on hub A");

    const acked = new Set<string>();
    const send = async (msg: WireMessage) => {
      await clients.send(msg);
      acked.add(srcKey(msg.src));
    };
    const wire = new WireTable("t1", SEED);
    const rand = mulberry32(SEED);
    await send(
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
    let takeoverMs = 0;

    const failOver = async (msg: WireMessage) => {
      clients.send(msg).then(
        () => acked.add(srcKey(msg.src)),
        () => undefined,
      );
      a.proc.kill("SIGKILL");
      const killed = Date.now();
      expect((await a.exited).signal).toBe("SIGKILL");
      await clients.end();
      await until(
        () => /"event":"table.owned","table":"t1"/.test(b.stderr()),
        15_000,
        "hub B to own t1",
      );
      takeoverMs = Date.now() - killed;
      expect(await redis.get(tableKey("t1", "lease"))).not.toBe(leaseA);
      clients = await connect(b.mqttPort);
      if (!acked.has(srcKey(msg.src))) await send(msg); // the paddle re-sends what had no PUBACK
    };

    ref = await playBeside(ref, rand, wire, sent, async (msg, n) => {
      if (n === KILL_AT) await failOver(msg);
      else await send(msg);
    });
    expect(ref.phase).toBe("ended");
    expect(takeoverMs).toBeGreaterThan(0);
    // The paddle with the list found hub B by itself.
    await until(
      () => paddle.paddle.linkState === "up" && paddle.mqtt.url.includes(`:${b.mqttPort}`),
      15_000,
      "the t2 paddle on hub B",
    );

    // The oracle, on the journal in Redis.
    const contents = await gameContents(redis);
    const journaled = recordsBySource(contents); // throws if any input is there twice
    const reference = referenceRun(header.config, sent, journaled);
    expect(reference.disagreements).toEqual([]);
    const replayed = replay(contents);
    expect(comparable(replayed)).toEqual(comparable(reference.state));
    expect(replayed.rng).toEqual(reference.state.rng);
    const fromTest = contents.records.filter((r) => r.input.type !== "presence");
    expect(fromTest.map((r) => srcKey(r.src as NonNullable<typeof r.src>))).toEqual(
      reference.accepted,
    );
    for (const msg of sent) {
      const key = srcKey(msg.src);
      if (acked.has(key) && reference.accepted.includes(key))
        expect(journaled.has(key), `acknowledged ${key}`).toBe(true);
    }
    // Written by two owners, A's token first, then only B's.
    const tokens = (await readGameTokens(redis, await currentGame(redis))).map((e) => e.token);
    const switchAt = tokens.findIndex((t) => t !== tokens[0]);
    expect(switchAt).toBeGreaterThan(0);
    expect(tokens.slice(switchAt).every((t) => t === tokens[switchAt])).toBe(true);
    process.stderr.write(
      `failover: takeover after SIGKILL ${takeoverMs} ms (lease ${LEASE_MS} ms)\n`,
    );
  }, 180_000);
});
