/**
 * Three hubs behind one address (docs/CLUSTER.md, "Three hubs behind one address"): Debian's
 * haproxy on loopback balances MQTT over TCP and HTTP/WebSocket over three real hub
 * processes on one redis-server and health-checks their `/healthz`. A bot game is played
 * through the front only; the owning hub is SIGKILLed mid-game; haproxy marks it DOWN and
 * sends every new connection to the live hubs; the game ends. The oracle: every
 * acknowledged input is in the journal in Redis exactly once, and it replays to the
 * reference run.
 */
import { Redis } from "ioredis";
import mqtt from "mqtt";
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
import { type HubProcess, spawnHub } from "../helpers/cli-process.js";
import { startFront } from "../helpers/haproxy.js";
import { removeDir, tempDir, until } from "../helpers/hub.js";
import { mulberry32 } from "../helpers/random-game.js";
import { startRedis } from "../helpers/redis-server.js";
import { ResilientBot } from "../helpers/resilient-bot.js";

const SEED = 0xf_0e17;
const KILL_AT = 30;
const LEASE_MS = 1000;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function gameContents(redis: Redis): Promise<JournalContents> {
  const path = gameKey("t1", Number(await redis.get(tableKey("t1", "current"))));
  const lines = (await readGameTokens(redis, path)).map((e) => e.line);
  return { ...parseJournalLines(path, lines), dropped: null };
}

describe("three hubs behind one haproxy address", () => {
  it("the front routes around a killed hub; the game played through it loses nothing acknowledged", async () => {
    const server = await startRedis(["--maxmemory-policy", "noeviction"]);
    cleanups.push(() => server.stop());
    const hubs: HubProcess[] = [];
    cleanups.push(async () => {
      for (const h of hubs) h.proc.kill("SIGKILL");
    });
    for (let i = 0; i < 3; i++) {
      const dir = await tempDir("hub-front-");
      cleanups.push(() => removeDir(dir));
      hubs.push(
        await spawnHub(
          [
            ...["--data-dir", dir, "--mqtt-port", "0", "--http-port", "0", "--table", "t1"],
            ...["--cluster", server.url, "--lease-ms", String(LEASE_MS), "--log-level", "info"],
          ],
          30_000,
        ),
      );
    }
    const [a] = hubs as [HubProcess];
    const front = await startFront(
      hubs.map((h, i) => ({ name: `hub${i}`, mqttPort: h.mqttPort, httpPort: h.httpPort })),
    );
    cleanups.push(() => front.stop());
    const secrets = await a.secrets();
    const password = (u: string) => secrets[u];
    const connect = () =>
      BotClients.connect({ port: front.mqttPort, password, table: "t1", seats: 10 });
    const bot = await ResilientBot.open(connect);
    cleanups.push(() => bot.end());

    const redis = new Redis(server.url);
    cleanups.push(async () => void redis.disconnect());
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
    let downAfterMs = 0;

    ref = await playBeside(ref, rand, wire, sent, async (msg, n) => {
      if (n === KILL_AT) {
        // Hub 0 was started first, so it owns t1.
        a.proc.kill("SIGKILL");
        const killed = Date.now();
        await until(async () => (await front.states()).hub0 === "DOWN", 10_000, "hub0 DOWN");
        downAfterMs = Date.now() - killed;
      }
      await bot.send(msg);
    });
    expect(ref.phase).toBe("ended");
    expect(await front.states()).toEqual({ hub0: "DOWN", hub1: "UP", hub2: "UP" });

    // Every new connection through the front reaches a live hub, over TCP and WebSocket.
    const health = await fetch(`http://127.0.0.1:${front.httpPort}/healthz`);
    expect(health.status).toBe(200);
    for (const url of [
      `mqtt://127.0.0.1:${front.mqttPort}`,
      `ws://127.0.0.1:${front.httpPort}/mqtt`,
    ])
      for (let i = 0; i < 4; i++) {
        const c = await mqtt.connectAsync(url, {
          username: "display/t1",
          password: password("display/t1"),
          reconnectPeriod: 0,
          connectTimeout: 5_000,
        });
        await c.endAsync();
      }

    const contents = await gameContents(redis);
    const journaled = recordsBySource(contents); // throws if any input is there twice
    const reference = referenceRun(header.config, sent, journaled);
    expect(reference.disagreements).toEqual([]);
    expect(comparable(replay(contents))).toEqual(comparable(reference.state));
    for (const key of bot.acked)
      if (reference.accepted.includes(key))
        expect(journaled.has(key), `acknowledged ${key}`).toBe(true);
    process.stderr.write(
      `front: hub0 SIGKILLed at input ${KILL_AT}, marked DOWN by haproxy after ${downAfterMs} ms; ${bot.resends} re-sends; ${sent.length} inputs\n`,
    );
  }, 180_000);
});
