/**
 * QUIET-BLINDFOLD-01 in the firmware (firmware-sim/firmware/blindfold-report.ts, driven by
 * the paddle a phone and a simulator bot run too), on a fake clock with the hardware
 * interface's fakes: at night a paddle reports its blindfold once per period of the hub's
 * clock whatever the person does, so a seat that a step wakes (it lifts and lowers) sends
 * as many blindfold inputs, of one size, as one that sleeps; by day an edge goes at once.
 */
import { describe, expect, it } from "vitest";
import { BLINDFOLD_REPORT_MS } from "../../firmware-sim/firmware/blindfold-report.js";
import { INPUT_BUCKET } from "../../protocol/padding.js";
import { publicGlanceTopic } from "../../protocol/topics.js";
import { fakePaddle } from "./fakes.js";

/** The hub's clock in the public state: a whole number of periods, so reports fall at +1 s, +2 s, … */
const HUB_NOW = 5_000_000;
const P = BLINDFOLD_REPORT_MS;

const glance = (phase: string, now = HUB_NOW, blindfolds = true) => ({
  now,
  phase,
  step: "don",
  round: 1,
  speaker: null,
  counting: null,
  winner: null,
  voice: false,
  until: now + 60_000,
  paused: false,
  ...(blindfolds ? { blindfolds: true } : {}),
});

/** A logged-in paddle, blindfold on, that has just seen the public state of `phase`. */
function seatIn(seat: number, phase: string, now = HUB_NOW) {
  const p = fakePaddle(seat);
  p.login();
  p.hal.setBlindfold(true);
  p.clock.advance(50);
  p.mqtt.puback(p.mqtt.unacked.length);
  p.mqtt.published = [];
  p.mqtt.deliver(publicGlanceTopic("t1"), glance(phase, now));
  /** Lets `ms` pass; the hub acknowledges whatever was sent. */
  const wait = (ms: number) => {
    p.clock.advance(ms);
    p.mqtt.puback(p.mqtt.unacked.length);
  };
  /** The blindfold inputs sent, as `on` with the bytes of the payload. */
  const sent = () =>
    p.mqtt.published
      .filter((m) => m.topic.endsWith("/input") && m.body.kind === "blindfold")
      .map((m) => ({
        on: m.body.on,
        report: m.body.report === true,
        bytes: Buffer.byteLength(JSON.stringify(m.body)),
      }));
  return { ...p, wait, sent };
}

describe("the firmware reports the blindfold at night (QUIET-BLINDFOLD-01)", () => {
  it("QUIET-BLINDFOLD-01: at night one report per period whether the blindfold lifts twice, once or never, each of one size", () => {
    // Seat 1 lifts twice (the second lift shorter than a period), seat 2 once, seat 3 never.
    const twice = seatIn(1, "night");
    twice.wait(100);
    twice.hal.setBlindfold(false);
    twice.wait(300);
    twice.hal.setBlindfold(true);
    twice.wait(1800); // +2200
    twice.hal.setBlindfold(false);
    twice.wait(100);
    twice.hal.setBlindfold(true);
    twice.wait(2700); // +5000
    const once = seatIn(2, "night");
    once.wait(1500);
    once.hal.setBlindfold(false);
    once.wait(2000);
    once.hal.setBlindfold(true);
    once.wait(1500);
    const never = seatIn(3, "night");
    never.wait(5 * P);

    for (const s of [twice, once, never]) {
      expect(s.sent()).toHaveLength(5);
      for (const r of s.sent()) expect(r).toMatchObject({ report: true, bytes: INPUT_BUCKET });
    }
    // A lift between two reports shows in the next one, even if the blindfold is back on.
    expect(twice.sent().map((r) => r.on)).toEqual([false, true, false, true, true]);
    expect(once.sent().map((r) => r.on)).toEqual([true, false, false, true, true]);
    expect(never.sent().map((r) => r.on)).toEqual([true, true, true, true, true]);
  });

  it("QUIET-BLINDFOLD-01: every paddle reports at the same moments of the hub's clock, however late it got the state", () => {
    // Both got a state at the same local moment; the hub sent the second one 300 ms before
    // a whole second of its clock, the first at one: the second reports 300 ms after it
    // came, the first a period after, both at the hub's whole seconds.
    const atWhole = seatIn(1, "night");
    const before = seatIn(2, "night", HUB_NOW - 300);
    before.wait(299);
    expect(before.sent()).toHaveLength(0);
    before.wait(1);
    expect(before.sent()).toHaveLength(1);
    atWhole.wait(P - 1);
    expect(atWhole.sent()).toHaveLength(0);
    atWhole.wait(1);
    expect(atWhole.sent()).toHaveLength(1);
    // And so on, one a period: the same count for both from here on.
    before.wait(3 * P);
    atWhole.wait(3 * P);
    expect(before.sent()).toHaveLength(4);
    expect(atWhole.sent()).toHaveLength(4);
  });

  it("QUIET-BLINDFOLD-01: by day an edge goes at once, and no report follows", () => {
    const day = seatIn(1, "day");
    day.hal.setBlindfold(false);
    day.wait(40); // the debounce
    expect(day.sent()).toEqual([{ on: false, report: false, bytes: INPUT_BUCKET }]);
    day.wait(5 * P);
    expect(day.sent()).toHaveLength(1);
    // Night falls: the edges wait for the reports; dawn: they go at once again.
    day.mqtt.deliver(publicGlanceTopic("t1"), glance("night", HUB_NOW + 5 * P + 40));
    day.hal.setBlindfold(true);
    day.wait(40);
    expect(day.sent()).toHaveLength(1);
    day.wait(P);
    expect(day.sent().at(-1)).toEqual({ on: true, report: true, bytes: INPUT_BUCKET });
    day.mqtt.deliver(publicGlanceTopic("t1"), glance("day", HUB_NOW + 6 * P + 80));
    day.hal.setBlindfold(false);
    day.wait(40);
    expect(day.sent().at(-1)).toEqual({ on: false, report: false, bytes: INPUT_BUCKET });
    day.wait(5 * P);
    expect(day.sent()).toHaveLength(3);
  });

  it("QUIET-BLINDFOLD-01: where the rules watch no blindfolds (no `blindfolds` in the state), a night is as a day", () => {
    const p = seatIn(1, "day");
    p.mqtt.deliver(publicGlanceTopic("t1"), glance("night", HUB_NOW, false));
    p.wait(3 * P);
    expect(p.sent()).toEqual([]);
    p.hal.setBlindfold(false);
    p.wait(40);
    expect(p.sent()).toEqual([{ on: false, report: false, bytes: INPUT_BUCKET }]);
  });
});
