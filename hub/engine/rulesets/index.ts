import type { RulesetId } from "../../../protocol/index.js";
import type { Ruleset } from "../ruleset.js";
import { app } from "./app/index.js";
import { forum } from "./forum/index.js";
import { hunt } from "./hunt/index.js";
import { sport } from "./sport/index.js";

const RULESETS: Partial<Record<RulesetId, Ruleset>> = { sport, app, hunt, forum };

export function rulesetById(id: string): Ruleset | undefined {
  return Object.hasOwn(RULESETS, id) ? RULESETS[id as RulesetId] : undefined;
}

export function availableRulesets(): RulesetId[] {
  return Object.keys(RULESETS) as RulesetId[];
}
