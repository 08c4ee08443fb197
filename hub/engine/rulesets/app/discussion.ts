/**
 * The day opens with the discussion (APP-DAY-01/02). Its own file, so that the night, which
 * ends in it, and the day, which ends in the night, do not import one another.
 */
import { openDiscussion } from "../discussion.js";
import type { AppGame } from "./flow.js";

export function startDiscussion(g: AppGame): void {
  openDiscussion(g, g.state.flow, g.state.options.discussionSeconds);
}
