/**
 * QUIET-FILL-01 in the firmware (firmware-sim/firmware/night-fill.ts, driven by the paddle
 * a phone and a simulator bot run too), on a fake clock with the hardware interface's fakes:
 * a person who idles at night sends, at the role-blind moment, the answers the view says
 * he still owes, as "nothing", one at a time; one who answered everything sends nothing
 * more. Both send as many night inputs of one size.
 */
import { describe, expect, it } from "vitest";
import { FILL_LEAD_MS } from "../../firmware-sim/firmware/night-fill.js";
import type { SeatView } from "../../protocol/index.js";
import { publicGlanceTopic, seatViewTopic } from "../../protocol/topics.js";
import { fakePaddle, seatView } from "./fakes.js";

const T = "t1";
const HUB_NOW = 5_000_000;

/** public/glance as the hub sends it: a paddle without texts reads nothing else of the table. */
const glance = (stepMs: number | null, over: Record<string, unknown> = {}) => ({
  now: HUB_NOW,
  phase: "night",
  step: "night",
  round: 1,
  speaker: null,
  counting: null,
  winner: null,
  voice: false,
  until: stepMs === null ? null : HUB_NOW + stepMs,
  paused: false,
  ...over,
});

const DECOY = { action: "decoy", targets: [1, 2, 3], min: 1, max: 1, options: [], until: null };
const SHOOT = { ...DECOY, action: "shoot", targets: [2, 3] };

function seatAtNight(seat: number, stepMs: number | null, over: Record<string, unknown> = {}) {
  const p = fakePaddle(seat);
  p.login();
  p.mqtt.puback(p.mqtt.unacked.length);
  p.mqtt.deliver(publicGlanceTopic(T), glance(stepMs, over));
  let rev = 11;
  const view = (v: Partial<SeatView>) =>
    p.mqtt.deliver(seatViewTopic(T, seat), seatView(seat, rev++, v));
  const answers = () =>
    p.mqtt.published.filter(
      (m) => m.topic.endsWith("/input") && (m.body.kind === "act" || m.body.kind === "pass"),
    );
  return { ...p, view, answers };
}

describe("the firmware fills a silent night's owed answers (QUIET-FILL-01)", () => {
  it("QUIET-FILL-01: an idle seat sends its two owed answers at the moment, an active one nothing more: two inputs of one size each", () => {
    const idle = seatAtNight(2, 60_000);
    idle.view({ prompt: DECOY, pass: "nothing", answers: 0 });
    const active = seatAtNight(1, 60_000);
    active.view({ prompt: SHOOT, pass: "nothing", answers: 0 });
    // The active seat answers at once, twice, each once the hub counted the one before.
    active.hal.press("ok", "ok");
    active.mqtt.puback();
    active.view({ prompt: SHOOT, pass: "nothing", answers: 1 });
    active.hal.press("ok", "ok");
    active.mqtt.puback();
    active.view({ prompt: SHOOT, pass: null, answers: 2 });
    expect(active.answers()).toHaveLength(2);

    idle.clock.advance(60_000 - FILL_LEAD_MS - 1);
    expect(idle.answers()).toHaveLength(0);
    idle.clock.advance(1);
    expect(idle.answers().map((m) => m.body.kind)).toEqual(["pass"]);
    // A view that left the hub before that answer still says "nothing": no second yet.
    idle.view({ prompt: DECOY, pass: "nothing", answers: 0 });
    idle.mqtt.puback();
    expect(idle.answers()).toHaveLength(1);
    idle.view({ prompt: DECOY, pass: "nothing", answers: 1 });
    expect(idle.answers()).toHaveLength(2);
    idle.mqtt.puback();
    idle.view({ prompt: null, pass: null, answers: 2 });
    idle.clock.advance(60_000);
    active.clock.advance(60_000);
    expect(idle.answers()).toHaveLength(2);
    expect(active.answers()).toHaveLength(2);
    const sizes = [...idle.answers(), ...active.answers()].map(
      (m) => JSON.stringify(m.body).length,
    );
    expect(new Set(sizes).size).toBe(1);
  });

  it("QUIET-FILL-01: a short night step leaves three quarters of it to the person", () => {
    const idle = seatAtNight(3, 8_000);
    idle.view({ prompt: DECOY, pass: "nothing", answers: 0 });
    idle.clock.advance(5_999);
    expect(idle.answers()).toHaveLength(0);
    idle.clock.advance(1);
    expect(idle.answers()).toHaveLength(1);
  });

  it("QUIET-FILL-01: nothing is filled while paused, in a night without an end, from a dead seat or for a hub without `answers`", () => {
    const paused = seatAtNight(1, 60_000, { paused: true });
    paused.view({ prompt: DECOY, pass: "nothing", answers: 0 });
    const endless = seatAtNight(2, null);
    endless.view({ prompt: DECOY, pass: "nothing", answers: 0 });
    const dead = seatAtNight(3, 60_000);
    dead.view({ alive: false, prompt: null, pass: null, answers: 0 });
    const old = seatAtNight(3, 60_000);
    old.view({ prompt: DECOY, pass: "nothing" });
    for (const s of [paused, endless, dead, old]) {
      s.clock.advance(120_000);
      expect(s.answers()).toHaveLength(0);
    }
  });

  it("QUIET-FILL-01: an answer by the keys after the moment counts, and the fill owes one fewer", () => {
    const late = seatAtNight(2, 60_000);
    late.view({ prompt: SHOOT, pass: "nothing", answers: 1 });
    late.hal.press("ok", "ok"); // his second answer, in flight when the moment comes
    late.clock.advance(60_000 - FILL_LEAD_MS);
    expect(late.answers()).toHaveLength(1);
    late.mqtt.puback();
    late.view({ prompt: SHOOT, pass: null, answers: 2 });
    late.clock.advance(60_000);
    expect(late.answers()).toHaveLength(1);
  });
});
