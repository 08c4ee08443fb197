/**
 * The permission matrix for every identity of two tables (host, display, seats 1..20 of
 * t1 and t2): pure ACL functions and the real broker, publish and subscribe, concrete
 * topics and wildcards. test/hub/permissions.test.ts covers one identity of each kind
 * in depth (refused CONNECTs, delivery); this extends its oracle to all of them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mayPublish, mayReceive, maySubscribe } from "../../hub/acl.js";
import {
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
    expect(IDENTITIES).toHaveLength(2 * (2 + 20));
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
