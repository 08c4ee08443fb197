/** Checks an `act` against the prompt the seat was shown: the one rule every ruleset shares. */
import type { Prompt } from "../../protocol/index.js";
import { reject } from "./ruleset.js";
import type { Rejection, SeatAction } from "./types.js";

export function checkAct(
  prompt: Prompt | null,
  act: Extract<SeatAction, { kind: "act" }>,
): Rejection | null {
  if (!prompt) return reject("no_prompt");
  if (prompt.action !== act.action)
    return reject("bad_action", `expected "${prompt.action}", got "${act.action}"`);
  const unique = new Set(act.targets);
  if (unique.size !== act.targets.length) return reject("bad_target", "a target is named twice");
  if (act.targets.length < prompt.min || act.targets.length > prompt.max) {
    return reject(
      "bad_target_count",
      `choose ${prompt.min === prompt.max ? prompt.min : `${prompt.min} to ${prompt.max}`}`,
    );
  }
  for (const t of act.targets) {
    if (!prompt.targets.includes(t)) return reject("bad_target", `seat ${t} is not offered`);
  }
  if (prompt.options.length > 0) {
    // An `optional` option may be left out (the forum liar's "straight"), never made up.
    if (act.option === undefined ? !prompt.optional : !prompt.options.includes(act.option))
      return reject("bad_option");
  } else if (act.option !== undefined) {
    return reject("bad_option", "this prompt offers no options");
  }
  return null;
}
