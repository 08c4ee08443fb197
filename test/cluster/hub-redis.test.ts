/**
 * The hub's Redis connections (hub/cluster/redis.ts, HubRedis): a command whose promise its
 * sender dropped must not become an unhandled rejection when the connection closes under
 * it. mqemitter-redis quits its connections without handling the reply, and
 * aedes-persistence-redis sends clean-up `lrem`s it never awaits; one of them, still queued
 * as a hub stopped, failed a CI run whose 1,397 tests had all passed ("Connection is
 * closed", from test/cluster/two-hubs.test.ts), and ended a `--cluster` hub with exit code 1
 * at SIGTERM. And Aedes's own deletion of a will on CONNECT (quietWillDeletes).
 */
import { once } from "node:events";
import { createRequire } from "node:module";
import MQEmitterRedis from "mqemitter-redis";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { HubRedis, quietWillDeletes } from "../../hub/cluster/redis.js";
import { createMemoryLogger } from "../../hub/process/logger.js";
import { startRedis } from "../helpers/redis-server.js";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Every unhandled rejection while a test runs (vitest would also fail the run for it). */
const unhandled: unknown[] = [];
const record = (reason: unknown) => void unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on("unhandledRejection", record);
});
afterEach(() => void process.off("unhandledRejection", record));

type WillClient = { id: string; brokerId: string };
const persistenceRedis = createRequire(import.meta.url)("aedes-persistence-redis") as (opts: {
  conn: HubRedis;
}) => { delWill(client: WillClient): Promise<unknown> };

/** Long enough for a rejection nobody handled to be reported. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("HubRedis", () => {
  it("a dropped command that the closing connection rejects is not an unhandled rejection; an awaited one still fails", async () => {
    const server = await startRedis();
    cleanups.push(() => server.stop());
    const conn = new HubRedis(server.url);
    await once(conn, "ready");
    // Queued behind a blocking read, so it is still waiting for its reply at the close.
    const blocked = conn.blpop("never-filled", 5);
    void conn.lrem("list", 0, "key"); // dropped, as aedes-persistence-redis drops it
    const awaited = conn.get("key");
    conn.disconnect();
    await expect(awaited).rejects.toThrow("Connection is closed");
    await expect(blocked).rejects.toThrow("Connection is closed");
    void conn.lrem("list", 0, "key"); // after the end: rejected at once, dropped
    await settle();
    expect(unhandled).toEqual([]);
  });

  it("mqemitter-redis on HubRedis connections closes with a publish still queued, and nothing goes unhandled", async () => {
    const server = await startRedis();
    cleanups.push(() => server.stop());
    const pubConn = new HubRedis(server.url);
    const subConn = new HubRedis(server.url);
    const mq = MQEmitterRedis({ pubConn, subConn });
    await Promise.all([once(pubConn, "ready"), once(subConn, "ready")]);
    const emitted: (Error | undefined)[] = [];
    for (let i = 0; i < 20; i++)
      mq.emit({ topic: `t/${i}`, payload: "x" }, (err) => emitted.push(err));
    await new Promise<void>((resolve) => mq.close(() => resolve()));
    // Both connections closed under the quit mqemitter-redis never awaits; a command sent
    // now is rejected at once and dropped like the library drops its own.
    void pubConn.publish("t/late", "x");
    void subConn.quit();
    await settle();
    expect(unhandled).toEqual([]);
    expect(pubConn.status).toBe("end");
    expect(subConn.status).toBe("end");
  });

  it("a will's DEL that Redis refuses on CONNECT (NOREPLICAS, as while a Sentinel promotes a replica) is logged, and Aedes's call goes on", async () => {
    // sentinel.test.ts in CI: Aedes's `delWill(client).finally(…)` left this rejection
    // unhandled, and it ended the hub (aedes/lib/handlers/connect.js).
    const server = await startRedis();
    cleanups.push(() => server.stop());
    const conn = new HubRedis(server.url);
    cleanups.push(async () => void conn.disconnect());
    await once(conn, "ready");
    await conn.config("SET", "min-replicas-to-write", "1"); // no replica: writes refused
    const client = { id: "test~seat/t1/7", brokerId: "hub-1" };
    await expect(persistenceRedis({ conn }).delWill(client)).rejects.toThrow(/NOREPLICAS/);
    const { logger, records } = createMemoryLogger("debug");
    const quiet = quietWillDeletes(persistenceRedis({ conn }), logger);
    const deleted = await quiet.delWill(client).finally(() => undefined); // as Aedes calls it
    await settle();
    expect(deleted).toBeNull();
    expect(unhandled).toEqual([]);
    const warned = records.find((r) => r.event === "redis.will_delete_failed");
    expect(String(warned?.err)).toMatch(/NOREPLICAS/);
  });
});
