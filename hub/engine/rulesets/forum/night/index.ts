/**
 * The forum night, as pure functions over a small view (state.ts): the ruleset keeps a
 * `ForumNight` in its secret flow, asks `nightOffers` for each seat's prompts, passes night
 * acts to `forumNightAct`, resolves at the night's end with `resolveForumNight`, and passes
 * the office on with `passOffice` after every death.
 */

export {
  forumNightAct,
  nightActions,
  nightOffers,
  startForumNight,
  stillValid,
} from "./offers.js";
export {
  holdsOffice,
  passOffice,
  SUCCESSOR_OPTIONS,
  type SuccessorOption,
  successorTargets,
} from "./office.js";
export {
  type DeathMessage,
  FORUM_NIGHT_TABLE,
  type ForumDawn,
  type ForumMorningReport,
  type MurderOutcome,
  type NightDeathHow,
  resolveForumNight,
} from "./resolve.js";
export {
  emptyForumNight,
  FORUM_NIGHT_ACTIONS,
  type ForumNight,
  type ForumNightAction,
  type ForumOffice,
  isMafia,
  type NightRole,
  type NightSeat,
  type NightView,
} from "./state.js";
