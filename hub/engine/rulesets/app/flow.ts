/** The app ruleset's bookkeeping inside GameState.flow (secret: host view only). */
import type { Game } from "../../ruleset.js";
import type { GameState } from "../../types.js";
import type { AppOptions } from "./options.js";

export interface AppNight {
  /** Mafia member → proposed victim; editable until the night ends (APP-NIGHT-06). */
  proposals: Record<string, number>;
  /**
   * Mafia members who proposed tonight, kept when a proposal is dropped because its target
   * left: the deciding member has decided (APP-OPEN-03 (a)), whatever became of his victim.
   */
  proposed?: number[];
  /** The Arzt's protection tonight, and the Arzt who gave it. */
  heal: number | null;
  healer: number | null;
  /** Kommissare who have investigated tonight; the result is in their seat view. */
  investigated: number[];
  /** Results held back until the morning (APP-OPEN-14 b): seat → target. */
  heldResults: Record<string, number>;
}

export interface AppFlow {
  night: AppNight | null;
  /** Voter → candidate, or 0 for an abstention (APP-VOTE-02). */
  votes: Record<string, number>;
  /** Players who are ready to vote (the discussion ends when every living one is). */
  ready: number[];
  /** The Arzt's protection last night (APP-OPEN-04: a repeat can be forbidden). */
  lastHeal: number | null;
  /** Seat → the time its grace period after a disconnect runs out (APP-OPEN-17). */
  offline: Record<string, number>;
}

/** A app game's state and context, its options and flow typed (defineRuleset). */
export type AppState = GameState<AppOptions, AppFlow>;
export type AppGame = Game<AppOptions, AppFlow>;

export function initialAppFlow(): AppFlow {
  return { night: null, votes: {}, ready: [], lastHeal: null, offline: {} };
}
