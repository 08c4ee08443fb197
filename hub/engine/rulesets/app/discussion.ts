/**
 * The day opens with the discussion (APP-DAY-01/02). Its own file, so that the night, which
 * ends in it, and the day, which ends in the night, do not import one another.
 */
import type { Game } from "../../ruleset.js";
import type { GameState } from "../../types.js";
import { appFlow } from "./flow.js";
import type { AppOptions } from "./options.js";

const opts = (state: GameState) => state.options as AppOptions;

export function startDiscussion(g: Game): void {
  const flow = appFlow(g.state);
  flow.ready = [];
  flow.votes = {};
  g.state.tally = {};
  g.state.ballot = [];
  g.enter("day", "discussion", opts(g.state).discussionSeconds);
}
