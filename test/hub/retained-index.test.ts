/**
 * The hub's retained-message tree must answer every subscription exactly as
 * aedes-persistence's own scan (Qlobber's MQTT matching) does: the same messages, for
 * exact filters, '+', '#', '$' topics and cleared topics.
 */
import { createRequire } from "node:module";
import type { Readable } from "node:stream";
import type { AedesPersistence } from "aedes-persistence";
import { describe, expect, it } from "vitest";
import { indexedMemoryPersistence } from "../../hub/mqtt/retained-index.js";

const reference = createRequire(import.meta.url)("aedes-persistence") as () => AedesPersistence;

const TOPICS = [
  "mafia/v1/t1/public/state",
  "mafia/v1/t1/public/text",
  "mafia/v1/t1/seat/1/view",
  "mafia/v1/t1/seat/12/view",
  "mafia/v1/t1/seat/1/text",
  "mafia/v1/t1/host/view",
  "mafia/v1/t2/public/state",
  "mafia/v1/t2/seat/1/view",
  "mafia/v1/t2",
  "mafia//t3/public/state",
  "$SYS/hub/uptime",
  "a",
  "a/b",
];

const FILTERS = [
  "mafia/v1/t1/public/state",
  "mafia/v1/t1/public/#",
  "mafia/v1/t1/#",
  "mafia/v1/t2/#",
  "mafia/v1/+/public/state",
  "mafia/v1/+/seat/+/view",
  "mafia/+/+/public/state",
  "mafia/v1/t1/seat/+",
  "#",
  "+/v1/#",
  "+",
  "$SYS/#",
  "a/#",
  "a/+",
  "nothing/here",
];

async function topics(stream: Readable): Promise<string[]> {
  const out: string[] = [];
  for await (const p of stream) out.push((p as { topic: string }).topic);
  return out.sort();
}

/** As Aedes 1.2 stores a retained message: the promise form. */
function store(p: AedesPersistence, topic: string, payload: string): Promise<void> {
  const packet = { cmd: "publish", topic, payload: Buffer.from(payload), qos: 1, retain: true };
  const asAedes = p.storeRetained as unknown as (packet: object) => Promise<void>;
  return asAedes.call(p, packet);
}

describe("retained messages in a tree of topic levels", () => {
  it("match what aedes-persistence's scan matches, for every filter, after stores and clears", async () => {
    const ours = indexedMemoryPersistence();
    const theirs = reference();
    // The reference stores nothing before it is ready, which it becomes once given its broker.
    const ready = new Promise((resolve) =>
      (theirs as unknown as NodeJS.EventEmitter).once("ready", resolve),
    );
    (theirs as unknown as { broker: object }).broker = {};
    await ready;
    for (const p of [ours, theirs]) {
      for (const t of TOPICS) await store(p, t, `v1 ${t}`);
      await store(p, "mafia/v1/t1/seat/12/view", ""); // cleared: a smaller game
      await store(p, "a/b", "");
      await store(p, "mafia/v1/t1/public/state", "v2"); // replaced
    }
    for (const f of FILTERS) {
      // One deliberate difference: MQTT 3.1.1 section 4.7.2 keeps '$' topics from filters that
      // start with a wildcard; the scan hands them out (the hub's ACL allows no such filter).
      const dollar = (t: string) => /^[+#]/.test(f) && t.startsWith("$");
      const expected = (await topics(theirs.createRetainedStream(f))).filter((t) => !dollar(t));
      expect(await topics(ours.createRetainedStream(f)), f).toEqual(expected);
    }
    expect(await topics(ours.createRetainedStream("$SYS/#"))).toEqual(["$SYS/hub/uptime"]);
    const combi = ["mafia/v1/t1/public/#", "mafia/v1/t1/seat/1/view"];
    expect(await topics(ours.createRetainedStreamCombi(combi))).toEqual(
      await topics(theirs.createRetainedStreamCombi(combi)),
    );
  });

  it("hands out the newest payload of a topic, stored by promise or by callback", async () => {
    const ours = indexedMemoryPersistence();
    const packet = { topic: "mafia/v1/t1/public/state", payload: Buffer.from("old") };
    await new Promise((resolve) => ours.storeRetained(packet as never, resolve));
    await store(ours, "mafia/v1/t1/public/state", "new");
    const got: string[] = [];
    for await (const p of ours.createRetainedStream("mafia/v1/t1/public/state"))
      got.push(String((p as { payload: Buffer }).payload));
    expect(got).toEqual(["new"]);
  });

  it("gives a message as its topic stands when it is sent, not when its stream read it", async () => {
    // Aedes reads a SUBSCRIBE's retained stream ahead of sending (test/hub/retained-order.test.ts).
    const ours = indexedMemoryPersistence();
    const [view, seat] = ["mafia/v1/t1/host/view", "mafia/v1/t1/seat/12/view"];
    await store(ours, view, "v1");
    await store(ours, seat, "s1");
    const read: unknown[] = [];
    for await (const p of ours.createRetainedStreamCombi([view, seat])) read.push(p);
    await store(ours, view, "v2"); // replaced after the read
    await store(ours, seat, ""); // cleared after the read, then stored again below
    const sent = (i: number) => {
      const p = read[i] as { topic: string; payload: Buffer; qos: number };
      return `${p.topic} ${String(p.payload)} ${p.qos}`;
    };
    expect(sent(0)).toBe(`${view} v2 1`);
    expect(sent(1)).toBe(`${seat}  1`); // cleared: sent empty, so the client clears it too
    await store(ours, seat, "s2");
    expect(sent(1)).toBe(`${seat} s2 1`);
  });
});
