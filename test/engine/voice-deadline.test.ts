/**
 * Who is speaking, in a quiet room (issue 26, hub/engine/voice.ts voiceDeadline): the end of
 * a speech is settled by a journaled timer input the hub arms, not only by the next input of
 * any kind, so a short remark with nobody else talking raises its candidate within the
 * settle time and `speaking` goes back to nobody.
 */
import { describe, expect, it } from "vitest";
import { type EngineInput, nextDeadline } from "../../hub/engine/index.js";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";

/** Sport, Day 0, seat 1 has the floor, no step timers (only the voice deadline is armed). */
function day0(): EngineDriver {
  const d = new EngineDriver({ options: { voice: true, autoAdvance: false } })
    .start(DEAL)
    .skipNight();
  for (let s = 1; s <= 10; s++) d.seat(s, { kind: "hello", fw: "phone", caps: ["mic"] });
  return d;
}

/** Seat 4 says one short thing (0.7 s at level 80, as a phone batches it), then silence. */
function remark(d: EngineDriver): void {
  d.tick(500).seat(4, { kind: "voice", on: true, levels: Array(5).fill(80) });
  d.tick(500).seat(4, { kind: "voice", on: false, levels: [80, 80, 0, 0, 0] });
}

describe("the voice deadline", () => {
  it("a remark in a silent room is settled by the timer: candidate raised, nobody speaking", () => {
    const d = day0();
    expect(nextDeadline(d.state)).toBeNull();
    remark(d);
    // Without the timer, the remark's windows wait here for someone's next input.
    expect(d.state.voice?.candidates).toEqual([]);
    const due = nextDeadline(d.state);
    expect(due).not.toBeNull();
    // The newest level is 1 s old (SETTLE_MS) and the run's gap has closed it.
    expect(due as number).toBeLessThanOrEqual(d.at + 1000 + 400);
    d.at = due as number;
    d.ok({ type: "timer", at: d.at });
    expect(d.state.voice?.candidates).toMatchObject([
      { seat: 4, kind: "turn", during: 1, status: "open" },
    ]);
    // One more deadline once the run's seat has been silent for maxGap + 1 windows: it ends.
    expect(d.state.voice?.speaking).toBe(4);
    d.at = nextDeadline(d.state) as number;
    d.ok({ type: "timer", at: d.at });
    expect(d.state.voice?.speaking).toBeNull();
    expect(nextDeadline(d.state)).toBeNull();
  });

  it("a timer before the voice deadline is stale and changes nothing", () => {
    const d = day0();
    remark(d);
    const before = JSON.stringify(d.state);
    const due = nextDeadline(d.state) as number;
    expect(d.feed({ type: "timer", at: due - 1 })?.code).toBe("stale_timer");
    expect(JSON.stringify(d.state)).toBe(before);
  });

  it("the journaled timer replays to the same state", () => {
    const d = day0();
    remark(d);
    d.ok({ type: "timer", at: nextDeadline(d.state) as number });
    const [start, ...rest] = d.inputs;
    const again = new EngineDriver({ options: { voice: true, autoAdvance: false } });
    again.ok(start as EngineInput).setRoles(DEAL);
    for (const input of rest) again.ok(input);
    expect(again.state).toEqual(d.state);
  });

  it("a table without voice arms no voice deadline", () => {
    const d = new EngineDriver({ options: { autoAdvance: false } }).start(DEAL).skipNight();
    d.seat(4, { kind: "voice", on: true, levels: Array(5).fill(80) });
    expect(nextDeadline(d.state)).toBeNull();
  });
});
