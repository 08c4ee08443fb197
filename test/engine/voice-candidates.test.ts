/**
 * Who is speaking, in the engine (issue 26, hub/engine/voice.ts): levels journaled with the
 * hub's receive time are attributed once settled, and speech out of turn becomes a
 * candidate the judge confirms (a foul, cause out_of_turn) or dismisses, never a foul by itself.
 */
import { describe, expect, it } from "vitest";
import { rulesetById } from "../../hub/engine/index.js";
import type { Ruleset } from "../../hub/engine/ruleset.js";
import { FOUL_CAUSES } from "../../hub/engine/rulesets/sport/discipline.js";
import { step } from "../../hub/engine/step.js";
import type { VoiceCandidate } from "../../hub/engine/voice.js";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";

/** Sport, Day 0, seat 1 speaking; every seat's phone hears. */
function day0(): EngineDriver {
  const d = new EngineDriver({ options: { voice: true } }).start(DEAL).skipNight();
  for (let s = 1; s <= 10; s++) d.seat(s, { kind: "hello", fw: "phone", caps: ["mic"] });
  return d;
}

/**
 * `ms` of speech by `loud` (level 80), heard at 40 by `bleed` seats, sent every 500 ms as
 * the phones do, then the closing `on: false` messages.
 */
function speak(d: EngineDriver, loud: number, ms: number, bleed: number[] = []): void {
  for (let t = 0; t < ms; t += 500) {
    d.tick(500);
    expect(d.seat(loud, { kind: "voice", on: true, levels: Array(5).fill(80) })).toBeNull();
    for (const b of bleed) d.seat(b, { kind: "voice", on: true, levels: Array(5).fill(40) });
  }
  d.tick(100);
  d.seat(loud, { kind: "voice", on: false, levels: [0] });
  for (const b of bleed) d.seat(b, { kind: "voice", on: false, levels: [0] });
}

/** Lets the windows settle (any later input does it). */
function settle(d: EngineDriver): void {
  d.tick(1500);
  d.seat(10, { kind: "voice", on: false, levels: [0] });
}

const candidates = (d: EngineDriver): VoiceCandidate[] => d.state.voice?.candidates ?? [];

