/**
 * The forum ruleset's wire names (shared PROTOCOL.md, "Names fixed for the next rule
 * systems"): its `act` action ids and the liar's vote option, for paddles, bots and screens.
 */
export const FORUM_ACTIONS = [
  "vote",
  "kill",
  "successor",
  "check",
  "compare",
  "protect",
  "guard",
  "frame",
  "attack",
  "suspect",
] as const;
export type ForumActionId = (typeof FORUM_ACTIONS)[number];

/** FORUM-LIAR-03: the liar's `vote` with this `option` counts +1 instead of −1. */
export const LIAR_STRAIGHT = "straight";
