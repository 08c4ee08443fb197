/**
 * Redis going away under a cluster hub (docs/CLUSTER.md, "Redis is unreachable or stops"):
 * a real hub process and a real redis-server that is SIGKILLed and started again on the
 * same port and AOF. The hub must live through it (the shared emitter's connection errors
 * used to end the process), and a table whose journal write failed meanwhile must not stay
 * stuck: it is dropped, taken again and replayed from Redis, and every acknowledged input
 * is in the journal exactly once, the one that failed once after its re-send.
 */
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { tableKey } from "../../hub/cluster/keys.js";
import { gameKey, readGameTokens } from "../../hub/cluster/redis-journal.js";
import { parseJournalLines } from "../../hub/journal/journal.js";
import { type HubProcess, spawnHub } from "../helpers/cli-process.js";
import { connectAs, endAll, Paddle, removeDir, tempDir, until } from "../helpers/hub.js";
import { startRedis } from "../helpers/redis-server.js";

/** Longer than the outage, so the hub still holds the lease when Redis is back. */
const LEASE_MS = 4000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const count = (hub: HubProcess, event: string) =>
  hub.stderr().split(`"event":"${event}"`).length - 1;

describe("Redis stops under a cluster hub", () => {
  it("the hub lives on, and a table whose journal write failed is replayed from Redis, every acknowledged input once", async () => {
    const server = await startRedis();
    cleanups.push(() => server.stop());
    const dir = await tempDir("hub-outage-");
    cleanups.push(() => removeDir(dir));
    const hub = await spawnHub([
      ...["--data-dir", dir, "--mqtt-port", "0", "--http-port", "0", "--table", "t1"],
      ...["--cluster", server.url, "--lease-ms", String(LEASE_MS), "--log-level", "info"],
    ]);
    cleanups.push(async () => void hub.proc.kill("SIGKILL"));
    const secrets = await hub.secrets();
    const connect = () => connectAs(hub.mqttPort, "seat/t1/5", secrets["seat/t1/5"]);

    const first = await connect();
    cleanups.push(() => endAll(first));
    const paddle = new Paddle(5, first);
    await paddle.send("hello", { fw: "1.0.0", caps: [] });

    await server.kill();
    const ended = () => hub.proc.exitCode !== null || hub.proc.signalCode !== null;
    await until(() => ended() || count(hub, "redis.down") > 0, 5_000, "Redis gone, noticed");
    expect(ended(), `the hub ended:\n${hub.stderr().slice(-600)}`).toBe(false);
    // This input's journal write cannot reach Redis: no PUBACK, the table is stepped past Redis.
    paddle.send("hello", { fw: "1.0.1", caps: [] }).catch(() => undefined);
    await until(() => count(hub, "input.not_journaled") > 0, 10_000, "the failed journal write");

    await server.restart();
    // Taken again (after the lease it could not give up expired) and replayed from Redis.
    await until(() => count(hub, "table.owned") >= 2, 20_000, "the hub to own t1 again");
    const again = await connect();
    cleanups.push(() => endAll(again));
    const resent = new Paddle(5, again, "t1", paddle.boot);
    resent.seq = 1; // the re-send of seq 2, which had no PUBACK
    await resent.send("hello", { fw: "1.0.1", caps: [] });
    await resent.send("hello", { fw: "1.0.2", caps: [] });
    expect(ended()).toBe(false);

    const redis = new Redis(server.url);
    cleanups.push(async () => void redis.disconnect());
    expect(await redis.get(tableKey("t1", "current"))).toBe("1");
    const path = gameKey("t1", 1);
    const lines = (await readGameTokens(redis, path)).map((e) => e.line);
    const { records } = parseJournalLines(path, lines);
    expect(records.map((r) => r.n)).toEqual(records.map((_, i) => i + 1));
    const seqs = records.flatMap((r) => (r.src && "seat" in r.src ? [r.src.seq] : []));
    expect(seqs).toEqual([1, 2, 3]);
  }, 60_000);
});
