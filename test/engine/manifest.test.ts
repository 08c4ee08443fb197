/**
 * Each ruleset's manifest (protocol/manifest.ts) says what the ruleset is made of. Checked
 * against the ruleset itself: the roles it deals, and every step, way out and announcement
 * that random games of it reach, so a screen that reads the manifest meets nothing unlisted.
 */
import { describe, expect, it } from "vitest";
import { createGame, type GameState } from "../../hub/engine/index.js";
import { availableRulesets, rulesetById } from "../../hub/engine/rulesets/index.js";
import { VOTE_STEPS } from "../../hub/engine/rulesets/sport/vote.js";
import { type RulesetId, rulesetListSchema, rulesetManifestSchema } from "../../protocol/index.js";
import { T0 } from "../helpers/engine-driver.js";
import { FORUM_OPTION_SETS, playForum, seedHex } from "../helpers/random-forum.js";
import { mulberry32, nextInputs, playRandom } from "../helpers/random-game.js";
import { newHuntGame, nextHuntInputs } from "../helpers/random-hunt.js";

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

const PLAYS: Record<string, (seed: number, see: (s: GameState) => void) => void> = {
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

describe("the sport manifest's votes", () => {
  it("SPORT-OPEN-10: lists every thumb vote step, the cast-majority stay window too", () => {
    const manifest = rulesetById("sport")?.manifest;
    const thumbSteps = manifest?.steps.filter((s) => s.kind === "thumbVote").map((s) => s.id);
    expect(thumbSteps?.sort()).toEqual([...VOTE_STEPS].sort());
  });
});

describe.each(availableRulesets())("the %s manifest", (id) => {
  const ruleset = rulesetById(id);
  if (!ruleset) throw new Error(id);
  const manifest = ruleset.manifest;

  it("is valid data and lists the ruleset's roles with their teams", () => {
    expect(rulesetManifestSchema.parse(manifest)).toEqual(manifest);
    expect(manifest.roles.map((r) => [r.id, r.team]).sort()).toEqual(
      Object.values(ruleset.roles)
        .map((r) => [r.id, r.team])
        .sort(),
    );
  });

  it("lists every step, way out and announcement that random games reach", () => {
    const play = PLAYS[id];
    if (!play) throw new Error(`no random player for ${id}`);
    const steps = new Set(manifest.steps.map((s) => `${s.phase}/${s.id}`));
    const seen = { steps: new Set<string>(), outs: new Set<string>(), keys: new Set<string>() };
    for (let seed = 1; seed <= 12; seed++) {
      play(seed, (s) => {
        if (s.phase !== "setup") seen.steps.add(`${s.phase}/${s.step}`);
        for (const seat of s.seats) if (seat.out) seen.outs.add(seat.out);
        for (const a of s.announcements) seen.keys.add(a.key);
      });
    }
    expect([...seen.steps].filter((s) => !steps.has(s))).toEqual([]);
    expect([...seen.outs].filter((o) => !manifest.outs.includes(o))).toEqual([]);
    expect([...seen.keys].filter((k) => !manifest.announcements.includes(k))).toEqual([]);
    // The games reached an end, so the check saw more than the first steps.
    expect(seen.steps.has("ended/end")).toBe(true);
  });
});

it("host/rulesets carries each manifest beside the options, and older lists still parse", () => {
  const list = {
    rulesets: availableRulesets().map((id) => ({
      id,
      options: [...(rulesetById(id)?.options ?? [])],
      manifest: rulesetById(id)?.manifest,
    })),
  };
  expect(rulesetListSchema.parse(JSON.parse(JSON.stringify(list)))).toEqual(list);
  const older = { rulesets: list.rulesets.map(({ id, options }) => ({ id, options })) };
  expect(rulesetListSchema.safeParse(older).success).toBe(true);
});
