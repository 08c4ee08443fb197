/**
 * A forwarded input waits for the table's new owner and goes to it (issue 27, "Recovery
 * takes too long"): it was emitted while the owner was dead (nobody answers), and used to
 * wait out the whole forward timeout and be dropped. Now the `hello` of the hub that takes
 * the table makes every forward still waiting go to it at once; and a hub that takes the
 * table itself runs its own waiting forwards on it. Real redis-server, real mqemitter-redis.
 */
import MQEmitterRedis from "mqemitter-redis";
import { afterAll, describe, expect, it } from "vitest";
import { type Emitter, type Forwarded, Forwarder } from "../../hub/cluster/forward.js";
import { createMemoryLogger } from "../../hub/process/logger.js";
import { startRedis } from "../helpers/redis-server.js";

const TIMEOUT_MS = 20_000;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function forwarder(url: string, hubId: string, owns: () => boolean, got: Forwarded[]) {
  const mq = MQEmitterRedis({ connectionString: url });
  cleanups.push(() => new Promise<void>((resolve) => mq.close(() => resolve())));
  const f = new Forwarder(mq as unknown as Emitter, hubId, createMemoryLogger().logger, TIMEOUT_MS);
  cleanups.push(async () => f.stop());
  await f.start((_table, msg) => {
    if (msg.kind === "hello" || !owns()) return null;
    got.push(msg);
    return Promise.resolve();
  });
  return f;
}

describe("forwarding across a takeover", () => {
  it("a forward waiting for a dead owner goes to the hub that takes the table, well before its timeout", async () => {
    const server = await startRedis();
    cleanups.push(() => server.stop());
    let cOwns = false;
    const atB: Forwarded[] = [];
    const atC: Forwarded[] = [];
    const b = await forwarder(server.url, "hub-b", () => false, atB);
    const c = await forwarder(server.url, "hub-c", () => cOwns, atC);
    const started = performance.now();
    let answered = 0;
    const input = b.send("t1", { kind: "seat", seat: 3, payload: "e30=" });
    input.then(() => {
      answered = performance.now();
    });
    await new Promise((resolve) => setTimeout(resolve, 300)); // nobody owns t1: no answer
    expect(answered).toBe(0);
    cOwns = true; // hub C took the lease and opened the table
    c.tell("t1", { kind: "hello" });
    await input;
    expect(atC).toEqual([{ kind: "seat", seat: 3, payload: "e30=" }]);
    expect(answered - started).toBeLessThan(TIMEOUT_MS);
  }, 60_000);

  it("a hub that takes the table itself runs its own waiting forwards on it", async () => {
    const server = await startRedis();
    cleanups.push(() => server.stop());
    const b = await forwarder(server.url, "hub-b", () => false, []);
    const input = b.send("t1", { kind: "host", payload: "e30=" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ran: Forwarded[] = [];
    b.ownerIsHere("t1", (_t, msg) => {
      ran.push(msg);
      return Promise.resolve();
    });
    await input;
    expect(ran).toEqual([{ kind: "host", payload: "e30=" }]);
  }, 60_000);
});
