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

/**
 * A book kept per holder (HUNT-MANY-01/02): holder's seat → his own choice tonight, so a
 * second Boss, Maniac or Doctor acts too instead of overwriting the first. Each card names
 * its own book (`blocks`, `kills`, `heals`, or a registered card's), so a new ability needs
 * no field here.
 */
export type PersonalBook = string;
export type HolderBook = Record<string, number>;

/** Tonight's submissions, each replaced by a later one from the same seat (HUNT-OPEN-14). */
export interface HuntNight {
  /**
   * The per-holder books by the name their card gives (abilities/personal.ts): the Boss's
   * `blocks` (HUNT-BOSS-06), the Maniac's `kills` (HUNT-MAN-03), the Doctor's `heals`
   * (HUNT-DOC-01), and a registered card's own. The host view lists them beside the fields
   * below (hostHuntFlow), so the console's shape does not change with a new card.
   */
  books: Record<PersonalBook, HolderBook>;
  /** Each mafioso's latest proposal, seen by the other mafiosi (HUNT-MAF-01). */
  proposals: Record<string, number>;
  /** The latest `shoot` sent: the mafia's shot, its sender the executor (HUNT-MAF-04/05). */
  shot: { by: number; target: number } | null;
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
  /**
   * Last night's submissions, by holder (HUNT-OPEN-09, HUNT-MANY-03): a holder may not repeat
   * his own name the next night.
   */
  last: Record<PersonalBook, HolderBook>;
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
    last: {},
    pendingReveal: [],
    record: null,
  };
}

export function emptyNight(): HuntNight {
  return {
    books: {},
    proposals: {},
    shot: null,
    hunts: {},
    answered: {},
  };
}

/**
 * The host's view of the flow: tonight's per-holder books beside the night's other fields,
 * as they were before the books were cards' (PROTOCOL.md, host view), so the console shows
 * a registered card's book like the Boss's blocks, field by field.
 */
export function hostHuntFlow(state: HuntState): Record<string, unknown> {
  const flow = state.flow;
  if (!flow.night) return { ...flow };
  const { books, ...rest } = flow.night;
  return { ...flow, night: { ...books, ...rest } };
}
