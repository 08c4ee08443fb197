/**
 * The forum's texts from phones, as pure functions over their own state (`TextState`, kept
 * in the forum flow): the will, newspaper ads under pseudonyms, the boss's death message.
 * forum/hooks.ts wires them into the ruleset; forum/night/ asks `deathMessage` whether a
 * murder happens (FORUM-KILL-08) and calls `publishDeathMessage` when it did.
 */
export { applyTextInput } from "./input.js";
export {
  deathMessage,
  printPaper,
  publishDeathMessage,
  type WillOutcome,
  willAtDeath,
} from "./publish.js";
export {
  emptyTextState,
  type PendingAd,
  type TextContext,
  type TextState,
  type Will,
} from "./state.js";
export { hostTextOf, publicTextOf, seatTextOf } from "./views.js";
