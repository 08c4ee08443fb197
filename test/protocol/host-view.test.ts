/**
 * The host view (`host/view`) and its public part's `extras` (protocol/extras.ts) of every state of random sport, app, hunt and forum games
 * is valid against protocol/host-view.ts, the schema the console parses it with: every
 * field the console reads (flow.turns, flow.nightBook, flow.nominators, …) has the declared
 * shape in every ruleset that keeps it, so the console reads typed data, not guesses.
 */
import { describe, expect, it } from "vitest";
import { createGame, type GameState, hostView } from "../../hub/engine/index.js";
import { publicExtrasSchema } from "../../protocol/extras.js";
import { hostViewSchema } from "../../protocol/host-view.js";
import type { RulesetId } from "../../protocol/index.js";
import { parseHostView } from "../../web-display/src/host-view.js";
import { T0 } from "../helpers/engine-driver.js";
import { FORUM_OPTION_SETS, playForum, seedHex } from "../helpers/random-forum.js";
import { mulberry32, nextInputs, playRandom } from "../helpers/random-game.js";
import { newHuntGame, nextHuntInputs } from "../helpers/random-hunt.js";

function created(ruleset: RulesetId, seats: number, seed: number): GameState {
  const c = createGame({
    table: "t1",
    ruleset,
    seats: Array.from({ length: seats }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
    options: {},
    seed: seedHex(seed),
    at: T0,
  });
  if (!c.ok) throw new Error(c.errors.join("; "));
  return c.state;
}

const PLAYS: Record<RulesetId, (seed: number, see: (s: GameState) => void) => void> = {
  sport: (seed, see) =>
    playRandom(
      created("sport", 10, seed),
      mulberry32(seed),
      (s, r, at) => nextInputs(s, r, at, seed % 2 === 0),
      { batches: 3000, gapMs: 3000 },
      see,
    ),
  app: (seed, see) =>
    playRandom(
      created("app", 8, seed),
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

/** The view as the hub sends it: serialized, then read back as a client would. */
const wire = (s: GameState) => JSON.parse(JSON.stringify(hostView(s, s.now))) as unknown;

describe.each(Object.keys(PLAYS) as RulesetId[])("the %s host view", (id) => {
  it.each([1, 2])("is valid in every state of random game %i", (seed) => {
    const faults = new Map<string, number>();
    const fields = new Set<string>();
    let states = 0;
    PLAYS[id](seed, (s) => {
      states++;
      const raw = wire(s);
      const parsed = hostViewSchema.strict().safeParse(raw);
      const view = raw as { extras: unknown; public: { extras: unknown } };
      const issues = [
        ...(parsed.success ? [] : parsed.error.issues),
        ...(publicExtrasSchema.strict().safeParse(view.extras).error?.issues ?? []),
        ...(publicExtrasSchema.strict().safeParse(view.public.extras).error?.issues ?? []),
      ];
      for (const issue of issues) {
        const where = `${issue.path.join(".")}: ${issue.message}`;
        faults.set(where, (faults.get(where) ?? 0) + 1);
      }
      if (!parsed.success) return;
      for (const [k, v] of Object.entries(parsed.data.flow)) if (v != null) fields.add(k);
    });
    expect([...faults.keys()].slice(0, 10)).toEqual([]);
    expect(states).toBeGreaterThan(20);
    // The walk reaches the bookkeeping the console reads.
    const expected: Record<RulesetId, string[]> = {
      sport: ["turns", "nominators", "fouls", "night"],
      app: ["night", "votes"],
      hunt: ["votes"],
      forum: ["night", "votes", "nightBook"],
    };
    for (const f of expected[id]) expect(fields).toContain(f);
  });
});

describe("the console's parse", () => {
  it("reads a sport view's bookkeeping as typed fields", () => {
    let seen = false;
    PLAYS.sport(1, (s) => {
      const view = parseHostView(wire(s));
      expect(view).not.toBeNull();
      if (view && view.queue.length > 0) seen = true;
    });
    expect(seen).toBe(true);
  });

  it("refuses a view that does not fit the schema, rather than guessing", () => {
    let sample: unknown = null;
    PLAYS.sport(1, (s) => {
      sample ??= wire(s);
    });
    const bad = structuredClone(sample) as { flow: Record<string, unknown> };
    bad.flow.nominators = { "3": "four" };
    expect(parseHostView(bad)).toBeNull();
    expect(parseHostView({ seats: "none" })).toBeNull();
  });
});
