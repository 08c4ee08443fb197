/**
 * The hub hands its messages to the broker without waiting for the previous one to be
 * routed (outbox.ts). A retained view takes one asynchronous step more inside Aedes than
 * a log entry or a reply, so messages on different topics overtake each other; nothing may
 * be lost by it (Aedes's per-client duplicate check dropped overtaken views when the
 * broker numbered all messages with one counter), and each topic keeps its order.
 */
import { describe, expect, it } from "vitest";
import { subscribeGranted, useTestHub } from "../helpers/hub.js";

const fx = useTestHub();

describe("publishing without waiting", () => {
  it("delivers every message of a burst of views, log entries and replies, in order per topic", async () => {
    const host = await fx.connect("host/t1");
    await subscribeGranted(host.client, ["mafia/v1/t1/host/#", "mafia/v1/t1/public/#"]);
    await fx.hub.tables.get("t1")?.idle();
    const before = host.inbox.all.length;
    const n = 60;
    const sent: Promise<void>[] = [];
    for (let i = 0; i < n; i++) {
      const publish = fx.hub.broker.publish;
      sent.push(
        publish({ topic: "mafia/v1/t1/host/view", payload: `{"i":${i}}`, qos: 1, retain: true }),
        publish({ topic: "mafia/v1/t1/public/log", payload: `{"i":${i}}`, qos: 1, retain: false }),
        publish({ topic: "mafia/v1/t1/host/reply", payload: `{"i":${i}}`, qos: 1, retain: false }),
      );
    }
    await Promise.all(sent);
    for (const topic of ["host/view", "public/log", "host/reply"]) {
      const last = await host.inbox.next<{ i: number }>(
        `mafia/v1/t1/${topic}`,
        (m) => m.i === n - 1,
        { past: true, timeout: 5000 },
      );
      expect(last.i).toBe(n - 1);
      const order = host.inbox.all
        .slice(before)
        .filter((m) => m.topic === `mafia/v1/t1/${topic}`)
        .map((m) => (m.json as { i?: number }).i)
        .filter((i) => i !== undefined);
      expect(order).toEqual(Array.from({ length: n }, (_, i) => i));
    }
  });
});
