/**
 * Hostile packets: a 1 MB payload, a topic of 500 levels, invalid UTF-8 in a payload, a
 * topic and a username. None crashes the hub; each is rejected with its code (a signal or
 * a host reply where the protocol has one, otherwise the reason the hub logs: MQTT 3.1.1
 * has no way to tell a client why its connection was closed), and the game is unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Paddle, subscribeGranted } from "../helpers/hub.js";
import { COMMAND, INPUT, REPLY, SEAT, SIGNAL, StartedTable } from "./fixture.js";
import { RawClient } from "./raw-mqtt.js";

let t: StartedTable;
const MB = 1024 * 1024;
const BAD_UTF8 = Buffer.from([0x7b, 0x22, 0x6b, 0xff, 0xfe, 0x22, 0x7d]); // {"k\xff\xfe"}

beforeAll(async () => {
  t = await StartedTable.open();
});

afterAll(async () => {
  await t?.close();
});

/** Publishes from a fresh connection and waits until the hub has closed it. */
async function closedAfter(username: string, topic: string, payload: string | Buffer) {
  const c = await t.connect(username);
  const closed = new Promise<void>((r) => c.client.once("close", () => r()));
  c.client.publish(topic, payload, { qos: 1 });
  await closed;
}

describe("oversized, deep and broken packets", () => {
  it("a 1 MB payload closes the sender's connection before it is buffered, from a paddle or the host", async () => {
    const logged = t.since();
    await closedAfter(`seat/t1/${SEAT}`, INPUT, Buffer.alloc(MB, 0x20));
    await closedAfter("host/t1", COMMAND, Buffer.alloc(MB, 0x20));
    const reasons = logged("connection.closed_by_gate").map((r) => r.reason as string);
    expect(reasons).toHaveLength(2);
    expect(reasons[0]).toMatch(/^packet of 104\d{4} bytes exceeds 8192$/);
    expect(reasons[1]).toMatch(/^packet of 104\d{4} bytes exceeds 17408$/);
    await t.unchanged();
  });

  it("a topic of 500 levels closes the connection (publish and subscribe), nothing reaches the game", async () => {
    const deep = `${INPUT}/${Array.from({ length: 494 }, (_, i) => `l${i}`).join("/")}`;
    expect(deep.split("/")).toHaveLength(500);
    const logged = t.since();
    await closedAfter(
      `seat/t1/${SEAT}`,
      deep,
      JSON.stringify({ boot: "00000001", seq: 1, kind: "pass" }),
    );
    const sub = await t.connect(`seat/t1/${SEAT}`);
    const closed = new Promise<void>((r) => sub.client.once("close", () => r()));
    sub.client.subscribe(deep.replace("input", "view"), { qos: 1 }, () => undefined);
    await closed;
    const errors = [...logged("client.error"), ...logged("connection.error")].map(
      (r) => r.err as string,
    );
    expect(errors.filter((e) => /too many levels/.test(e)).length).toBeGreaterThanOrEqual(2);
    expect(logged("input.applied")).toEqual([]);
    await t.unchanged();
  });

  it("invalid UTF-8 in a paddle's payload is signalled bad_utf8, in the host's replied bad_utf8", async () => {
    const signal = t.seat.inbox.next<{ error: string }>(SIGNAL, (s) => s.error !== undefined);
    await new Paddle(SEAT, t.seat).raw(BAD_UTF8);
    expect((await signal).error).toBe("bad_utf8");
    const reply = t.host.conn.inbox.next<{ id: string; ok: boolean; error: string }>(
      REPLY,
      (r) => r.error === "bad_utf8",
    );
    await t.host.conn.client.publishAsync(COMMAND, BAD_UTF8, { qos: 1 });
    expect(await reply).toMatchObject({ id: "", ok: false });
    await t.unchanged();
  });

  it("a topic that is not UTF-8 is acknowledged, refused and logged; the connection stays", async () => {
    const password = t.hub.secrets.password(`seat/t1/${SEAT}`) as string;
    const { client, code } = await RawClient.login(t.hub.mqttPort, `seat/t1/${SEAT}`, password);
    expect(code).toBe(0);
    const logged = t.since();
    const topic = Buffer.concat([
      Buffer.from(`mafia/v1/t1/seat/${SEAT}/inp`),
      Buffer.from([0xc3, 0x28]),
    ]);
    const ack = await client.publish(
      topic,
      JSON.stringify({ boot: "00000002", seq: 1, kind: "pass" }),
      7,
    );
    expect(ack.readUInt16BE(2)).toBe(7);
    expect(logged("publish.refused")).toHaveLength(1);
    // Still connected: the next packet is answered too.
    const again = await client.publish(Buffer.from("mafia/v1/t1/public/state"), "{}", 8);
    expect(again.readUInt16BE(2)).toBe(8);
    expect(logged("publish.refused")).toHaveLength(2);
    client.end();
    await t.unchanged();
  });

  it("a username that is not UTF-8 is not authorized", async () => {
    const username = Buffer.concat([Buffer.from("seat/t1/"), Buffer.from([0xff])]);
    const { client, code } = await RawClient.login(t.hub.mqttPort, username, "x");
    expect(code).toBe(5);
    client.end();
    await t.unchanged();
  });

  it("the hub still serves everyone afterwards", async () => {
    const seat = await t.connect(`seat/t1/${SEAT}`);
    await subscribeGranted(seat.client, [`mafia/v1/t1/seat/${SEAT}/view`]);
    await seat.inbox.next(`mafia/v1/t1/seat/${SEAT}/view`, () => true, { past: true });
    const reply = await t.host.command("pause");
    expect(reply.ok).toBe(true);
    expect(t.game.paused).toBe(true);
  });
});
