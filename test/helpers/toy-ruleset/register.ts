/** The toy ruleset and its words registered in this process, and taken out again. */
import { registerRuleset, unregisterRuleset } from "../../../hub/engine/index.js";
import { registerWords, unregisterWords } from "../../../protocol/words/index.js";
import { toy } from "./index.js";
import { toyWords } from "./words.js";

export function registerToy(): void {
  registerRuleset(toy);
  registerWords(toyWords);
}

export function unregisterToy(): void {
  unregisterWords(toyWords);
  unregisterRuleset(toy.id);
}
