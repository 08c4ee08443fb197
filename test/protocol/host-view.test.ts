/**
 * The host view (`host/view`) and its public part's `extras` (protocol/extras.ts) of every state of random sport, app, hunt and forum games
 * is valid against protocol/host-view.ts, the schema the console parses it with: every
 * field the console reads (flow.turns, flow.nightBook, flow.nominators, …) has the declared
 * shape in every ruleset that keeps it, so the console reads typed data, not guesses.
 */
import { describe, expect, it } from "vitest";
import { type GameState, hostView } from "../../hub/engine/index.js";
import { publicExtrasSchema } from "../../protocol/extras.js";
import { hostViewSchema } from "../../protocol/host-view.js";
import { parseHostView } from "../../web-display/src/host-view.js";
import { RANDOM_PLAYS } from "../helpers/random-rulesets.js";

/** The view as the hub sends it: serialized, then read back as a client would. */
const wire = (s: GameState) => JSON.parse(JSON.stringify(hostView(s, s.now))) as unknown;

describe.each(Object.keys(RANDOM_PLAYS) as (keyof typeof RANDOM_PLAYS)[])(
  "the %s host view",
  (id) => {
    it.each([1, 2])("is valid in every state of random game %i", (seed) => {
      const faults = new Map<string, number>();
      const fields = new Set<string>();
      let states = 0;
      RANDOM_PLAYS[id](seed, (s) => {
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
      const expected: Record<keyof typeof RANDOM_PLAYS, string[]> = {
        sport: ["turns", "nominators", "fouls", "night"],
        app: ["night", "votes"],
        hunt: ["votes"],
        forum: ["night", "votes", "nightBook"],
      };
      for (const f of expected[id]) expect(fields).toContain(f);
    });
  },
);

describe("the console's parse", () => {
  it("reads a sport view's bookkeeping as typed fields", () => {
    let seen = false;
    RANDOM_PLAYS.sport(1, (s) => {
      const view = parseHostView(wire(s));
      expect(view).not.toBeNull();
      if (view && view.queue.length > 0) seen = true;
    });
    expect(seen).toBe(true);
  });

  it("refuses a view that does not fit the schema, rather than guessing", () => {
    let sample: unknown = null;
    RANDOM_PLAYS.sport(1, (s) => {
      sample ??= wire(s);
    });
    const bad = structuredClone(sample) as { flow: Record<string, unknown> };
    bad.flow.nominators = { "3": "four" };
    expect(parseHostView(bad)).toBeNull();
    expect(parseHostView({ seats: "none" })).toBeNull();
  });
});
