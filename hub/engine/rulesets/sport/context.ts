import type { Game } from "../../ruleset.js";
import type { GameState } from "../../types.js";
import { flowOf, type SportFlow } from "./flow.js";
import type { SportOptions } from "./options.js";

export function optionsOf(state: GameState): SportOptions {
  return state.options as SportOptions;
}

/** The handles most sport handlers need at once. */
export function sportOf(g: Game): { flow: SportFlow; o: SportOptions } {
  return { flow: flowOf(g.state), o: optionsOf(g.state) };
}
