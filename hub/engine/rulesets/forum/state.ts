/**
 * The forum ruleset's bookkeeping inside GameState.flow (secret: host view only; what is
 * public of it goes out through `liveExtras`). The seats, their roles and who is alive are
 * the core's (GameState.seats); the phase, its number (`round`) and its absolute deadline
 * (`clock.until`, journaled through the input that opened the phase) are the core's too.
 */
import type { Game } from "../../ruleset.js";
import type { GameState } from "../../types.js";
import type { ForumOptions } from "./options.js";

/** One seat's lynch vote (FORUM-VOTE-02/04): its latest target; the liar may vote "straight". */
export interface ForumVote {
  target: number;
  /** FORUM-LIAR-03: the liar asked for his vote to count +1. */
  straight: boolean;
}

/** FORUM-SETUP-07/08: the identical citizen status first, the true status after it. */
export type StatusStage = "first" | "true";

export interface ForumFlow {
  /** Day and night numbers so far (FORUM-OPEN-02: nights from 1; even/odd for the checks). */
  day: number;
  night: number;
  status: StatusStage;
  /** Today's votes, voter → vote; public (FORUM-VOTE-07), changeable until the deadline. */
  votes: Record<string, ForumVote>;
  /** FORUM-INACT: warnings per seat. */
  warnings: Record<string, number>;
  /** FORUM-INACT-03, FORUM-OPEN-16: seats disqualified, not credited with a win. */
  disqualified: number[];
  /** FORUM-INS-01, FORUM-OPEN-17: the day the insider last guessed. */
  suspected: number;
  /** FORUM-TERR-03: the day whose last stretch has begun (so the views drop the attack). */
  blackout: number;
  /** The night's own state (forum/night/, fnight's ForumNight); null outside the module. */
  nightBook: unknown;
  /** The texts' own state (forum/text/, ftext's TextState); null outside the module. */
  text: unknown;
}

/** A forum game's state and context, its options and flow typed (defineRuleset). */
export type ForumState = GameState<ForumOptions, ForumFlow>;
export type ForumGame = Game<ForumOptions, ForumFlow>;

export function initialForumFlow(): ForumFlow {
  return {
    day: 0,
    night: 0,
    status: "first",
    votes: {},
    warnings: {},
    disqualified: [],
    suspected: 0,
    blackout: 0,
    nightBook: null,
    text: null,
  };
}
