/**
 * The permission matrix for every identity of two tables (host, display, seats 1..20 of
 * t1 and t2): pure ACL functions and the real broker, publish and subscribe, concrete
 * topics and wildcards. test/hub/permissions.test.ts covers one identity of each kind
 * in depth (refused CONNECTs, delivery); this extends its oracle to all of them, and
 * checks every identity against every other's live clientId (issue 10: a CONNECT with a
 * live clientId takes the session over, so across identities it would kick a seat off).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mayPublish, mayReceive, maySubscribe } from "../../hub/mqtt/acl.js";
import {
  connectAs,
  connectIdentity,
  endAll,
  removeDir,
  startTestHub,
  subscribeGranted,
  type TestHub,
  tempDir,
} from "../helpers/hub.js";
import { IDENTITIES, matrixFor, TABLES } from "./matrix.js";

let dir: string;
let hub: TestHub;

beforeAll(async () => {
  dir = await tempDir();
  hub = await startTestHub({ dataDir: dir, tables: [...TABLES] });
});

afterAll(async () => {
  await hub?.stop();
  await removeDir(dir);
});

describe("permission matrix of every identity", () => {
  it(`covers ${IDENTITIES.length} identities`, () => {
    expect(IDENTITIES).toHaveLength(2 * (3 + 20)); // host, display, audience and 20 seats
  });

  it("pure: publish, subscribe and delivery as the matrix says", () => {
    for (const { username, id } of IDENTITIES) {
      const m = matrixFor(id);
      for (const t of m.topics) {
        expect(mayPublish(id, t), `${username} publish ${t}`).toBe(m.publish.includes(t));
        expect(mayReceive(id, t), `${username} receive ${t}`).toBe(m.subscribe.includes(t));
      }
      for (const f of m.tried) {
        expect(maySubscribe(id, f), `${username} subscribe ${f}`).toBe(m.subscribe.includes(f));
      }
    }
  });

  for (const { username, id } of IDENTITIES) {
    it(`broker: ${username} is granted and may publish exactly what the matrix says`, async () => {
      const m = matrixFor(id);
      const c = await connectIdentity(hub, username);
      const granted = await subscribeGranted(c.client, m.tried);
      expect(m.tried.filter((_f, i) => granted[i] !== 128).sort()).toEqual([...m.subscribe].sort());
      const from = hub.records.length;
      for (const topic of m.topics) {
        await c.client.publishAsync(
          topic,
          JSON.stringify({ boot: "00000001", seq: 1, kind: "pass" }),
          {
            qos: 1,
          },
        );
      }
      const refused = hub.records
        .slice(from)
        .filter((r) => r.event === "publish.refused")
        .map((r) => r.topic as string);
      expect(refused.sort()).toEqual(m.topics.filter((t) => !m.publish.includes(t)).sort());
      expect(c.client.connected).toBe(true);
      await endAll(c);
    });
  }
});

describe("clientIds are bound to their identity", () => {
  const clientIdOf = (username: string) => `paddle-${username.replaceAll("/", "-")}`;
  const connectWith = (username: string, clientId: string) =>
    connectAs(hub.mqttPort, username, hub.secrets.password(username), { clientId });

  it(`each of the ${IDENTITIES.length} identities is refused every other identity's live clientId`, async () => {
    const holders = await Promise.all(
      IDENTITIES.map(({ username }) => connectWith(username, clientIdOf(username))),
    );
    const dropped: string[] = [];
    for (const [i, h] of holders.entries()) {
      h.client.on("close", () => dropped.push(IDENTITIES[i]?.username ?? ""));
    }
    const accepted: string[] = [];
    for (const attacker of IDENTITIES) {
      const codes = await Promise.all(
        IDENTITIES.filter((v) => v !== attacker).map((victim) =>
          connectWith(attacker.username, clientIdOf(victim.username)).then(
            async (c) => {
              accepted.push(`${attacker.username} as ${victim.username}`);
              await endAll(c);
              return 0;
            },
            (err: Error & { code?: number }) => err.code,
          ),
        ),
      );
      expect(new Set(codes)).toEqual(new Set([2])); // CONNACK "identifier rejected"
    }
    expect(accepted).toEqual([]);
    expect(dropped).toEqual([]);
    for (const t of TABLES) {
      expect(hub.tables.get(t)?.game?.seats.every((s) => s.online)).toBe(true);
    }
    // Its own clientId an identity may take over: a paddle back before its old socket timed out.
    const again = await connectWith("seat/t1/4", clientIdOf("seat/t1/4"));
    expect(again.client.connected).toBe(true);
    await endAll(again, ...holders);
  }, 120_000);
});
