/**
 * The journal on Redis Streams (hub/cluster/redis-journal.ts) against a real redis-server:
 * the hub refuses a Redis that is not durable enough; each record is one stream entry,
 * checksummed and numbered like the file journal's lines; an input is acknowledged only
 * after Redis replied (a stopped redis-server holds the PUBACK); another hub on another
 * data dir resumes the same game from Redis alone.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { tableKey } from "../../hub/cluster/keys.js";
import {
  gameKey,
  readGameTokens,
  redisJournals,
  tailKey,
} from "../../hub/cluster/redis-journal.js";
import { parseJournalLines } from "../../hub/journal/journal.js";
import { createMemoryLogger } from "../../hub/process/logger.js";
import {
  connectIdentity,
  endAll,
  gameOf,
  Paddle,
  removeDir,
  startTestHub,
  tempDir,
} from "../helpers/hub.js";
import { type RedisServer, startRedis } from "../helpers/redis-server.js";
import { clusterHub } from "./fixture.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function redisWith(extra: string[] = []): Promise<RedisServer> {
  const server = await startRedis(extra);
  cleanups.push(() => server.stop());
  return server;
}

describe("Redis settings checked at start", () => {
  it("refuses a Redis without appendfsync always, naming what to change", async () => {
    const server = await redisWith(["--appendfsync", "everysec"]);
    const dataDir = await tempDir("hub-cluster-");
    cleanups.push(() => removeDir(dataDir));
    await expect(startTestHub({ dataDir, cluster: { url: server.url } })).rejects.toThrow(
      /appendfsync is everysec, needs always/,
    );
  });

  it("refuses a Redis without the AOF or one that may evict keys", async () => {
    const server = await redisWith(["--appendonly", "no", "--maxmemory-policy", "allkeys-lru"]);
    const dataDir = await tempDir("hub-cluster-");
    cleanups.push(() => removeDir(dataDir));
    await expect(startTestHub({ dataDir, cluster: { url: server.url } })).rejects.toThrow(
      /appendonly is no, needs yes; .*maxmemory-policy is allkeys-lru, needs noeviction/,
    );
  });
});

describe("journal on Redis Streams", () => {
  it("journals each input as a checksummed stream entry, acknowledged only after Redis replied", async () => {
    const server = await redisWith();
    const hub = await clusterHub(server.url, cleanups);
    const redis = new Redis(server.url);
    cleanups.push(async () => void redis.disconnect());
    const conn = await connectIdentity(hub, "seat/t1/5");
    cleanups.push(() => endAll(conn));
    await hub.tables.get("t1")?.idle();
    const paddle = new Paddle(5, conn);
    await paddle.send("hello", { fw: "9.9.9", caps: [] });

    const path = gameKey("t1", 1);
    expect(await redis.get(tableKey("t1", "current"))).toBe("1");
    const entries = await readGameTokens(redis, path);
    const { header, records } = parseJournalLines(
      path,
      entries.map((e) => e.line),
    );
    expect(header.config.table).toBe("t1");
    expect(records.map((r) => r.n)).toEqual(records.map((_, i) => i + 1));
    expect(records.at(-1)?.src).toMatchObject({ seat: 5, seq: 1 });
    // Written under this hub's lease: its fencing token is on every entry.
    const lease = (await redis.get(tableKey("t1", "lease"))) as string;
    expect(new Set(entries.map((e) => e.token))).toEqual(new Set([Number(lease.split(":").pop())]));
    // No journal file on this hub's disk: Redis is where the game lives.
    expect(await readdir(join(hub.dataDir, "t1")).catch(() => [])).toEqual([]);

    // A stopped redis-server cannot reply: the input waits for its PUBACK until it can.
    const events: string[] = [];
    server.proc.kill("SIGSTOP");
    const acked = paddle
      .send("hello", { fw: "9.9.10", caps: [] })
      .then(() => events.push("PUBACK"));
    await new Promise((r) => setTimeout(r, 500));
    events.push("redis resumed");
    server.proc.kill("SIGCONT");
    await acked;
    expect(events).toEqual(["redis resumed", "PUBACK"]);
    const after = await readGameTokens(redis, path);
    expect(after.at(-1)?.line).toContain('"fw":"9.9.10"');
  });

  it("another hub on another data dir resumes the same game from Redis alone", async () => {
    const server = await redisWith();
    const first = await clusterHub(server.url, cleanups);
    const conn = await connectIdentity(first, "seat/t1/3");
    const paddle = new Paddle(3, conn);
    await paddle.send("hello", { fw: "1.0.0", caps: [] });
    await endAll(conn);
    await first.tables.get("t1")?.idle();
    const before = structuredClone(gameOf(first));
    await first.stop(); // gives its lease up

    const second = await clusterHub(server.url, cleanups);
    const resumed = gameOf(second);
    expect(resumed.deal).toEqual(before.deal);
    expect(resumed.seats.map((s) => s.fw ?? null)).toEqual(before.seats.map((s) => s.fw ?? null));
    expect(resumed.rev).toBeGreaterThanOrEqual(before.rev);
    // Both hubs read the same identities from Redis.
    expect(second.secrets.toJSON()).toEqual(first.secrets.toJSON());
  });

  it("a deleted last entry, an entry added by hand and a deleted tail are refused on takeover (issue 28)", async () => {
    const server = await redisWith();
    const first = await clusterHub(server.url, cleanups);
    const conn = await connectIdentity(first, "seat/t1/3");
    const paddle = new Paddle(3, conn);
    for (const fw of ["1.0.0", "1.0.1"]) await paddle.send("hello", { fw, caps: [] });
    await endAll(conn);
    await first.tables.get("t1")?.idle();
    await first.stop(); // gives its lease up
    const redis = new Redis(server.url);
    cleanups.push(async () => void redis.disconnect());
    const path = gameKey("t1", 1);
    const entries = await readGameTokens(redis, path);
    const last = entries.at(-1);
    if (!last) throw new Error("no entries");
    // What a taking-over hub reads (the fence matters only to appends).
    const newest = () => redisJournals(redis, () => null)("t1").newest(createMemoryLogger().logger);
    await expect(newest()).resolves.toMatchObject({ path });

    await redis.xdel(path, last.id);
    await expect(newest()).rejects.toThrow(
      new RegExp(
        `${path}: line ${entries.length} is missing: .* record ${entries.length - 1} was stored`,
      ),
    );
    // Put back by hand (the chain is whole again) after a deleted tail: refused too.
    await redis.xadd(path, "*", "l", last.line, "t", String(last.token));
    const tail = (await redis.get(tailKey(path))) as string;
    await redis.del(tailKey(path));
    await expect(newest()).rejects.toThrow(/tail .*:tail is missing/);
    // A tail one entry behind: the newest entry was added outside the hub.
    const behind = JSON.parse(tail) as { n: number; h: string };
    const before = parseJournalLines(
      path,
      entries.slice(0, -1).map((e) => e.line),
    ).end;
    expect(before.n).toBe(behind.n - 1);
    await redis.set(tailKey(path), JSON.stringify(before));
    await expect(newest()).rejects.toThrow(/past the stream's tail/);
    await redis.set(tailKey(path), tail);
    await expect(newest()).resolves.toMatchObject({ path });
  });
});
