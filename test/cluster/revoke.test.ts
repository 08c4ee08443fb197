/**
 * A pairing revoked through one hub's console is revoked in the whole cluster (docs/
 * CLUSTER.md, "Identities"): two hubs on one redis-server; seat 4's pairing is revoked on
 * hub A while its paddle is connected to hub B. B drops the paddle, refuses the old
 * password, hands out only the new one in `GET /api/pairing`, and so does B after a
 * restart (it used to take the old password back from its own file and Redis).
 */
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { SECRETS_KEY } from "../../hub/cluster/secrets.js";
import {
  connectAs,
  endAll,
  removeDir,
  startTestHub,
  type TestHub,
  tempDir,
  until,
} from "../helpers/hub.js";
import { startRedis } from "../helpers/redis-server.js";
import type { Cleanups } from "./fixture.js";

const cleanups: Cleanups = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const SEAT = "seat/t1/4";

async function pairing(hub: TestHub): Promise<string | undefined> {
  const r = await fetch(`http://127.0.0.1:${hub.httpPort}/api/pairing?table=t1`, {
    headers: { authorization: `Bearer ${hub.secrets.password("host/t1")}` },
  });
  expect(r.status).toBe(200);
  const body = (await r.json()) as { seats: { seat: number; password: string }[] };
  return body.seats.find((s) => s.seat === 4)?.password;
}

describe("revocations in a cluster", () => {
  it("a pairing revoked on hub A is refused and not handed out by hub B, also after B restarts", async () => {
    const server = await startRedis(["--maxmemory-policy", "noeviction"]);
    cleanups.push(() => server.stop());
    const redis = new Redis(server.url);
    cleanups.push(async () => void redis.disconnect());
    const start = async (dataDir: string) => {
      const hub = await startTestHub({ dataDir, cluster: { url: server.url } });
      cleanups.push(() => hub.stop());
      return hub;
    };
    const dirA = await tempDir("hub-revoke-a-");
    const dirB = await tempDir("hub-revoke-b-");
    cleanups.push(
      () => removeDir(dirA),
      () => removeDir(dirB),
    );
    const a = await start(dirA);
    let b = await start(dirB);
    const old = await pairing(b);
    expect(old).toBe(a.secrets.password(SEAT));
    const paddle = await connectAs(b.mqttPort, SEAT, old);
    cleanups.push(() => endAll(paddle));
    const dropped = new Promise<void>((r) => paddle.client.once("close", () => r()));

    const r = await fetch(`http://127.0.0.1:${a.httpPort}/api/pairing/revoke?table=t1&seat=4`, {
      method: "POST",
      headers: { authorization: `Bearer ${a.secrets.password("host/t1")}` },
    });
    expect(r.status).toBe(200);
    const { password } = (await r.json()) as { password: string };
    expect(password).not.toBe(old);
    expect(await redis.hget(SECRETS_KEY, SEAT)).toBe(password);

    await dropped; // B closed the paddle's connection
    await until(
      async () => (await pairing(b)) === password,
      5_000,
      "B to hand out the new password",
    );
    await expect(connectAs(b.mqttPort, SEAT, old)).rejects.toThrow();
    await endAll(await connectAs(b.mqttPort, SEAT, password));

    await b.stop();
    b = await start(dirB);
    expect(await pairing(b)).toBe(password);
    await expect(connectAs(b.mqttPort, SEAT, old)).rejects.toThrow();
    await endAll(await connectAs(b.mqttPort, SEAT, password));
  }, 60_000);
});
