/**
 * The rules engine's public surface, used by the hub, the simulator's bots and the tests.
 *
 * This file is the composition, not the core: it binds the core (step.ts, views.ts, which
 * take the ruleset as an argument and import none) to the registry (rulesets/index.ts, the
 * one place that knows every ruleset), so callers keep passing a state whose `ruleset` id
 * names its rules. No core module and no ruleset imports this file
 * (test/engine/layers.test.ts checks it).
 */

import type { LogEntry, PublicState } from "../../protocol/index.js";
import type { Ruleset } from "./ruleset.js";
import { rulesetById } from "./rulesets/index.js";
import * as core from "./step.js";
import type { Effect, EngineInput, GameConfig, GameState, Rejection, StepResult } from "./types.js";
import * as views from "./views.js";

export { dealCommitment, verifyDeal } from "./deal.js";
export { DECOY_ACTION } from "./decoys.js";
export {
  availableRulesets,
  registerRuleset,
  rulesetById,
  unregisterRuleset,
} from "./rulesets/index.js";
export type { CreateResult } from "./step.js";
export type * from "./types.js";
export type { SeatViewBody } from "./views.js";

function rulesetOf(state: GameState): Ruleset {
  const r = rulesetById(state.ruleset);
  if (!r) throw new Error(`unknown ruleset ${state.ruleset}`);
  return r;
}

export function createGame(config: GameConfig): core.CreateResult {
  const ruleset = rulesetById(config.ruleset);
  if (!ruleset) return { ok: false, errors: [`ruleset: unknown ruleset "${config.ruleset}"`] };
  return core.createGame(ruleset, config);
}

/** The pure step: the input's result as a new state, or a rejection. */
export function step(state: GameState, input: EngineInput): StepResult {
  return core.step(rulesetOf(state), state, input);
}

/** Applies one input in place (replay); a rejection leaves the state untouched. */
export function applyInPlace(
  state: GameState,
  input: EngineInput,
  effects: Effect[] | null,
): Rejection | null {
  return core.applyInPlace(rulesetOf(state), state, input, effects);
}

/** The deadline the hub should arm a timer for, or null. */
export function nextDeadline(state: GameState): number | null {
  return core.nextDeadline(rulesetOf(state), state);
}

export function publicView(state: GameState, now: number) {
  return views.publicView(rulesetOf(state), state, now);
}

export function audienceView(state: GameState, now: number, pub?: PublicState) {
  return views.audienceView(rulesetOf(state), state, now, pub);
}

export function hostView(state: GameState, now: number, pub?: PublicState) {
  return views.hostView(rulesetOf(state), state, now, pub);
}

/** `JSON.stringify(hostView(state, now, pub))`, given `pubJson`, the public view's JSON. */
export function hostViewJson(state: GameState, pubJson: string): string {
  return views.hostViewJson(rulesetOf(state), state, pubJson);
}

/** `JSON.stringify(audienceView(state, now, pub))`, given `pubJson`, the public view's JSON. */
export function audienceViewJson(state: GameState, pubJson: string): string {
  return views.audienceViewJson(rulesetOf(state), state, pubJson);
}

/** A log entry as `public/log` carries it (a removal's cause hidden unless the table shows it). */
export function publicLogEntry(state: GameState, entry: LogEntry): LogEntry {
  return views.publicLogEntry(state.options, entry);
}

export function seatView(state: GameState, seat: number): views.SeatViewBody {
  return views.seatView(rulesetOf(state), state, seat);
}

export function publicTextView(state: GameState) {
  return views.publicTextView(rulesetOf(state), state);
}

export function seatTextView(state: GameState, seat: number) {
  return views.seatTextView(rulesetOf(state), state, seat);
}