describe("voice candidates", () => {
  it("the speaker speaking is no candidate; he is 'speaking' live", () => {
    const d = day0();
    expect(d.state.speaker).toBe(1);
    speak(d, 1, 2000, [2, 3]);
    expect(d.state.voice?.speaking).toBe(1);
    settle(d);
    expect(candidates(d)).toEqual([]);
  });

  it("seat 4 talking 2 s during seat 1's speech is a candidate, not a foul", () => {
    const d = day0();
    speak(d, 4, 2000, [1, 5]);
    settle(d);
    const [c] = candidates(d);
    expect(c).toMatchObject({ seat: 4, kind: "turn", during: 1, status: "open" });
    expect((c as VoiceCandidate).to - (c as VoiceCandidate).from).toBeGreaterThanOrEqual(1900);
    expect(d.state.seats[3]?.fouls).toBe(0);
  });

  it("the judge's foul with cause out_of_turn confirms it", () => {
    const d = day0();
    speak(d, 4, 2000, [1]);
    settle(d);
    expect(d.host({ cmd: "foul", seat: 4, cause: "out_of_turn" })).toBeNull();
    expect(candidates(d)[0]?.status).toBe("confirmed");
    expect(d.state.seats[3]?.fouls).toBe(1);
  });

  it("a foul naming a candidate confirms that one; a wrong name refuses the foul, unchanged", () => {
    const d = day0();
    speak(d, 4, 1000, [1]);
    settle(d);
    speak(d, 4, 1000, [1]);
    settle(d);
    expect(candidates(d).map((c) => c.id)).toEqual([1, 2]);
    expect(d.host({ cmd: "foul", seat: 5, cause: "out_of_turn", candidate: 1 })?.code).toBe(
      "wrong_step",
    );
    expect(d.state.seats[4]?.fouls).toBe(0);
    expect(d.host({ cmd: "foul", seat: 4, cause: "out_of_turn", candidate: 1 })).toBeNull();
    expect(candidates(d).map((c) => c.status)).toEqual(["confirmed", "open"]);
    expect(d.host({ cmd: "foul", seat: 4, cause: "out_of_turn", candidate: 1 })?.code).toBe(
      "wrong_step",
    );
    expect(d.state.seats[3]?.fouls).toBe(1);
  });

  it("dismiss sets it aside, once, and changes no foul", () => {
    const d = day0();
    speak(d, 4, 2000, [1]);
    settle(d);
    expect(d.host({ cmd: "dismiss", candidate: 1 })).toBeNull();
    expect(candidates(d)[0]?.status).toBe("dismissed");
    expect(d.host({ cmd: "dismiss", candidate: 1 })?.code).toBe("wrong_step");
    expect(d.host({ cmd: "dismiss", candidate: 9 })?.code).toBe("wrong_step");
    expect(d.state.seats[3]?.fouls).toBe(0);
  });

  it("short bursts and ties raise nothing", () => {
    const d = day0();
    d.tick(500);
    d.seat(4, { kind: "voice", on: true, levels: [80, 80, 0] });
    d.seat(4, { kind: "voice", on: false, levels: [0] });
    d.tick(500);
    d.seat(5, { kind: "voice", on: true, levels: Array(5).fill(70) });
    d.seat(6, { kind: "voice", on: true, levels: Array(5).fill(70) });
    settle(d);
    expect(candidates(d)).toEqual([]);
  });

  it("the speaker going on after his 'thank you' is an overtime candidate", () => {
    const d = day0();
    speak(d, 1, 1000);
    d.pass(1);
    expect(d.state.speaker).toBe(2);
    speak(d, 1, 1500);
    settle(d);
    expect(candidates(d)).toMatchObject([{ seat: 1, kind: "overtime", during: 2 }]);
  });

  it("one stretch of talk through his own speech into the next is two candidates, each its own part", () => {
    const d = day0();
    /** Seat 2 talking without a pause: a message every 500 ms, no closing `off`. */
    const talk = (ms: number) => {
      for (let t = 0; t < ms; t += 500) {
        d.tick(500);
        expect(d.seat(2, { kind: "voice", on: true, levels: Array(5).fill(80) })).toBeNull();
      }
    };
    talk(1500);
    d.pass(1);
    const ownFrom = d.at;
    talk(1500);
    d.pass(2);
    const ownTo = d.at;
    talk(1500);
    d.tick(100);
    d.seat(2, { kind: "voice", on: false, levels: [0] });
    settle(d);
    const [before, after, ...more] = candidates(d);
    expect(more).toEqual([]);
    expect(before).toMatchObject({ seat: 2, kind: "turn", during: 1 });
    expect(after).toMatchObject({ seat: 2, kind: "overtime", during: 3 });
    // His own speech is in neither: "spoke 1.5 s during seat 1's", not 3 s or 4.5 s.
    expect((before as VoiceCandidate).to).toBeLessThanOrEqual(ownFrom + 100);
    expect((after as VoiceCandidate).from).toBeGreaterThanOrEqual(ownTo - 100);
  });

  it("the next speaker starting 0.3 s before the judge hands him the floor is no candidate", () => {
    const d = day0();
    d.tick(500);
    d.seat(2, { kind: "voice", on: true, levels: [0, 0, 80, 80, 80] });
    d.pass(1);
    expect(d.state.speaker).toBe(2);
    for (let t = 0; t < 2000; t += 500) {
      d.tick(500);
      d.seat(2, { kind: "voice", on: true, levels: Array(5).fill(80) });
    }
    settle(d);
    expect(d.state.voice?.speaking).toBe(null);
    expect(candidates(d)).toEqual([]);
  });

  it("talk from the night on into the day's first speech is a night candidate, then one in the turn", () => {
    const d = new EngineDriver({ options: { voice: true } }).start(DEAL);
    for (const s of [7, 10]) d.seat(s, { kind: "hello", fw: "phone", caps: ["mic"] });
    for (let t = 0; t < 1500; t += 500) {
      d.tick(500);
      d.seat(7, { kind: "voice", on: true, levels: Array(5).fill(80) });
    }
    d.skipNight();
    expect(d.state.speaker).toBe(1);
    for (let t = 0; t < 1500; t += 500) {
      d.tick(500);
      d.seat(7, { kind: "voice", on: true, levels: Array(5).fill(80) });
    }
    d.tick(100);
    d.seat(7, { kind: "voice", on: false, levels: [0] });
    settle(d);
    expect(candidates(d)).toMatchObject([
      { seat: 7, kind: "night", during: null },
      { seat: 7, kind: "turn", during: 1 },
    ]);
  });

  it("any voice at night is a 'talking at night' candidate", () => {
    const d = new EngineDriver({ options: { voice: true } }).start(DEAL);
    for (const s of [7, 10]) d.seat(s, { kind: "hello", fw: "phone", caps: ["mic"] });
    expect(d.state.phase).toBe("night");
    speak(d, 7, 1000);
    settle(d);
    expect(candidates(d)).toMatchObject([{ seat: 7, kind: "night", during: null }]);
  });
});

