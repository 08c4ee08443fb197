/**
 * One MQTT namespace across hubs (hub/cluster): two hubs on one real redis-server, each
 * with Aedes over mqemitter-redis and aedes-persistence-redis. Hub A owns table t1 (it
 * started first and holds the lease); hub B never steps it and forwards what its clients
 * send. Odd paddles and nothing else on A; even paddles, the host console and the display
 * (over WebSocket) on B: a whole sport game is played and everyone sees one game.
 */
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { tableKey } from "../../hub/cluster/keys.js";
import { gameKey, readGameTokens } from "../../hub/cluster/redis-journal.js";
import { verifyDeal } from "../../hub/engine/index.js";
import { SportDriver } from "../helpers/driver.js";
import {
  type Connected,
  connectIdentity,
  endAll,
  HostConsole,
  Paddle,
  subscribeGranted,
} from "../helpers/hub.js";
import { startRedis } from "../helpers/redis-server.js";
import { clusterHub } from "./fixture.js";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("two hubs, one Redis, one game", () => {
  it("a paddle on hub A and the display on hub B see one game, stepped by its owner only", async () => {
    const server = await startRedis();
    cleanups.push(() => server.stop());
    const redis = new Redis(server.url);
    cleanups.push(async () => void redis.disconnect());
    const a = await clusterHub(server.url, cleanups);
    const b = await clusterHub(server.url, cleanups);
    expect(a.cluster?.owns("t1")).toBe(true);
    expect(b.cluster?.owns("t1")).toBe(false);
    expect(b.tables.size).toBe(0); // B has no table to step
    expect(b.secrets.toJSON()).toEqual(a.secrets.toJSON());

    const conns: Connected[] = [];
    cleanups.push(() => endAll(...conns));
    const hc = await connectIdentity(b, "host/t1");
    conns.push(hc);
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#", "mafia/v1/t1/public/#"]);
    const host = new HostConsole(hc);
    const display = await connectIdentity(b, "display/t1", { transport: "ws" });
    conns.push(display);
    await subscribeGranted(display.client, ["mafia/v1/t1/public/#"]);
    const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `Player ${i + 1}` }));
    const setup = await host.command("setup", {
      ruleset: "sport",
      seats,
      options: { autoAdvance: false },
    });
    expect(setup.ok).toBe(true);

    const paddles = new Map<number, Paddle>();
    for (let n = 1; n <= 10; n++) {
      const c = await connectIdentity(n % 2 === 1 ? a : b, `seat/t1/${n}`);
      conns.push(c);
      await subscribeGranted(c.client, [
        `mafia/v1/t1/seat/${n}/view`,
        `mafia/v1/t1/seat/${n}/signal`,
      ]);
      const p = new Paddle(n, c);
      await p.send("hello", { fw: "1.0.0", caps: ["thumb", "blindfold", "haptic"] });
      paddles.set(n, p);
    }
    // Seat 2's hello went through B: acknowledged, so already in Redis under A's lease.
    const lease = (await redis.get(tableKey("t1", "lease"))) as string;
    const path = gameKey("t1", Number(await redis.get(tableKey("t1", "current"))));
    const entries = await readGameTokens(redis, path);
    expect(entries.some((e) => e.line.includes('"seat":2') && e.line.includes('"hello"'))).toBe(
      true,
    );
    expect(new Set(entries.map((e) => e.token))).toEqual(new Set([Number(lease.split(":").pop())]));

    const driver = new SportDriver(host, hc, paddles);
    await driver.after(-1);
    await driver.play(600);
    expect(driver.latest().phase).toBe("ended");

    // The display on B saw the game A stepped, to its end, with every seat online.
    const pub = await display.inbox.next<{
      winner: string;
      deal: { commitment: string; salt: string; roles: string[] };
      seats: { online: boolean }[];
    }>("mafia/v1/t1/public/state", (s) => s.winner !== null, { past: true });
    expect(pub.winner).toBe(driver.latest().winner);
    expect(pub.seats.every((s) => s.online)).toBe(true);
    expect(verifyDeal(pub.deal.commitment, pub.deal.salt, pub.deal.roles)).toBe(true);
    expect(a.tables.get("t1")?.game?.phase).toBe("ended");
    // A paddle on A got its private view from A, one on B from A through the emitter.
    for (const n of [1, 2]) {
      const view = conns[n + 1]?.inbox.latest(`mafia/v1/t1/seat/${n}/view`)?.json as {
        seat: number;
      };
      expect(view.seat).toBe(n);
    }
  }, 180_000);
});
