/**
 * A random game of each ruleset, played to its end through the engine alone, calling `see`
 * with every state: the walkers of random-game.ts, random-hunt.ts and random-forum.ts, one
 * per ruleset, for tests that check something of every state of every ruleset.
 */
import { createGame, type GameState } from "../../hub/engine/index.js";
import type { RulesetId } from "../../protocol/index.js";
import { T0 } from "./engine-driver.js";
import { FORUM_OPTION_SETS, playForum, seedHex } from "./random-forum.js";
import { mulberry32, nextInputs, playRandom } from "./random-game.js";
import { newHuntGame, nextHuntInputs } from "./random-hunt.js";

function created(ruleset: RulesetId, seats: number): GameState {
  const c = createGame({
    table: "t1",
    ruleset,
    seats: Array.from({ length: seats }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
    options: {},
    seed: seedHex(seats),
    at: T0,
  });
  if (!c.ok) throw new Error(c.errors.join("; "));
  return c.state;
}

/** The built-in rulesets' random games (a registered test ruleset brings its own). */
export const RANDOM_PLAYS: Record<
  "sport" | "app" | "hunt" | "forum",
  (seed: number, see: (s: GameState) => void) => void
> = {
  sport: (seed, see) =>
    playRandom(
      created("sport", 10),
      mulberry32(seed),
      (s, r, at) => nextInputs(s, r, at, seed % 2 === 0),
      { batches: 3000, gapMs: 3000 },
      see,
    ),
  // The app's seats answer their prompts as hunt's do: the same prompt-driven player.
  app: (seed, see) =>
    playRandom(
      created("app", 8),
      mulberry32(seed),
      nextHuntInputs,
      { batches: 3000, gapMs: 3000 },
      see,
    ),
  hunt: (seed, see) =>
    playRandom(
      newHuntGame(seedHex(seed)),
      mulberry32(seed),
      nextHuntInputs,
      { batches: 3000, gapMs: 3000 },
      see,
    ),
  forum: (seed, see) =>
    playForum(
      seedHex(seed),
      mulberry32(seed),
      FORUM_OPTION_SETS[seed % FORUM_OPTION_SETS.length] ?? {},
      see,
    ),
};
