/**
 * Each ruleset's manifest (protocol/manifest.ts) says what the ruleset is made of. Checked
 * against the ruleset itself: the roles it deals, and every step, way out and announcement
 * that random games of it reach, so a screen that reads the manifest meets nothing unlisted.
 */
import { describe, expect, it } from "vitest";
import { availableRulesets, rulesetById } from "../../hub/engine/rulesets/index.js";
import { VOTE_STEPS } from "../../hub/engine/rulesets/sport/vote.js";
import { rulesetListSchema, rulesetManifestSchema } from "../../protocol/index.js";
import { RANDOM_PLAYS } from "../helpers/random-rulesets.js";

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
    const play = RANDOM_PLAYS[id as keyof typeof RANDOM_PLAYS];
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
