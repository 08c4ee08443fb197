/**
 * Each built-in ruleset's `extras` (protocol/extras.ts) as the engine really makes them: in
 * every state of a played game (the pure engine, test/helpers/random-rulesets.ts) the public
 * view's extras parse with that ruleset's own schema, strictly, and with the schema screens
 * read every ruleset's with (`publicExtrasSchema`, which must declare each field).
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { type GameState, publicView } from "../../hub/engine/index.js";
import {
  appExtrasSchema,
  forumExtrasSchema,
  huntExtrasSchema,
  publicExtrasSchema,
  sportExtrasSchema,
} from "../../protocol/extras.js";
import { RANDOM_PLAYS } from "../helpers/random-rulesets.js";

const SCHEMAS: Record<keyof typeof RANDOM_PLAYS, z.ZodObject> = {
  sport: sportExtrasSchema,
  app: appExtrasSchema,
  hunt: huntExtrasSchema,
  forum: forumExtrasSchema,
};

/** The extras as a screen gets them: serialized, then read back. */
const extrasOf = (s: GameState) =>
  JSON.parse(JSON.stringify(publicView(s, s.now).extras)) as Record<string, unknown>;

describe.each(Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[])("the %s extras", (id) => {
  const schema = SCHEMAS[id];

  it("parse with the ruleset's own schema, strictly, in every state of a played game", () => {
    const faults = new Set<string>();
    const seen = new Set<string>();
    let states = 0;
    RANDOM_PLAYS[id](1, (s) => {
      states++;
      const extras = extrasOf(s);
      for (const k of Object.keys(extras)) seen.add(k);
      for (const issue of schema.safeParse(extras).error?.issues ?? [])
        faults.add(`${issue.path.join(".")}: ${issue.message}`);
      for (const issue of publicExtrasSchema.strict().safeParse(extras).error?.issues ?? [])
        faults.add(`public: ${issue.path.join(".")}: ${issue.message}`);
    });
    expect([...faults].slice(0, 10)).toEqual([]);
    expect(states).toBeGreaterThan(20);
    // The game reached every field the schema declares (the forum's live part included).
    expect([...seen].sort()).toEqual(Object.keys(schema.shape).sort());
  });

  it("declare no field the screens' schema lacks", () => {
    const screens = Object.keys(publicExtrasSchema.shape);
    expect(Object.keys(schema.shape).filter((k) => !screens.includes(k))).toEqual([]);
  });
});
