/** The hunt ruleset's bookkeeping inside GameState.flow (secret: host view only). */
import type { Game } from "../../ruleset.js";
import type { GameState } from "../../types.js";
import type { DayBook } from "../discussion.js";
import type { HuntOptions } from "./options.js";

export type HuntClaim = "mafia" | "maniac";
export const HUNT_CLAIMS: readonly HuntClaim[] = ["mafia", "maniac"];

export interface HuntApplication {
  target: number;
  claim: HuntClaim;
}

/** Tonight's submissions, each replaced by a later one from the same seat (HUNT-OPEN-14). */
export interface HuntNight {
  /** The Boss's block (HUNT-BOSS-06). */
  block: number | null;
  /** Each mafioso's latest proposal, seen by the other mafiosi (HUNT-MAF-01). */
  proposals: Record<string, number>;
  /** The latest `shoot` sent: the mafia's shot, its sender the executor (HUNT-MAF-04/05). */
  shot: { by: number; target: number } | null;
  /** The Maniac's shot (HUNT-MAN-03). */
  kill: number | null;
  /** The Doctor's heal (HUNT-DOC-01). */
  heal: number | null;
  /** Hunter → application (HUNT-HUNT-02). */
  hunts: Record<string, HuntApplication>;
  /**
   * Seat → the night actions it has answered: acted on, or declined with `pass` (HUNT-DOC-07:
   * a seat with two moves is asked both before its answers are final).
   */
  answered: Record<string, string[]>;
}

/** What the host may read about the last resolved night (HUNT-OPEN-13: he is told what was missing). */
export interface HuntNightRecord {
  round: number;
  /** The application drawn by lot (HUNT-HUNT-03), never published (HUNT-HUNT-04). */
  drawn: ({ hunter: number } & HuntApplication) | null;
  /** Mandatory moves missing when the host closed the night. */
  missing: string[];
}

export interface HuntFlow extends DayBook {
  night: HuntNight | null;
  /** Last night's submissions (HUNT-OPEN-09): a name may not be repeated the next night. */
  last: { block: number | null; kill: number | null; heal: number | null };
  /** Voted out, side announced at the start of the next day (HUNT-REVEAL-09). */
  pendingReveal: number[];
  record: HuntNightRecord | null;
}

/** A hunt game's state and context, its options and flow typed (defineRuleset). */
export type HuntState = GameState<HuntOptions, HuntFlow>;
export type HuntGame = Game<HuntOptions, HuntFlow>;

/** A game's state as the hunt's, for callers outside the ruleset (tests): refuses another's. */
export function asHuntState(state: GameState): HuntState {
  if (state.ruleset !== "hunt") throw new Error(`a ${state.ruleset} game is not a hunt`);
  return state as unknown as HuntState;
}

export function initialHuntFlow(): HuntFlow {
  return {
    night: null,
    votes: {},
    ready: [],
    last: { block: null, kill: null, heal: null },
    pendingReveal: [],
    record: null,
  };
}

export function emptyNight(): HuntNight {
  return {
    block: null,
    proposals: {},
    shot: null,
    kill: null,
    heal: null,
    hunts: {},
    answered: {},
  };
}
