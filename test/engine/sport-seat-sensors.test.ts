/**
 * Sensor facts only from seats that have the sensor (issue 24, "Phones as seats"): a phone's
 * hello names no blindfold sensor (its switch is the player's word, `blindfold-said`), so no
 * blindfold report of a phone removes it for peeking (SPORT-SENSE-01); a seat without a
 * thumb sensor neither votes nor provokes by thumb reports (SPORT-SENSE-02). Paddles at the
 * same table are judged by their sensors as before (SPORT-FOUL-15/16).
 */
import { describe, expect, it } from "vitest";
import type { SeatAction } from "../../hub/engine/types.js";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";

/** What the phone companion says in its hello (web-display/src/seat over the paddle firmware). */
const PHONE_CAPS = ["thumb", "blindfold-said", "haptic", "led", "keys", "display"];
const PADDLE_CAPS = ["thumb", "blindfold", "haptic", "led"];
const PHONES = [3, 5, 8];

function hello(d: EngineDriver, seat: number, caps: string[]): void {
  const action: SeatAction = { kind: "hello", fw: "test", caps };
  expect(d.seat(seat, action)).toBeNull();
}

/**
 * A sport table of 3 phones and 7 paddles, as it boots: each says hello and reports its
 * blindfold "off" (a phone's switch starts off and nobody touches it).
 */
function table(): EngineDriver {
  const d = new EngineDriver();
  for (let seat = 1; seat <= 10; seat++) {
    hello(d, seat, PHONES.includes(seat) ? PHONE_CAPS : PADDLE_CAPS);
    d.blindfold(seat, false);
  }
  return d.start(DEAL);
}

/** Every paddle's blindfold goes on, as the players put them on at nightfall. */
function paddlesOn(d: EngineDriver): EngineDriver {
  for (let seat = 1; seat <= 10; seat++) if (!PHONES.includes(seat)) d.blindfold(seat, true);
  return d;
}

/** Lets every step of the current phase run out by its timer. */
function runOut(d: EngineDriver, phase: "night" | "day"): EngineDriver {
  while (d.state.phase === phase) d.expire();
  return d;
}

const removed = (d: EngineDriver) =>
  d.pub.seats.filter((s) => s.out === "removed").map((s) => s.seat);

describe("SPORT seat sensors", () => {
  it("SPORT-SENSE-01: phones whose switch stays off are never removed for peeking, by timers or by edges", () => {
    const d = paddlesOn(table());
    // Zero night by its timers (the case: removals at the mafia's and the Don's step).
    runOut(d, "night");
    expect(removed(d)).toEqual([]);
    runOut(d.passAll(), "day");
    expect([d.state.phase, d.state.round]).toEqual(["night", 1]);
    // A phone's switch flipped on and off at night is the player's word, not a sensor's edge.
    d.blindfold(5, true).blindfold(5, false);
    d.blindfold(8, true);
    runOut(d, "night");
    expect(removed(d)).toEqual([]);
    expect(d.allLogs().filter((l) => l.key === "removed")).toEqual([]);
  });

  it("SPORT-FOUL-16: a paddle at the same table still peeks by its sensor", () => {
    const d = paddlesOn(table());
    runOut(runOut(d, "night").passAll(), "day");
    d.blindfold(6, false); // a paddle, not woken by the mafia's step of night 1
    expect(removed(d)).toEqual([6]);
    const left = new EngineDriver();
    for (let seat = 1; seat <= 10; seat++) hello(left, seat, PADDLE_CAPS);
    left.start(DEAL);
    left.blindfold(9, false); // a paddle whose blindfold stays off through the mafia's meeting
    left.expire();
    expect(removed(left)).toEqual([9]);
  });

  it("SPORT-SENSE-01: the facts are still recorded for the host, and a later paddle hello makes them count", () => {
    const d = table();
    expect(d.state.seats[4]).toMatchObject({ blindfoldOn: false, caps: PHONE_CAPS });
    hello(d, 5, PADDLE_CAPS); // the seat is now a paddle: its sensor counts from here on
    d.expire();
    expect(removed(d)).toContain(5);
  });

  it("SPORT-SENSE-02: a seat without a thumb sensor neither votes nor provokes by thumb reports", () => {
    const d = new EngineDriver();
    for (let seat = 1; seat <= 10; seat++)
      hello(d, seat, seat === 7 ? ["blindfold-said", "keys"] : PADDLE_CAPS);
    d.start(DEAL).skipNight();
    // Day 0: seat 1 nominates 9, seat 2 nominates 10, the rest pass.
    d.actOk(1, "nominate", [9]).pass(1);
    d.actOk(2, "nominate", [10]).pass(2);
    d.passAll();
    expect(d.state.step).toBe("vote");
    // Window of 9: seat 7 reports down then up (a provocation for a sensor), seat 6 votes.
    d.thumb(7, true).thumb(7, false);
    d.thumb(7, true); // and down again: no vote either
    d.thumb(6, true);
    d.next();
    expect(removed(d)).toEqual([]);
    expect(d.state.tally).toMatchObject({ "9": 1 });
  });
});