describe("which foul confirms a candidate: the manifest's voiceCauses", () => {
  it("sport: SPORT-FOUL-01 out_of_turn confirms talk in another's turn, SPORT-FOUL-02 after_thanks running over", () => {
    const manifest = rulesetById("sport")?.manifest;
    for (const cause of Object.values(manifest?.voiceCauses ?? {})) {
      expect(FOUL_CAUSES).toContain(cause);
    }
    const d = day0();
    speak(d, 1, 1000);
    d.pass(1);
    speak(d, 1, 1500);
    settle(d);
    expect(candidates(d)).toMatchObject([{ id: 1, seat: 1, kind: "overtime" }]);
    // The wrong cause for the named candidate: refused, no foul given.
    const wrong = d.host({ cmd: "foul", seat: 1, cause: "out_of_turn", candidate: 1 });
    expect(wrong?.message).toMatch(/after_thanks/);
    expect(d.state.seats[0]?.fouls).toBe(0);
    // Unnamed, a foul of another cause is given and confirms nothing.
    expect(d.host({ cmd: "foul", seat: 1, cause: "out_of_turn" })).toBeNull();
    expect(candidates(d)[0]?.status).toBe("open");
    expect(d.host({ cmd: "foul", seat: 1, cause: "after_thanks" })).toBeNull();
    expect(candidates(d)[0]?.status).toBe("confirmed");
  });

  it("a ruleset whose manifest has no voice causes gets no confirm: named, refused; unnamed, a plain foul", () => {
    const sport = rulesetById("sport") as Ruleset;
    const { voiceCauses: _, ...bare } = sport.manifest;
    const silent: Ruleset = { ...sport, manifest: bare };
    const d = day0();
    speak(d, 4, 2000, [1]);
    settle(d);
    expect(candidates(d)).toMatchObject([{ id: 1, seat: 4, kind: "turn", status: "open" }]);
    const foul = (candidate?: number) =>
      step(silent, d.state, {
        type: "host",
        at: d.at,
        action: { cmd: "foul", seat: 4, cause: "out_of_turn", candidate },
      });
    const named = foul(1);
    expect(named.ok).toBe(false);
    if (!named.ok) expect(named.rejection.message).toMatch(/no foul of this ruleset/);
    const plain = foul();
    expect(plain.ok && plain.state.seats[3]?.fouls).toBe(1);
    expect(plain.ok && plain.state.voice?.candidates[0]?.status).toBe("open");
  });
});
