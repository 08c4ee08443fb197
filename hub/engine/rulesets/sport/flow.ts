/** The sport ruleset's own bookkeeping inside GameState.flow (secret: host view only). */
import type { Game } from "../../ruleset.js";
import type { GameState } from "../../types.js";
import type { SportOptions } from "./options.js";

/** One turn of speaking: a day speech, a shootout justification or a last word. */
export interface Turn {
  seat: number;
  step: "speech" | "shootout" | "lastword";
  seconds: number;
}

/** What follows when the speaking queue runs out. */
export type AfterTurns = "nominees" | "revote" | "night" | "speeches";

export interface VoteFlow {
  /** main: the day's vote; revote: after a shootout; leave: all leave or all stay (SPORT-TIE-04). */
  kind: "main" | "revote" | "leave";
  ballot: number[];
  /** Index of the open counting window in `ballot` (leave: always 0). */
  index: number;
  /** voter seat → the nominee he voted for (leave: the voter's own seat means "leave"). */
  votes: Record<string, number>;
  /** Seats whose thumb went down inside the open window: an up now is a provocation. */
  downInWindow: number[];
  /** Everyone tied in the first vote, for SPORT-OPEN-09 (b). */
  tied: number[];
}

export interface NightFlow {
  /** shooter seat → the seats he shot at, in order (SPORT-OPEN-02: more than one spoils the shot). */
  shots: Record<string, number[]>;
  /** The seat killed tonight, applied at the morning announcement (SPORT-OPEN-03). */
  kill: number | null;
  /** Seats that have made their check tonight. */
  checked: number[];
}

export interface FoulMark {
  at: number;
  cause: string;
}

export interface SportFlow {
  /** First speaker of the current or last day (SPORT-DAY-04, SPORT-OPEN-11). */
  firstSpeaker: number | null;
  /** seat → the day whose speech he loses (SPORT-FOUL-12). */
  silenced: Record<string, number>;
  turns: Turn[];
  after: AfterTurns;
  /** Nominations made in the current speech (SPORT-OPEN-08). */
  nominatedThisTurn: number;
  vote: VoteFlow | null;
  night: NightFlow | null;
  /** Removed players owed a last word under SPORT-OPEN-07 (b), given at the next speaking point. */
  owedLastWords: number[];
  /** Nominee → the speaker who nominated him, for the day's nominations (host console). */
  nominators: Record<string, number>;
  /** Every foul given: seat → when and why, in order (host console; the count is the seat's). */
  fouls: Record<string, FoulMark[]>;
  /**
   * Every night's shots, appended when the mafia's step ends (the audience screen shows them
   * from then on, SPORT-SETUP-05; `night` is cleared in the morning). Absent in games
   * journaled before it existed until their next night.
   */
  shotLog?: { round: number; shots: Record<string, number[]> }[];
  /** The first night's victim's best-move guess, once the host has entered it (bestmove.ts). */
  bestMove?: { seat: number; guess: number[] } | null;
}

/** A sport game's state and context, its options and flow typed (defineRuleset). */
export type SportState = GameState<SportOptions, SportFlow>;
export type SportGame = Game<SportOptions, SportFlow>;

export function initialFlow(): SportFlow {
  return {
    firstSpeaker: null,
    silenced: {},
    turns: [],
    after: "nominees",
    nominatedThisTurn: 0,
    vote: null,
    night: null,
    owedLastWords: [],
    nominators: {},
    fouls: {},
  };
}
