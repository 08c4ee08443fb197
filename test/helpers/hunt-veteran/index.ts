/**
 * The veteran registered as a ruleset's author would: his ability card, his role and his
 * words, into hunt's registries in this process; and taken out again (in reverse order).
 */
import {
  registerHuntAbility,
  unregisterHuntAbility,
} from "../../../hub/engine/rulesets/hunt/abilities/index.js";
import {
  registerHuntRole,
  unregisterHuntRole,
} from "../../../hub/engine/rulesets/hunt/roles/index.js";
import { registerWords, unregisterWords } from "../../../protocol/words/index.js";
import { alert } from "./alert.js";
import { veteran } from "./veteran.js";
import { veteranWords } from "./words.js";

export function registerVeteran(): void {
  registerHuntAbility(alert);
  registerHuntRole(veteran);
  registerWords(veteranWords);
}

export function unregisterVeteran(): void {
  unregisterWords(veteranWords);
  unregisterHuntRole(veteran.id);
  unregisterHuntAbility(alert.id);
}
