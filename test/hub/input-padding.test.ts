/**
 * Issue 28, "a forum ad's author is visible from packet size": ads are public in the paper
 * with their lengths, so if a phone's input showed its text's length on the wire (TLS hides
 * no lengths), whoever sees a seat's traffic would know which ads are its. Real phones (the
 * firmware with the phone companion's text normalization) over the real broker: two seats
 * place ads as different in length as the limits allow, and every PUBLISH either way, the ad
 * going to the hub and what the hub sends that seat back, is the same size.
 */
import type { AedesPublishPacket, Client } from "aedes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SimPaddle } from "../../firmware-sim/sim/sim-paddle.js";
import { TEXT_INPUT_BUCKET } from "../../protocol/padding.js";
import { TEXT_LIMITS } from "../../protocol/text.js";
import { seatUsername } from "../../protocol/topics.js";
import { normalizedText } from "../../web-display/src/seat/wire-text.js";
import { HostConsole, useTestHub } from "../helpers/hub.js";

const T = "t1";
const N = 13;
const fx = useTestHub();
const phones = new Map<number, SimPaddle>();
/** Every PUBLISH the broker handled, in order: topic and payload bytes. */
const wire: { topic: string; bytes: number; from: string | null }[] = [];

beforeAll(async () => {
  const hub = fx.hub;
  hub.broker.aedes.on("publish", (packet: AedesPublishPacket, client: Client | null) => {
    wire.push({ topic: packet.topic, bytes: packet.payload.length, from: client?.id ?? null });
  });
  const hostConn = await fx.connect(`host/${T}`);
  await hostConn.client.subscribeAsync(`mafia/v1/${T}/host/#`, { qos: 1 });
  const host = new HostConsole(hostConn, T);
  const seats = Array.from({ length: N }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
  expect((await host.command("setup", { ruleset: "forum", seats })).ok).toBe(true);
  expect((await host.command("start")).ok).toBe(true);
  expect((await host.command("next")).ok).toBe(true); // status → Day 1
  for (const seat of [3, 4, 5]) {
    const phone = new SimPaddle({
      mqttUrl: `mqtt://127.0.0.1:${hub.mqttPort}`,
      table: T,
      seat,
      password: hub.secrets.password(seatUsername(T, seat)) as string,
    });
    phones.set(seat, phone);
    phone.start();
    await phone.waitFor(
      () => phone.paddle.view?.alive === true && phone.paddle.seatText !== null,
      10_000,
      `seat ${seat} online on Day 1`,
    );
  }
}, 30_000);

afterAll(() => {
  for (const p of phones.values()) p.stop();
});

/** The seat's phone sends a text; returns what crossed the broker for that seat meanwhile. */
async function place(seat: number, kind: string, fields: Record<string, unknown>) {
  const phone = phones.get(seat) as SimPaddle;
  // What the phone sent as it came online (hello, sensors) is not part of the ad's traffic.
  await phone.waitFor(() => phone.paddle.outbox.pending === 0, 10_000, "an idle outbox");
  const from = wire.length;
  const mine = new RegExp(`^mafia/v1/${T}/seat/${seat}/`);
  const sender = new RegExp(`^paddle-${T}-${seat}-`);
  const traffic = () =>
    wire
      .slice(from)
      .filter((m) => /\/(signal|text)$/.test(m.topic) || m.from)
      .filter((m) => mine.test(m.topic) || (m.from && sender.test(m.from)))
      .map((m) => `${m.from ? "input" : m.topic.split("/").at(-1)}:${m.bytes}`);
  phone.paddle.text(kind, normalizedText(fields));
  // The broker reports a publish once it has delivered it: wait for the signal and the texts.
  const arrived = () =>
    ["input", "signal", "text"].every((k) => traffic().some((m) => m.startsWith(k)));
  for (let i = 0; i < 600 && !arrived(); i++) await new Promise((r) => setTimeout(r, 50));
  await phone.waitFor(() => phone.paddle.outbox.pending === 0, 10_000, "the PUBACK");
  return traffic().sort();
}

describe("padded text inputs", () => {
  it("two ads as short and as long as allowed are the same size on the wire, both ways", {
    timeout: 60_000,
  }, async () => {
    // The longest legal ad in bytes: 300 four-byte characters, a line break and quotes
    // (escaped on the wire), under a 32-character pseudonym of four-byte characters.
    const longest = `"${"😀".repeat(TEXT_LIMITS.ad - 4)}\r\n"\t`;
    const short = await place(3, "ad", { text: "hi", pseudonym: "R" });
    const long = await place(4, "ad", { text: longest, pseudonym: "𝒜".repeat(32) });
    expect(short).toContain(`input:${TEXT_INPUT_BUCKET}`);
    expect(long).toEqual(short);
    // A death message or a will looks like an ad (only the office holder may send the first:
    // a refusal, whose signal is padded like any other).
    const will = await place(5, "will", { text: "I trusted #3.", to: null });
    expect(will.filter((m) => m.startsWith("input:"))).toEqual([`input:${TEXT_INPUT_BUCKET}`]);
  });
});
