/** The rules engine's public surface, used by the hub, the simulator's bots and the tests. */
export { dealCommitment, verifyDeal } from "./deal.js";
export { availableRulesets, rulesetById } from "./rulesets/index.js";
export { applyInPlace, type CreateResult, createGame, nextDeadline, step } from "./step.js";
export type * from "./types.js";
export { hostView, publicView, seatView } from "./views.js";
