/**
 * A burst of messages through the hub's Aedes in one tick, most of them to topics nobody
 * subscribes to (what 2,800 clients connecting or leaving at once produce: their `$SYS`
 * announcements). With mqemitter's default in-flight limit the burst queued up, and each
 * queued message without a subscriber finished synchronously and started the next from
 * inside itself (mqemitter's released() → _do()), until the stack overflowed and the hub
 * died (bench at 200 x 12; mcollina/mqemitter PR #204). The hub's emitter has no limit.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  connectIdentity,
  endAll,
  removeDir,
  startTestHub,
  type TestHub,
  tempDir,
} from "../helpers/hub.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("broker under a burst", () => {
  it("delivers a burst of 20,000 messages in one tick without overflowing the stack", async () => {
    const dataDir = await tempDir("hub-burst-");
    cleanups.push(() => removeDir(dataDir));
    const hub: TestHub = await startTestHub({ dataDir });
    cleanups.push(() => hub.stop());
    const display = await connectIdentity(hub, "display/t1");
    cleanups.push(() => endAll(display));
    await display.client.subscribeAsync("mafia/v1/t1/public/log", { qos: 0 });

    const { aedes } = hub.broker;
    const sent = 20_300;
    let done = 0;
    const all = new Promise<void>((resolve, reject) => {
      const cb = (err?: Error) => {
        if (err) reject(err);
        else if (++done === sent) resolve();
      };
      const packet = (topic: string) =>
        ({
          cmd: "publish",
          topic,
          payload: Buffer.from("{}"),
          qos: 0,
          retain: false,
          dup: false,
        }) as const;
      // Enough with a subscriber to fill any in-flight limit, then a long run without one.
      for (let i = 0; i < 300; i++) aedes.publish(packet("mafia/v1/t1/public/log"), cb);
      for (let i = 300; i < sent; i++) aedes.publish(packet("mafia/v1/t1/nobody/here"), cb);
    });
    await all;
    expect(done).toBe(sent);
  });
});
