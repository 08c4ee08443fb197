import type { SportFlow, SportGame } from "./flow.js";
import type { SportOptions } from "./options.js";

/** The handles most sport handlers need at once. */
export function sportOf(g: SportGame): { flow: SportFlow; o: SportOptions } {
  return { flow: g.state.flow, o: g.state.options };
}
