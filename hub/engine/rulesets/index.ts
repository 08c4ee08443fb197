/**
 * The registry: the one place that lists the ruleset folders. The set of rulesets a hub runs
 * is what is registered here, and everything else reads it (`availableRulesets`): the
 * protocol's wire schemas take any well-formed id, the setup refuses an id not registered,
 * `host/rulesets` and `public/rulesets` publish the registered manifests, the command lines'
 * --help list them. A test may register one more ruleset of its own (test/helpers/toy-ruleset)
 * without any file here changing.
 */
import { rulesetIdSchema } from "../../../protocol/index.js";
import type { Ruleset } from "../ruleset.js";
import { app } from "./app/index.js";
import { forum } from "./forum/index.js";
import { hunt } from "./hunt/index.js";
import { sport } from "./sport/index.js";

/** Insertion order is the order the console offers them in; the first is the default. */
const RULESETS = new Map<string, Ruleset>();

/**
 * Adds a ruleset (the built-in ones below, or a test's). Refuses a second ruleset with a
 * registered id, so that a test cannot silently replace a real ruleset's rules.
 */
export function registerRuleset(ruleset: Ruleset): void {
  if (RULESETS.has(ruleset.id)) throw new Error(`ruleset "${ruleset.id}" is already registered`);
  if (!rulesetIdSchema.safeParse(ruleset.id).success) {
    throw new Error(`ruleset id "${ruleset.id}" is not a wire id (protocol/host.ts)`);
  }
  RULESETS.set(ruleset.id, ruleset);
}

/** Removes a ruleset a test registered; the built-in ones stay. */
export function unregisterRuleset(id: string): void {
  if (BUILT_IN.some((r) => r.id === id)) throw new Error(`ruleset "${id}" is built in`);
  RULESETS.delete(id);
}

const BUILT_IN: readonly Ruleset[] = [sport, app, hunt, forum];
for (const r of BUILT_IN) registerRuleset(r);

export function rulesetById(id: string): Ruleset | undefined {
  return RULESETS.get(id);
}

export function availableRulesets(): string[] {
  return [...RULESETS.keys()];
}
