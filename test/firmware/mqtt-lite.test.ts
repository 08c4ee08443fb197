/**
 * The paddle's own MQTT client (firmware/mqtt-lite.ts) on a scripted socket: the bytes it
 * writes, packets cut anywhere or run together, a refused login, the pad taken off a padded
 * message and the keep-alive. A whole game over a real broker: memory-model.test.ts and
 * sim-two-games.test.ts (seat 1 is built as the device).
 */
import { describe, expect, it } from "vitest";
import type { MqttMessage } from "../../firmware-sim/firmware/mqtt.js";
import { type LiteSocket, MqttLite, unpadded } from "../../firmware-sim/firmware/mqtt-lite.js";
import { padJson, SEAT_VIEW_BUCKET } from "../../protocol/padding.js";
import { FakeClock, FakeHal } from "./fakes.js";

const chr = String.fromCharCode;

function client() {
  const clock = new FakeClock();
  const hal = new FakeHal(clock, 1);
  const written: string[] = [];
  const on: Record<string, (d?: string) => void> = {};
  let opened = () => {};
  let ended = 0;
  const socket: LiteSocket = {
    write: (d: string) => {
      written.push(d);
    },
    end: () => {
      ended += 1;
    },
    on: (event: string, cb: (d: string) => void) => {
      on[event] = cb as (d?: string) => void;
    },
  };
  const options = {
    client_id: "paddle-t1-1-x",
    username: "seat/t1/1",
    password: "pw",
    keep_alive: 30,
    port: 1883,
  };
  const m = new MqttLite(hal, "hub", options, (host, port, cb) => {
    expect([host, port]).toEqual(["hub", 1883]);
    opened = cb;
    return socket;
  });
  const seen: { events: string[]; messages: MqttMessage[]; acks: number[]; opened: number } = {
    opened: 0,
    events: [],
    messages: [],
    acks: [],
  };
  m.on("open", () => (seen.opened += 1));
  m.on("connected", () => seen.events.push("connected"));
  m.on("disconnected", () => seen.events.push("disconnected"));
  m.on("error", (e) => seen.events.push(`error ${e}`));
  m.on("publish", (msg: MqttMessage) =>
    seen.messages.push({ topic: msg.topic, message: msg.message }),
  );
  m.on("puback", (pid) => seen.acks.push(pid));
  m.connect();
  return {
    m,
    clock,
    written,
    seen,
    open: () => opened(),
    data: (d: string) => on.data?.(d),
    close: () => on.close?.(),
    ended: () => ended,
  };
}

/** A PUBLISH from the broker (remaining length up to 16,383 bytes). */
function publish(topic: string, payload: string, qos: 0 | 1, pid = 7): string {
  const rest =
    chr(topic.length >> 8, topic.length & 255) +
    topic +
    (qos ? chr(pid >> 8, pid & 255) : "") +
    payload;
  const n = rest.length;
  const len = n < 128 ? chr(n) : chr((n & 127) | 128, n >> 7);
  return chr(0x30 | (qos << 1)) + len + rest;
}

describe("the paddle's MQTT client", () => {
  it("sends CONNECT with the seat's user and password once the socket is open", () => {
    const c = client();
    expect(c.written).toEqual([]);
    expect(c.seen.opened).toBe(0);
    c.open();
    expect(c.seen.opened).toBe(1); // told before the CONNACK: the link waits longer then
    const connect = c.written[0] as string;
    expect(connect.charCodeAt(0)).toBe(0x10);
    expect(connect).toContain("\x00\x04MQTT\x04\xc2\x00\x1e");
    expect(connect).toContain("\x00\x09seat/t1/1\x00\x02pw");
  });

  it("reports the CONNACK, subscribes and numbers its QoS 1 publishes", () => {
    const c = client();
    c.open();
    c.data("\x20\x02\x00\x00");
    expect(c.seen.events).toEqual(["connected"]);
    c.m.subscribe("mafia/v1/t1/seat/1/view", { qos: 1 });
    expect(c.written.at(-1)?.charCodeAt(0)).toBe(0x82);
    expect(c.m.publish("mafia/v1/t1/seat/1/input", "{}", { qos: 1, retain: false })).toBe(2);
    c.data("\x40\x02\x00\x02");
    expect(c.seen.acks).toEqual([2]);
  });

  it("reads packets cut anywhere and packets run together, acknowledging QoS 1 deliveries", () => {
    const c = client();
    c.open();
    const view = padJson('{"rev":5,"seat":1}', SEAT_VIEW_BUCKET);
    const wire = `\x20\x02\x00\x00${publish("t/view", view, 1, 9)}${publish("t/glance", '{"phase":"night"}', 0)}`;
    for (const ch of wire) c.data(ch);
    expect(c.seen.events).toEqual(["connected"]);
    expect(c.seen.messages).toEqual([
      { topic: "t/view", message: '{"rev":5,"seat":1}' },
      { topic: "t/glance", message: '{"phase":"night"}' },
    ]);
    expect(c.written).toContain("\x40\x02\x00\x09");
  });

  it("takes the pad off a padded message only: the rest arrives as it was sent", () => {
    const padded = padJson('{"a":"x,\\"pad\\":\\"y"}', 64);
    expect(unpadded(padded, 0, padded.length)).toBe('{"a":"x,\\"pad\\":\\"y"}');
    expect(unpadded('{"pad":"   "}', 0, 13)).toBe('{"pad":"   "}');
    expect(unpadded("", 0, 0)).toBe("");
    expect(unpadded('{"a":1}', 0, 7)).toBe('{"a":1}');
  });

  it("reports a refused login as an error and a disconnect, and closes", () => {
    const c = client();
    c.open();
    c.data("\x20\x02\x00\x05");
    expect(c.seen.events).toEqual(["error connection refused, code 5", "disconnected"]);
    expect(c.ended()).toBe(1);
    c.close(); // the socket's own close after it: nothing more
    expect(c.seen.events).toHaveLength(2);
  });

  it("pings every half keep-alive while connected, and says nothing after its own disconnect", () => {
    const c = client();
    c.open();
    c.data("\x20\x02\x00\x00");
    c.clock.advance(15_000);
    expect(c.written.at(-1)).toBe("\xc0\x00");
    c.m.disconnect();
    expect(c.written.at(-1)).toBe("\xe0\x00");
    c.close();
    expect(c.seen.events).toEqual(["connected"]);
    const n = c.written.length;
    c.clock.advance(60_000);
    expect(c.written).toHaveLength(n);
  });

  it("reports the broker closing the socket as a disconnect", () => {
    const c = client();
    c.open();
    c.data("\x20\x02\x00\x00");
    c.close();
    expect(c.seen.events).toEqual(["connected", "disconnected"]);
    expect(c.m.publish("x", "y", { qos: 1, retain: false })).toBeUndefined();
  });
});
