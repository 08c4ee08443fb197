/**
 * FORUM-QUIET-02 in the firmware (firmware-sim/firmware/night-message.ts, driven by the
 * paddle with texts, as a phone and a simulator bot run it), on a fake clock: every living
 * seat sends one `message` a night at the same moment, the holder his draft, every other
 * seat the decoy `""`, padded alike; a paddle without texts sends none.
 */
import { describe, expect, it } from "vitest";
import { MESSAGE_LEAD_MS, makeNightMessage } from "../../firmware-sim/firmware/night-message.js";
import { Paddle } from "../../firmware-sim/firmware/paddle.js";
import { publicStateTopic, seatTextTopic, seatViewTopic } from "../../protocol/topics.js";
import { FakeClock, FakeHal, type FakeMqtt, fakeFactory, seatView } from "./fakes.js";

const T = "t1";
const NIGHT_MS = 60_000;

function seatOnFakes(seat: number, texts: boolean) {
  const clock = new FakeClock();
  const hal = new FakeHal(clock, seat);
  const { factory, made } = fakeFactory();
  const paddle = new Paddle(hal, factory, {
    host: "hub",
    port: 1883,
    table: T,
    seat,
    password: "pw",
    texts,
    nightMessage: makeNightMessage,
  });
  paddle.start();
  const mqtt = made[0] as FakeMqtt;
  mqtt.connected();
  mqtt.deliver(seatViewTopic(T, seat), seatView(seat, 10));
  mqtt.puback(mqtt.unacked.length);
  return { clock, paddle, mqtt };
}

/** public/state as the schedule reads it, on the hub's clock (`now`), not the paddle's. */
const state = (phase: string, step: string, round: number, hubNow: number) => ({
  table: T,
  phase,
  step,
  round,
  now: hubNow,
  until: phase === "night" ? hubNow + NIGHT_MS : null,
  paused: false,
  speaker: null,
  counting: null,
  winner: null,
  seats: [1, 2, 3].map((seat) => ({ seat, alive: true })),
});
const text = (mayMessage: boolean) => ({ mayMessage, message: null, adsLeft: 0, pseudonyms: [] });
const messages = (mqtt: FakeMqtt) =>
  mqtt.published.filter((p) => p.topic.endsWith("/input") && p.body.kind === "message");

describe("the firmware's night message (FORUM-QUIET-02)", () => {
  it("FORUM-QUIET-02: holder and decoy seats send one message each, at the same moment and of one size", () => {
    const seats = [1, 2, 3].map((seat) => ({ seat, ...seatOnFakes(seat, true) }));
    const [holder] = seats;
    for (const s of seats) s.mqtt.deliver(seatTextTopic(T, s.seat), text(s.seat === 1));
    // The holder writes by day; his paddle keeps it for the night's common moment.
    expect(holder?.paddle.writeMessage("Found in the river.")).toBe("held");
    // Each paddle's own clock differs; the hub's `now` sets the moment.
    seats.forEach((s, i) => {
      s.clock.advance(i * 1234);
      s.mqtt.deliver(publicStateTopic(T), state("night", "night", 1, 5_000_000));
    });
    for (const s of seats) {
      s.clock.advance(NIGHT_MS - MESSAGE_LEAD_MS - 1);
      expect(messages(s.mqtt), `seat ${s.seat} before the moment`).toHaveLength(0);
      s.clock.advance(1);
      expect(messages(s.mqtt), `seat ${s.seat} at the moment`).toHaveLength(1);
      // A later state of the same night neither moves the moment nor sends again.
      s.mqtt.deliver(publicStateTopic(T), state("night", "night", 1, 5_000_000 + 50_000));
      s.clock.advance(NIGHT_MS);
      expect(messages(s.mqtt)).toHaveLength(1);
    }
    const sent = seats.map((s) => messages(s.mqtt)[0]?.body);
    expect(sent.map((b) => b?.text)).toEqual(["Found in the river.", "", ""]);
    const sizes = new Set(sent.map((b) => JSON.stringify(b).length));
    expect(sizes.size).toBe(1);
  });

  it("FORUM-QUIET-02: a seat text that arrives mid-night does not move the moment (it counts from the state's arrival)", () => {
    // forum-sim in CI: seats whose text was sent again late in a night (FORUM-QUIET-03:
    // one seat's will sends every seat's text) sent no message that night. The schedule
    // took the last public state's time left as counting from the text's arrival.
    const seats = [1, 2].map((seat) => ({ seat, ...seatOnFakes(seat, true) }));
    for (const s of seats) {
      s.mqtt.deliver(seatTextTopic(T, s.seat), text(s.seat === 1));
      s.mqtt.deliver(publicStateTopic(T), state("night", "night", 1, 7_000));
      s.clock.advance(NIGHT_MS - MESSAGE_LEAD_MS - 5_000);
      // Another seat's will: every seat's text again, the public state unchanged.
      s.mqtt.deliver(seatTextTopic(T, s.seat), text(s.seat === 1));
      s.clock.advance(4_999);
      expect(messages(s.mqtt), `seat ${s.seat} before the moment`).toHaveLength(0);
      s.clock.advance(1);
      expect(messages(s.mqtt), `seat ${s.seat} at the moment`).toHaveLength(1);
      s.mqtt.puback(s.mqtt.unacked.length);
      s.clock.advance(MESSAGE_LEAD_MS);
      expect(messages(s.mqtt)).toHaveLength(1);
    }
  });

  it("FORUM-QUIET-02: the next night sends again; a paddle without texts, or in a game without them, sends none", () => {
    const withTexts = seatOnFakes(2, true);
    const without = seatOnFakes(3, false);
    for (const s of [withTexts, without]) {
      s.mqtt.deliver(seatTextTopic(T, s === withTexts ? 2 : 3), text(false));
      for (const [phase, step, round] of [
        ["night", "night", 1],
        ["day", "day", 1],
        ["night", "night", 2],
      ] as const) {
        s.mqtt.deliver(publicStateTopic(T), state(phase, step, round, 1_000));
        s.clock.advance(NIGHT_MS - MESSAGE_LEAD_MS);
        // The hub answers at once: the outbox sends one input at a time, and an input left
        // unanswered would drop the link (the ack watchdog).
        s.mqtt.puback(s.mqtt.unacked.length);
        s.clock.advance(MESSAGE_LEAD_MS);
      }
    }
    expect(messages(withTexts.mqtt)).toHaveLength(2);
    expect(messages(without.mqtt)).toHaveLength(0);
    // An empty retained text (a sport game after a forum one): no message any more.
    withTexts.mqtt.deliver(seatTextTopic(T, 2), "");
    withTexts.mqtt.deliver(publicStateTopic(T), state("night", "night", 3, 1_000));
    withTexts.clock.advance(NIGHT_MS);
    expect(messages(withTexts.mqtt)).toHaveLength(2);
  });
});
