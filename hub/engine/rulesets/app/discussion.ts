/**
 * The day opens with the discussion (APP-DAY-01/02). Its own file, so that the night, which
 * ends in it, and the day, which ends in the night, do not import one another.
 */
import type { Game } from "../../ruleset.js";
import type { GameState } from "../../types.js";
import { openDiscussion } from "../discussion.js";
import { appFlow } from "./flow.js";
import type { AppOptions } from "./options.js";

const opts = (state: GameState) => state.options as AppOptions;

export function startDiscussion(g: Game): void {
  openDiscussion(g, appFlow(g.state), opts(g.state).discussionSeconds);
}
