/**
 * Hunt as a whole: random games of legal moves (hunts included) reach an end, replay to the
 * same state, and keep the night silent and the roles hidden on the way (properties checked
 * after every accepted input).
 */
import { describe, expect, it } from "vitest";
import {
  type EngineInput,
  type GameState,
  publicView,
  seatView,
  step,
} from "../../hub/engine/index.js";
import { emptyNight, type HuntFlow } from "../../hub/engine/rulesets/hunt/flow.js";
import { T0 } from "../helpers/engine-driver.js";
import { mulberry32, type Rand, replayBoth } from "../helpers/random-game.js";
import { newHuntGame, nextHuntInputs } from "../helpers/random-hunt.js";

const seedHex = (n: number) => (n >>> 0).toString(16).padStart(8, "0").repeat(4);

/** Plays a random game, calling `check` after every accepted input. */
function play(
  seed: string,
  rand: Rand,
  options: Record<string, unknown> = {},
  check?: (before: GameState, input: EngineInput, after: GameState) => void,
) {
  let state = newHuntGame(seed, options);
  let at = T0;
  const offered: EngineInput[] = [];
  for (let b = 0; b < 3000 && state.phase !== "ended"; b++) {
    at += 1 + Math.floor(rand() * 3000);
    for (const input of nextHuntInputs(state, rand, at)) {
      offered.push(input);
      const r = step(state, input);
      if (!r.ok) continue;
      check?.(state, input, r.state);
      state = r.state;
    }
  }
  return { state, offered };
}

const withoutClock = (state: GameState) => JSON.stringify({ ...publicView(state, 0), now: 0 });

describe("random hunt games", () => {
  it("reach an end with a winner, every role shown and the deal opened", () => {
    const winners = new Set<string>();
    for (let g = 0; g < 40; g++) {
      const { state } = play(
        seedHex(7000 + g),
        mulberry32(g),
        g % 4 === 3 ? { decoys: false } : {},
      );
      expect(state.phase, `game ${g}`).toBe("ended");
      winners.add(state.winner as string);
      const pub = publicView(state, 0);
      expect(pub.roles).not.toBeNull();
      expect(pub.deal?.roles).toEqual(state.seats.map((s) => s.role));
    }
    expect([...winners].every((w) => ["town", "mafia", "maniac", "draw"].includes(w))).toBe(true);
    expect(winners.size).toBeGreaterThan(1);
  });

  it("replay: the same inputs give the same state, by step and in place (the lot included)", () => {
    for (let g = 0; g < 10; g++) {
      const seed = seedHex(9000 + g);
      const { state, offered } = play(seed, mulberry32(100 + g));
      const { stepped, inPlace } = replayBoth(() => newHuntGame(seed), offered);
      expect(stepped).toEqual(state);
      expect(inPlace).toEqual(state);
    }
  });

  it("silent nights: a night answer changes nothing public, every living seat's view moves alike, every living seat has a prompt until it answered", () => {
    let nightAnswers = 0;
    for (let g = 0; g < 10; g++) {
      play(seedHex(500 + g), mulberry32(300 + g), {}, (before, input, after) => {
        if (before.phase !== "night" || after.phase !== "night" || input.type !== "seat") return;
        nightAnswers += 1;
        expect(withoutClock(after)).toBe(withoutClock(before));
        const stirs = new Set(
          after.seats.filter((s) => s.alive).map((s) => seatView(after, s.seat).stir),
        );
        expect(stirs.size).toBe(1);
        for (const s of after.seats) {
          if (!s.alive || after.quiet.answered.includes(s.seat)) continue;
          expect(seatView(after, s.seat).prompt, `seat ${s.seat}`).not.toBeNull();
        }
      });
    }
    expect(nightAnswers).toBeGreaterThan(100);
  });

  it("secrecy: the public view never depends on tonight's choices, and shows before the end only announced statuses", () => {
    for (let g = 0; g < 10; g++) {
      play(seedHex(800 + g), mulberry32(600 + g), {}, (_before, _input, after) => {
        if (after.phase === "ended") return;
        const erased = structuredClone(after);
        const flow = erased.flow as unknown as HuntFlow;
        if (flow.night) flow.night = emptyNight();
        flow.record = null;
        erased.quiet = { stir: 0, answered: [] };
        expect(withoutClock(erased)).toBe(withoutClock(after));
        const pub = publicView(after, 0);
        expect(pub.roles).toBeNull();
        for (const s of pub.seats) {
          const seat = after.seats[s.seat - 1];
          if (s.role === null) continue;
          expect(seat?.alive).toBe(false);
          // "maniac" only for the Maniac the hunt killed (HUNT-REVEAL-07)
          if (s.role === "maniac") expect(seat?.out).toBe("hunted");
          else expect(["civilian", "mafia"]).toContain(s.role);
        }
      });
    }
  });
});
