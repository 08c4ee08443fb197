/**
 * The registry is the set of rulesets: what is registered is what the setup accepts and the
 * topics publish, with no list of ids anywhere else (issue 23).
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  availableRulesets,
  registerRuleset,
  rulesetById,
  unregisterRuleset,
} from "../../hub/engine/rulesets/index.js";

const sport = rulesetById("sport");
if (!sport) throw new Error("sport is built in");

describe("ruleset registry", () => {
  afterEach(() => {
    if (rulesetById("copy")) unregisterRuleset("copy");
  });

  it("lists the built-in folders, sport first (the default)", () => {
    expect(availableRulesets()).toEqual(["sport", "app", "hunt", "forum"]);
  });

  it("a registered ruleset is available by its id, and gone once unregistered", () => {
    registerRuleset({ ...sport, id: "copy" });
    expect(availableRulesets()).toContain("copy");
    expect(rulesetById("copy")?.id).toBe("copy");
    unregisterRuleset("copy");
    expect(rulesetById("copy")).toBeUndefined();
  });

  it("refuses a second ruleset with a taken id, a malformed id and removing a built-in one", () => {
    expect(() => registerRuleset({ ...sport })).toThrow(/already registered/);
    expect(() => registerRuleset({ ...sport, id: "Not An Id" })).toThrow(/not a wire id/);
    expect(() => unregisterRuleset("hunt")).toThrow(/built in/);
    expect(availableRulesets()).toEqual(["sport", "app", "hunt", "forum"]);
  });
});
