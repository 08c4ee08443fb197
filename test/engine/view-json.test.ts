/**
 * The two shortcuts the hub takes per accepted input (issue 11), checked against what they
 * replace on every state of random games of sport, hunt and forum (forum's host view has a
 * flow of its own, sport's audience view extras of its own):
 *  - step() copies the state with cloneJson instead of a JSON round trip: the same data,
 *    and nothing shared with the original;
 *  - the host and audience views are written around the public view's JSON: the same text
 *    as serializing the whole view objects.
 */
import { describe, expect, it } from "vitest";
import { cloneJson } from "../../hub/engine/clone.js";
import {
  audienceView,
  audienceViewJson,
  createGame,
  type GameState,
  hostView,
  hostViewJson,
  publicView,
} from "../../hub/engine/index.js";
import { T0 } from "../helpers/engine-driver.js";
import { FORUM_OPTION_SETS, playForum, seedHex } from "../helpers/random-forum.js";
import { mulberry32, nextInputs, playRandom } from "../helpers/random-game.js";
import { newHuntGame, nextHuntInputs } from "../helpers/random-hunt.js";

/** Every state of a random game from `first`, the first included. */
function statesOf(first: GameState, seed: number, next: Parameters<typeof playRandom>[2]) {
  const states = [first];
  playRandom(first, mulberry32(seed), next, { batches: 3000, gapMs: 3000 }, (s) => states.push(s));
  return states;
}

function sportStates(seed: number): GameState[] {
  const created = createGame({
    table: "t1",
    ruleset: "sport",
    seats: Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `Player ${i + 1}` })),
    options: {},
    seed: seedHex(seed),
    at: T0,
  });
  if (!created.ok) throw new Error(created.errors.join("; "));
  return statesOf(created.state, seed, (s, rand, at) => nextInputs(s, rand, at, true));
}

function huntStates(seed: number): GameState[] {
  return statesOf(newHuntGame(seedHex(seed)), seed, nextHuntInputs);
}

function forumStates(seed: number): GameState[] {
  const states: GameState[] = [];
  const options = FORUM_OPTION_SETS[seed % FORUM_OPTION_SETS.length] ?? {};
  playForum(seedHex(seed), mulberry32(seed), options, (s) => states.push(s));
  return states;
}

const RULESETS: [string, (seed: number) => GameState[]][] = [
  ["sport", sportStates],
  ["hunt", huntStates],
  ["forum", forumStates],
];

describe.each(RULESETS)("%s: the hub's shortcuts on every state of random games", (_, states) => {
  it("cloneJson copies the state as a JSON round trip does, sharing no object", () => {
    for (let g = 0; g < 4; g++) {
      for (const s of states(7100 + g)) {
        const copy = cloneJson(s);
        expect(copy).toEqual(JSON.parse(JSON.stringify(s)));
        expect(JSON.stringify(copy)).toBe(JSON.stringify(s));
        expect(copy.seats[0]).not.toBe(s.seats[0]);
        expect(copy.clock).not.toBe(s.clock);
      }
    }
  });

  it("the host and audience views around the public view's JSON are the views' own text", () => {
    let checked = 0;
    for (let g = 0; g < 4; g++) {
      for (const s of states(7200 + g)) {
        const pub = publicView(s, 0);
        const pubJson = JSON.stringify(pub);
        expect(hostViewJson(s, pubJson)).toBe(JSON.stringify(hostView(s, 0, pub)));
        expect(audienceViewJson(s, pubJson)).toBe(JSON.stringify(audienceView(s, 0, pub)));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
