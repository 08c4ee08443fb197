/**
 * `/healthz` of a cluster hub is readiness a load balancer can use (docs/PROTOCOL.md): 200
 * while Redis answers, takes a write and the hub's leases are renewed; 503, within about a
 * second, when redis-server is frozen (SIGSTOP): it used to say `{"ok":true}` then. Ready
 * again once Redis is back.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Health } from "../../hub/process/health.js";
import { until } from "../helpers/hub.js";
import { startRedis } from "../helpers/redis-server.js";
import { type Cleanups, clusterHub } from "./fixture.js";

const cleanups: Cleanups = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("/healthz of a cluster hub", () => {
  it("503 while redis-server is frozen, 200 with every check ok otherwise", async () => {
    const server = await startRedis(["--maxmemory-policy", "noeviction"]);
    cleanups.push(() => server.stop());
    cleanups.push(async () => void server.proc.kill("SIGCONT"));
    const hub = await clusterHub(server.url, cleanups, 2000);
    const get = async () => {
      const r = await fetch(`http://127.0.0.1:${hub.httpPort}/healthz`);
      return { status: r.status, body: (await r.json()) as Health };
    };

    const ready = await get();
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      ok: true,
      checks: { redis: { ok: true }, journal: { ok: true }, leases: { ok: true, held: ["t1"] } },
    });

    server.proc.kill("SIGSTOP");
    const frozen = await get();
    expect(frozen.status).toBe(503);
    expect(frozen.body.ok).toBe(false);
    expect(frozen.body.checks.redis?.ok).toBe(false);
    expect(frozen.body.checks.redis?.error).toMatch(/no answer within/);
    expect(frozen.body.checks.journal?.ok).toBe(false);

    server.proc.kill("SIGCONT");
    let last = frozen;
    await until(
      async () => {
        last = await get();
        return last.status === 200;
      },
      15_000,
      "ready again",
    );
    expect(last.body.checks.leases?.held).toEqual(["t1"]);
  }, 60_000);
});
