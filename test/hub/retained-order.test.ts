/**
 * A client that subscribes while a retained view keeps changing never gets an older copy of
 * the view after a newer one. Aedes answers a SUBSCRIBE from a stream that reads the
 * retained messages ahead of sending them; a view published meanwhile went to the new
 * subscriber live, and then its older retained copy after it, so a console joining mid-game
 * kept a stale host view (the forum-display flake). The hub's store now gives each retained
 * message as it is when sent (hub/mqtt/retained-index.ts). Real Aedes on loopback, real
 * MQTT clients; 20 retained topics come before the changing one, as a table's public views
 * come before its host view.
 */
import { once } from "node:events";
import { createServer } from "node:net";
import { Aedes } from "aedes";
import mqtt from "mqtt";
import { describe, expect, it } from "vitest";
import { indexedMemoryPersistence } from "../../hub/mqtt/retained-index.js";

const SUBSCRIBERS = 100;

describe("retained views on subscribe", () => {
  it("never reach a subscriber after a newer live copy of the same topic", async () => {
    const broker = await Aedes.createBroker({ persistence: indexedMemoryPersistence() });
    const server = createServer(broker.handle);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const url = `mqtt://127.0.0.1:${(server.address() as { port: number }).port}`;
    const pub = await mqtt.connectAsync(url, { clientId: "hub-like" });
    for (let k = 0; k < 20; k++)
      await pub.publishAsync(`t1/public/s${k}`, "x".repeat(300), { qos: 1, retain: true });
    let rev = 0;
    const changing = setInterval(() => {
      rev += 1;
      pub.publish("t1/host/view", String(rev), { qos: 1, retain: true });
    }, 1);
    const stale: string[] = [];
    let views = 0;
    try {
      for (let i = 0; i < SUBSCRIBERS; i++) {
        const sub = await mqtt.connectAsync(url, { clientId: `console-${i}` });
        let newest = 0;
        sub.on("message", (topic, payload) => {
          if (topic !== "t1/host/view") return;
          const got = Number(String(payload));
          views += 1;
          if (got < newest) stale.push(`subscriber ${i}: ${got} after ${newest}`);
          newest = Math.max(newest, got);
        });
        await sub.subscribeAsync(["t1/public/#", "t1/host/#"], { qos: 1 });
        await new Promise((r) => setTimeout(r, 10));
        await sub.endAsync();
      }
    } finally {
      clearInterval(changing);
      await pub.endAsync();
      server.close();
      await new Promise<void>((r) => broker.close(() => r()));
    }
    expect(views).toBeGreaterThan(SUBSCRIBERS);
    expect(stale).toEqual([]);
  }, 60_000);
});
