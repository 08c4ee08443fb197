/**
 * A step's length comes from the `timing` its manifest declares (protocol/manifest.ts),
 * read by the screens' countdown rings (web-display/src/clock.ts), not from step ids.
 */
import { describe, expect, it } from "vitest";
import { availableRulesets, rulesetById } from "../../hub/engine/rulesets/index.js";
import type { PublicState } from "../../protocol/views.js";
import { stepSeconds } from "../../web-display/src/clock.js";

const sport = rulesetById("sport")?.manifest ?? null;
const timings = { speech: 60, lastword: 30, lastwordNight: 45, vote: 5, night: 20, meeting: 40 };

function state(step: string, round: number, lastKey?: string): PublicState {
  const announcements = lastKey ? [{ key: lastKey, params: {} }] : [];
  return { step, round, timings, announcements } as unknown as PublicState;
}

describe("a step's length from its manifest", () => {
  it("reads each step's declared timing key, none for a step without one", () => {
    expect(stepSeconds(state("speech", 1), sport)).toBe(60);
    expect(stepSeconds(state("stayvote", 1), sport)).toBe(5);
    expect(stepSeconds(state("sheriff", 1), sport)).toBe(20);
    expect(stepSeconds(state("end", 1), sport)).toBeNull();
    expect(stepSeconds(state("speech", 1), null)).toBeNull();
  });

  it("SPORT-LAST-02: a night victim's last word is longer; the zero night is the meeting", () => {
    expect(stepSeconds(state("lastword", 1, "morning.killed"), sport)).toBe(45);
    expect(stepSeconds(state("lastword", 1, "vote.eliminated"), sport)).toBe(30);
    expect(stepSeconds(state("mafia", 0), sport)).toBe(40);
    expect(stepSeconds(state("mafia", 1), sport)).toBe(20);
  });

  it.each(availableRulesets())("%s: every length it publishes is some step's timing", (id) => {
    const ruleset = rulesetById(id);
    if (!ruleset) throw new Error(id);
    // The default options at the first table size the ruleset accepts them for; a length
    // left unlimited (null) is not published, so this direction is the one that always holds.
    const sizes = Array.from({ length: 20 }, (_, i) => i + 4);
    const parsed = sizes.map((n) => ruleset.parseOptions({}, n)).find((r) => r.ok);
    if (!parsed?.ok) throw new Error(`${id}: default options refused`);
    const named = ruleset.manifest.steps.flatMap((st) =>
      st.timing ? [st.timing.key, st.timing.zeroNight, st.timing.afterNightKill] : [],
    );
    for (const key of Object.keys(ruleset.timings(parsed.options)))
      expect(named, `${id}: ${key}`).toContain(key);
  });

  it("sport, whose lengths are always published: every key its steps name is one", () => {
    const ruleset = rulesetById("sport");
    const parsed = ruleset?.parseOptions({}, 10);
    if (!ruleset || !parsed?.ok) throw new Error("sport defaults refused");
    const published = Object.keys(ruleset.timings(parsed.options));
    for (const st of ruleset.manifest.steps)
      for (const key of st.timing
        ? [st.timing.key, st.timing.zeroNight, st.timing.afterNightKill]
        : [])
        if (key !== undefined) expect(published, st.id).toContain(key);
  });
});
