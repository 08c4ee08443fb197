/**
 * `--cluster` (issue 18) from outside: two hubs on one real redis-server, hub A owns table
 * t1, the attacker connects to hub B, which forwards its clients' inputs to A. A seat on B
 * may do on t1 exactly what it could on A: its own input goes through; another seat's
 * input topic, the host's command topic, the cluster's own `$SYS` forwarding topics (a
 * forged forwarded input as another seat) and every secret topic are refused, and the
 * game on A does not change.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterHub } from "../cluster/fixture.js";
import {
  type Connected,
  connectAs,
  connectIdentity,
  endAll,
  gameOf,
  HostConsole,
  Paddle,
  subscribeGranted,
  type TestHub,
  until,
} from "../helpers/hub.js";
import { startRedis } from "../helpers/redis-server.js";

const cleanups: (() => Promise<void>)[] = [];
let a: TestHub;
let b: TestHub;
let host: HostConsole;
let attacker: Connected;
const clients: Connected[] = [];

beforeAll(async () => {
  const server = await startRedis();
  cleanups.push(() => server.stop());
  a = await clusterHub(server.url, cleanups);
  b = await clusterHub(server.url, cleanups);
  expect(a.cluster?.owns("t1")).toBe(true);
  expect(b.cluster?.owns("t1")).toBe(false);
  const hc = await connectIdentity(b, "host/t1");
  clients.push(hc);
  await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
  host = new HostConsole(hc);
  const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
  expect((await host.command("setup", { ruleset: "sport", seats })).ok).toBe(true);
  expect((await host.command("start")).ok).toBe(true);
  attacker = await connectIdentity(b, "seat/t1/3");
  clients.push(attacker);
}, 60_000);

afterAll(async () => {
  await endAll(...clients);
  for (const c of cleanups.splice(0).reverse()) await c();
});

const refusedOn = (hub: TestHub, from: number) =>
  hub.records
    .slice(from)
    .filter((r) => r.event === "publish.refused")
    .map((r) => r.topic as string);

describe("a seat on the other hub of a cluster", () => {
  it("may not subscribe to another seat's, the host's, the audience's or the cluster's topics", async () => {
    const filters = [
      "mafia/v1/t1/seat/4/view",
      "mafia/v1/t1/seat/4/text",
      "mafia/v1/t1/host/#",
      "mafia/v1/t1/audience/#",
      "$SYS/#",
      "$SYS/mafia-hub/fwd/t1",
      "$SYS/mafia-hub/fwd/+",
      "$SYS/mafia-hub/ack/#",
      "#",
    ];
    expect(await subscribeGranted(attacker.client, filters)).toEqual(filters.map(() => 128));
  });

  it("its own input reaches the owner; another seat's, the host's and a forged forwarded one do not", async () => {
    const own = new Paddle(3, attacker);
    await own.send("thumb", { down: true });
    await until(() => gameOf(a).seats[2]?.thumbDown === true, 10_000, "seat 3's own input on A");
    const from = b.records.length;
    const body = (kind: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ boot: "0badc0de", seq: 1, kind, ...extra });
    await attacker.client.publishAsync("mafia/v1/t1/seat/4/input", body("thumb", { down: true }), {
      qos: 1,
    });
    await attacker.client.publishAsync(
      "mafia/v1/t1/host/command",
      JSON.stringify({ id: "x1", cmd: "end" }),
      { qos: 1 },
    );
    expect(refusedOn(b, from).sort()).toEqual([
      "mafia/v1/t1/host/command",
      "mafia/v1/t1/seat/4/input",
    ]);
    // A forwarded input as seat 4, straight onto the cluster's emitter topic.
    const forged = JSON.stringify({
      id: "forged-1",
      from: "evil",
      msg: { kind: "seat", seat: 4, payload: body("thumb", { down: true }) },
    });
    await attacker.client
      .publishAsync("$SYS/mafia-hub/fwd/t1", forged, { qos: 1 })
      .catch(() => undefined);
    // A barrier through the owner: the attacker's own next input is applied after all of it.
    if (!attacker.client.connected) {
      attacker = await connectIdentity(b, "seat/t1/3");
      clients.push(attacker);
    }
    await new Paddle(3, attacker).send("thumb", { down: false });
    await until(() => gameOf(a).seats[2]?.thumbDown === false, 10_000, "the barrier on A");
    const game = gameOf(a);
    expect(game.seats[3]?.thumbDown ?? null).toBeNull();
    expect(game.phase).not.toBe("ended");
  });

  it("cannot take another identity's clientId on the other hub (a session takeover would kick the host off hub A)", async () => {
    const victim = await connectAs(a.mqttPort, "host/t1", a.secrets.password("host/t1"), {
      clientId: "console-victim",
    });
    clients.push(victim);
    let dropped = false;
    victim.client.on("close", () => {
      dropped = true;
    });
    const code = await connectAs(b.mqttPort, "seat/t1/3", b.secrets.password("seat/t1/3"), {
      clientId: "console-victim",
    }).then(
      async (c) => {
        clients.push(c);
        return 0;
      },
      (err: Error & { code?: number }) => err.code,
    );
    // A barrier through both hubs: the victim's own command is answered by the owner, or
    // the victim is dropped first.
    await subscribeGranted(victim.client, ["mafia/v1/t1/host/reply"]).catch(() => undefined);
    const answered = await Promise.race([
      new HostConsole(victim).command("pause").then(
        () => true,
        () => false,
      ),
      until(() => dropped, 15_000, "the victim dropped").then(
        () => false,
        () => false,
      ),
    ]);
    // Refused (2) or given a session of its own (0): either way the host stays.
    expect([0, 2]).toContain(code);
    expect({ dropped, answered }).toEqual({ dropped: false, answered: true });
  });
});
