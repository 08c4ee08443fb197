/**
 * The permission matrix over the real broker with real mqtt.js clients: every identity ×
 * every topic kind × publish/subscribe (wildcards, other seats, other tables included),
 * anonymous clients and wrong passwords, and what actually gets delivered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPECTED, TOPICS, WILDCARDS } from "../helpers/acl-matrix.js";
import {
  type Connected,
  connectAs,
  connectIdentity,
  endAll,
  removeDir,
  startTestHub,
  subscribeGranted,
  type TestHub,
  tempDir,
  until,
} from "../helpers/hub.js";

let dir: string;
let hub: TestHub;
const USERNAMES = { seat: "seat/t1/3", display: "display/t1", host: "host/t1" } as const;

beforeAll(async () => {
  dir = await tempDir();
  hub = await startTestHub({ dataDir: dir, tables: ["t1", "t2"] });
});

afterAll(async () => {
  await hub?.stop();
  await removeDir(dir);
});

function connackCode(err: unknown): number | undefined {
  return (err as { code?: number }).code;
}

describe("CONNECT", () => {
  it("refuses anonymous clients with 'not authorized'", async () => {
    const err = await connectAs(hub.mqttPort, undefined, undefined).catch((e: unknown) => e);
    expect(connackCode(err)).toBe(5);
  });

  it("refuses a wrong password, another identity's password and an unknown username", async () => {
    const wrong = await connectAs(hub.mqttPort, "seat/t1/3", "not-the-password").catch(
      (e: unknown) => e,
    );
    expect(connackCode(wrong)).toBe(5);
    const borrowed = await connectAs(
      hub.mqttPort,
      "seat/t1/3",
      hub.secrets.password("seat/t1/4"),
    ).catch((e) => e);
    expect(connackCode(borrowed)).toBe(5);
    const unknown = await connectAs(hub.mqttPort, "seat/t9/3", "x").catch((e: unknown) => e);
    expect(connackCode(unknown)).toBe(5);
    const refusals = hub.records.filter((r) => r.event === "connect.refused");
    expect(refusals.length).toBeGreaterThanOrEqual(3);
  });

  it("accepts each identity over TCP and over WebSocket at /mqtt", async () => {
    for (const username of Object.values(USERNAMES)) {
      const tcp = await connectIdentity(hub, username);
      const ws = await connectIdentity(hub, username, { transport: "ws" });
      expect(tcp.client.connected && ws.client.connected).toBe(true);
      await endAll(tcp, ws);
    }
  });

  it("refuses a wrong password over WebSocket too", async () => {
    const err = await connectAs(hub.httpPort, "host/t1", "nope", { transport: "ws" }).catch(
      (e: unknown) => e,
    );
    expect(connackCode(err)).toBe(5);
  });
});

describe("permission matrix over the broker", () => {
  for (const [role, username] of Object.entries(USERNAMES) as [keyof typeof USERNAMES, string][]) {
    it(`${role}: SUBSCRIBE grants exactly the allowed filters (QoS 128 otherwise)`, async () => {
      const c = await connectIdentity(hub, username);
      const filters = [...TOPICS, ...WILDCARDS];
      const granted = await subscribeGranted(c.client, filters);
      const allowed = filters.filter((_f, i) => granted[i] !== 128);
      expect(allowed.sort()).toEqual([...EXPECTED[role].subscribe].sort());
      expect(c.client.connected).toBe(true);
      await endAll(c);
    });

    it(`${role}: PUBLISH is taken only on the allowed topics; the rest is dropped and logged, connection kept`, async () => {
      const c = await connectIdentity(hub, username);
      const before = hub.records.length;
      for (const topic of TOPICS) {
        await c.client.publishAsync(
          topic,
          JSON.stringify({ boot: "00000001", seq: 1, kind: "pass" }),
          { qos: 1 },
        );
      }
      const refused = hub.records
        .slice(before)
        .filter((r) => r.event === "publish.refused")
        .map((r) => r.topic as string);
      expect(refused.sort()).toEqual(
        TOPICS.filter((t) => !EXPECTED[role].publish.includes(t)).sort(),
      );
      expect(c.client.connected).toBe(true);
      await endAll(c);
    });
  }
});

describe("delivery", () => {
  let seat3: Connected;
  let seat4: Connected;
  let display: Connected;
  let host: Connected;
  let other: Connected;

  beforeAll(async () => {
    seat3 = await connectIdentity(hub, "seat/t1/3");
    seat4 = await connectIdentity(hub, "seat/t1/4");
    display = await connectIdentity(hub, "display/t1");
    host = await connectIdentity(hub, "host/t1");
    other = await connectIdentity(hub, "host/t2");
  });
  afterAll(() => endAll(seat3, seat4, display, host, other));

  it("a seat gets its own retained view and the public state, never another seat's or the host's", async () => {
    await subscribeGranted(seat3.client, ["mafia/v1/t1/seat/3/view", "mafia/v1/t1/public/#"]);
    await seat3.inbox.next("mafia/v1/t1/seat/3/view", () => true, { past: true });
    // Every retained message of public/# lands before the check, not only the state.
    for (const topic of ["state", "glance", "rulesets"])
      await seat3.inbox.next(`mafia/v1/t1/public/${topic}`, () => true, { past: true });
    const g = await subscribeGranted(seat3.client, [
      "mafia/v1/t1/seat/4/view",
      "mafia/v1/t1/host/view",
      "#",
    ]);
    expect(g).toEqual([128, 128, 128]);
    await seat4.client.publishAsync(
      "mafia/v1/t1/seat/4/input",
      JSON.stringify({ boot: "0000000a", seq: 1, kind: "hello", fw: "t", caps: [] }),
      { qos: 1 },
    );
    await hub.tables.get("t1")?.idle();
    const topics = new Set(seat3.inbox.all.map((m) => m.topic));
    expect([...topics].sort()).toEqual([
      "mafia/v1/t1/public/glance",
      "mafia/v1/t1/public/rulesets",
      "mafia/v1/t1/public/state",
      "mafia/v1/t1/seat/3/view",
    ]);
  });

  it("the host's commands are consumed by the hub, not echoed to host/# subscribers", async () => {
    await subscribeGranted(host.client, ["mafia/v1/t1/host/#"]);
    await host.client.publishAsync(
      "mafia/v1/t1/host/command",
      JSON.stringify({ id: "x1", cmd: "pause" }),
      { qos: 1 },
    );
    await host.inbox.next("mafia/v1/t1/host/reply", (r: { id: string }) => r.id === "x1", {
      past: true,
    });
    expect(host.inbox.all.some((m) => m.topic === "mafia/v1/t1/host/command")).toBe(false);
  });

  it("another table's host sees nothing of t1", async () => {
    const g = await subscribeGranted(other.client, [
      "mafia/v1/t1/public/#",
      "mafia/v1/t2/public/#",
    ]);
    expect(g[0]).toBe(128);
    await other.inbox.next("mafia/v1/t2/public/state", () => true, { past: true });
    expect(other.inbox.all.every((m) => m.topic.startsWith("mafia/v1/t2/"))).toBe(true);
  });

  it("a retained publish by a client is not stored: nothing new is retained for late subscribers", async () => {
    await seat3.client.publishAsync("mafia/v1/t1/seat/3/input", "{}", { qos: 1, retain: true });
    const late = await connectIdentity(hub, "host/t1");
    await subscribeGranted(late.client, ["mafia/v1/t1/host/#", "mafia/v1/t1/public/#"]);
    await late.inbox.next("mafia/v1/t1/host/view", () => true, { past: true });
    await until(() => late.inbox.all.length >= 6, 2000, "retained views");
    expect(late.inbox.all.map((m) => m.topic).sort()).toEqual([
      "mafia/v1/t1/host/devices",
      "mafia/v1/t1/host/rulesets",
      "mafia/v1/t1/host/view",
      "mafia/v1/t1/public/glance",
      "mafia/v1/t1/public/rulesets",
      "mafia/v1/t1/public/state",
    ]);
    await endAll(late);
  });
});
