/**
 * A forwarded input has a deadline (issue 27, "Recovery takes too long"): it waits for the
 * table's owner, goes to a new owner as soon as one takes the table, and where no hub owns
 * the table within the deadline (2 x the lease) the client is dropped without a PUBACK, so
 * that it re-sends, instead of the input being dropped in silence. One in-process hub on a
 * real redis-server; the table's lease is held by a hub that never answers (a dead one's
 * lease not yet expired), written into Redis by the test. A forward that Redis does not take
 * (the shared emitter's publish failed: Redis gone) cannot reach any owner, so its client
 * is dropped then, not at the deadline.
 */
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { tableKey } from "../../hub/cluster/keys.js";
import { connectIdentity, subscribeGranted, until } from "../helpers/hub.js";
import { startRedis } from "../helpers/redis-server.js";
import { type Cleanups, clusterHub } from "./fixture.js";

const LEASE_MS = 1000;
const DEADLINE_MS = 2 * LEASE_MS;

const cleanups: Cleanups = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const thumb = (seq: number) => JSON.stringify({ boot: "dead0001", seq, kind: "thumb", down: true });

describe("a forwarded input's deadline", () => {
  it("no owner within the deadline: no PUBACK and the client dropped, so it re-sends; then the new owner takes it", async () => {
    const server = await startRedis();
    cleanups.push(() => server.stop());
    const redis = new Redis(server.url);
    cleanups.push(async () => void redis.disconnect());
    // A dead hub's lease, for longer than the test waits.
    await redis.set(tableKey("t1", "lease"), "ghost-1-dead:1", "PX", 60_000);
    const hub = await clusterHub(server.url, cleanups, LEASE_MS);
    expect(hub.cluster?.owns("t1")).toBe(false);

    const paddle = await connectIdentity(hub, "seat/t1/1");
    cleanups.push(async () => void paddle.client.end(true));
    let acked = false;
    let closedAt = 0;
    paddle.client.on("close", () => {
      closedAt ||= performance.now();
    });
    const sent = performance.now();
    paddle.client.publish("mafia/v1/t1/seat/1/input", thumb(1), { qos: 1 }, (err) => {
      if (!err) acked = true;
    });
    await until(() => closedAt > 0, DEADLINE_MS + 3000, "the hub to drop the paddle");
    expect(acked).toBe(false);
    // Dropped at the deadline, not before it (the owner may still come) and not much after.
    expect(closedAt - sent).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(closedAt - sent).toBeLessThan(DEADLINE_MS + 1500);
    expect(hub.records.some((r) => r.event === "input.not_journaled")).toBe(true);

    // The re-sent input waits again; the dead hub's lease goes and this hub takes the table,
    // which answers the waiting input long before a second deadline.
    const again = await connectIdentity(hub, "seat/t1/1");
    cleanups.push(async () => void again.client.end(true));
    const resent = performance.now();
    const puback = again.client.publishAsync("mafia/v1/t1/seat/1/input", thumb(1), { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await redis.del(tableKey("t1", "lease"));
    await puback;
    expect(performance.now() - resent).toBeLessThan(DEADLINE_MS);
    expect(hub.cluster?.owns("t1")).toBe(true);
  }, 30_000);

  it("a forward Redis does not take fails at once: the client is dropped long before the deadline", async () => {
    // A deadline far longer than ioredis takes to give a publish up on a dead Redis (its
    // default 20 reconnect attempts, about 10 s), so a drop before it can only be the
    // failed publish, not the deadline.
    const longLease = 30_000;
    const server = await startRedis();
    cleanups.push(() => server.stop());
    const redis = new Redis(server.url);
    cleanups.push(async () => void redis.disconnect());
    await redis.set(tableKey("t1", "lease"), "ghost-1-dead:1", "PX", 120_000);
    const hub = await clusterHub(server.url, cleanups, longLease);
    expect(hub.cluster?.owns("t1")).toBe(false);
    const paddle = await connectIdentity(hub, "seat/t1/1");
    cleanups.push(async () => void paddle.client.end(true));
    let acked = false;
    let closed = false;
    paddle.client.on("close", () => {
      closed = true;
    });
    // Aedes's own Redis work for the connect (the session's queue, read after the CONNACK)
    // done first: a persistence command failing on the dead Redis drops a client too.
    await subscribeGranted(paddle.client, ["mafia/v1/t1/seat/1/view"]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(closed).toBe(false);

    redis.disconnect();
    await server.kill();
    const sent = performance.now();
    paddle.client.publish("mafia/v1/t1/seat/1/input", thumb(1), { qos: 1 }, (err) => {
      if (!err) acked = true;
    });
    await until(() => closed, 2 * longLease + 5000, "the hub to drop the paddle");
    const droppedAfter = performance.now() - sent;
    expect(acked).toBe(false);
    expect(hub.records.some((r) => r.event === "forward.emit_failed")).toBe(true);
    expect(droppedAfter).toBeLessThan(2 * longLease - 10_000);
    // Redis back, so the hub stops cleanly.
    await server.restart();
    await until(
      () => hub.records.filter((r) => r.event === "redis.back").length >= 3,
      30_000,
      "the hub's connections back on Redis",
    );
  }, 120_000);
});
