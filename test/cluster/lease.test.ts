/**
 * Table ownership by a lease in Redis with a fencing token (hub/cluster/lease.ts), against a
 * real redis-server and real hub processes: one owner at a time; an append under a lease
 * that is no longer current is refused by Redis atomically and writes nothing; a hub that
 * is paused (SIGSTOP) past its lease and resumed (SIGCONT) after another hub took the
 * table writes nothing more to it.
 */
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { tableKey } from "../../hub/cluster/keys.js";
import { TableLease } from "../../hub/cluster/lease.js";
import {
  gameKey,
  LeaseLost,
  readGameTokens,
  redisJournals,
} from "../../hub/cluster/redis-journal.js";
import { JOURNAL_VERSION } from "../../hub/journal/journal.js";
import { createMemoryLogger } from "../../hub/process/logger.js";
import { type HubProcess, spawnHub } from "../helpers/cli-process.js";
import { connectAs, endAll, Paddle, removeDir, tempDir, until } from "../helpers/hub.js";
import { type RedisServer, startRedis } from "../helpers/redis-server.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function redisServer(): Promise<{ server: RedisServer; redis: Redis }> {
  const server = await startRedis();
  const redis = new Redis(server.url);
  cleanups.push(async () => {
    redis.disconnect();
    await server.stop();
  });
  return { server, redis };
}

const header = {
  type: "header" as const,
  v: JOURNAL_VERSION as 2,
  config: {
    table: "t1",
    ruleset: "sport" as const,
    seats: [],
    options: {},
    seed: "0".repeat(32),
    at: 0,
  },
  setupId: null,
  seen: {},
  hostIds: [],
};

describe("table lease with fencing", () => {
  it("one holder at a time; an append under a lease that is no longer current writes nothing", async () => {
    const { redis } = await redisServer();
    const { logger } = createMemoryLogger("debug");
    const lost: string[] = [];
    const a = new TableLease(
      redis,
      "t1",
      "hub-a",
      { ttlMs: 60_000, onLost: (w) => lost.push(w) },
      logger,
    );
    const b = new TableLease(
      redis,
      "t1",
      "hub-b",
      { ttlMs: 60_000, onLost: () => undefined },
      logger,
    );
    cleanups.push(async () => {
      await a.release();
      await b.release();
    });
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    const leases = new Map([["hub-a", a]]);
    // What hub a believes it holds, even after Redis moved on (a paused process).
    const believed = a.value;
    const journals = redisJournals(redis, () => believed);
    const game = await journals("t1").create(header);
    await game.append({ type: "presence", at: 1, seat: 1, online: true });
    expect(await redis.xlen(gameKey("t1", 1))).toBe(2);

    // a's lease expires (here: removed), b takes the table with a higher token.
    await redis.del(tableKey("t1", "lease"));
    expect(await b.acquire()).toBe(true);
    expect((b.token as number) > (a.token as number)).toBe(true);
    await expect(game.append({ type: "presence", at: 2, seat: 1, online: false })).rejects.toThrow(
      LeaseLost,
    );
    await expect(journals("t1").create(header)).rejects.toThrow(LeaseLost);
    expect(await redis.xlen(gameKey("t1", 1))).toBe(2);
    expect(await redis.exists(gameKey("t1", 2))).toBe(0);
    expect(leases.size).toBe(1);
  });

  it("a hub paused (SIGSTOP) past its lease and resumed after another took the table writes nothing more", async () => {
    const { server, redis } = await redisServer();
    const dirs = [await tempDir("hub-a-"), await tempDir("hub-b-")];
    cleanups.push(async () => {
      for (const d of dirs) await removeDir(d);
    });
    const hubs: HubProcess[] = [];
    cleanups.push(async () => {
      for (const h of hubs) {
        h.proc.kill("SIGCONT");
        h.proc.kill("SIGKILL");
        await h.exited;
      }
    });
    const start = async (dir: string) => {
      const h = await spawnHub([
        ...["--data-dir", dir, "--mqtt-port", "0", "--http-port", "0"],
        ...["--cluster", server.url, "--lease-ms", "1000", "--log-level", "debug"],
      ]);
      hubs.push(h);
      return h;
    };
    const a = await start(dirs[0] as string);
    const leaseA = (await redis.get(tableKey("t1", "lease"))) as string;
    const tokenA = Number(leaseA.split(":").pop());
    const b = await start(dirs[1] as string);
    expect(await redis.get(tableKey("t1", "lease"))).toBe(leaseA); // b waits

    const secrets = await a.secrets();
    const conn = await connectAs(a.mqttPort, "seat/t1/4", secrets["seat/t1/4"]);
    cleanups.push(() => endAll(conn));
    const paddle = new Paddle(4, conn);
    await paddle.send("hello", { fw: "1.0.0", caps: [] });
    const path = gameKey("t1", Number(await redis.get(tableKey("t1", "current"))));
    const byA = async () => (await readGameTokens(redis, path)).filter((e) => e.token === tokenA);
    const writtenByA = (await byA()).length;
    expect(writtenByA).toBeGreaterThan(1);

    a.proc.kill("SIGSTOP");
    // An input reaches the paused hub's socket; it will see it only when it wakes.
    const late = paddle.send("hello", { fw: "2.0.0", caps: [] }).then(
      () => "acknowledged",
      () => "not acknowledged",
    );
    await until(
      async () => ![leaseA, null].includes(await redis.get(tableKey("t1", "lease"))),
      10_000,
      "hub b to take the lease",
    );
    const leaseB = (await redis.get(tableKey("t1", "lease"))) as string;
    expect(Number(leaseB.split(":").pop())).toBeGreaterThan(tokenA);
    await until(() => b.stderr().includes('"event":"table.owned"'), 10_000, "b to own t1");

    a.proc.kill("SIGCONT");
    await until(() => a.stderr().includes('"event":"lease.lost"'), 10_000, "a to notice");
    // The late input is acknowledged only if a forwarded it to b, who journaled it.
    const outcome = await Promise.race([
      late,
      new Promise((r) => setTimeout(() => r("pending"), 3000)),
    ]);
    expect((await byA()).length).toBe(writtenByA);
    const entries = await readGameTokens(redis, path);
    const late2 = entries.filter((e) => e.line.includes('"fw":"2.0.0"'));
    if (outcome === "acknowledged")
      expect(late2.map((e) => e.token)).toEqual([Number(leaseB.split(":").pop())]);
    else expect(late2.every((e) => e.token !== tokenA)).toBe(true);
    expect(await redis.get(tableKey("t1", "lease"))).toBe(leaseB);
  }, 120_000);
});
