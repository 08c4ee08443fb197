/**
 * Issue 28: a subscription filter deeper than 16 levels, even one under the host's own
 * `mafia/v1/t1/host/#`, is granted QoS 128 (a SUBACK failure) and the connection stays;
 * before, Aedes closed the connection on its own level limit before the hub could answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Connected,
  connectIdentity,
  endAll,
  removeDir,
  startTestHub,
  subscribeGranted,
  type TestHub,
  tempDir,
} from "../helpers/hub.js";

let hub: TestHub;
let dir: string;
beforeAll(async () => {
  dir = await tempDir();
  hub = await startTestHub({ dataDir: dir });
});
afterAll(async () => {
  await hub.stop();
  await removeDir(dir);
});

const deep = (levels: number) =>
  ["mafia", "v1", "t1", "host", ...Array.from({ length: levels - 5 }, (_, i) => `l${i}`), "#"].join(
    "/",
  );

describe("subscription filter depth", () => {
  it("16 levels under an allowed filter are granted; 17 and 60 get QoS 128 and the connection stays", async () => {
    const hc: Connected = await connectIdentity(hub, "host/t1");
    try {
      expect(deep(16).split("/")).toHaveLength(16);
      expect(await subscribeGranted(hc.client, [deep(16)])).toEqual([1]);
      expect(await subscribeGranted(hc.client, [deep(17), deep(60)])).toEqual([128, 128]);
      expect(hc.client.connected).toBe(true);
      expect(await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"])).toEqual([1]);
      expect(hc.client.connected).toBe(true);
    } finally {
      await endAll(hc);
    }
  });
});
