/**
 * The forum's texts (FORUM-WILL, FORUM-NEWS, FORUM-KILL-03): one plain-JSON slice of the
 * forum flow (`flow.text`). Who wrote an ad and who holds a pseudonym are in here, so this
 * slice never leaves the engine as it is: views.ts makes what each audience may see.
 */
import type { Paper } from "../../../../../protocol/index.js";

export interface Will {
  text: string;
  /** null: published at death; else sent to these seats alone (FORUM-WILL-02). */
  to: number[] | null;
}

export interface PendingAd {
  pseudonym: string;
  text: string;
  /** The seat that placed it: secret from everyone (FORUM-NEWS-06). */
  by: number;
}

export interface TextState {
  /** Seat → its will as it stands now; withdrawn or delivered wills are gone. */
  wills: Record<string, Will>;
  /** pseudonymKey → the pseudonym as first written, and the seat holding it now (secret). */
  pseudonyms: Record<string, { name: string; owner: number }>;
  /** Seat → ads placed so far (FORUM-NEWS-07, FORUM-OPEN-15: against the seat that places it). */
  adsPlaced: Record<string, number>;
  /** Ads for the next paper, in the order they were placed. */
  pending: PendingAd[];
  /** Every paper so far (FORUM-NEWS-01). */
  papers: Paper[];
  /** Wills published at their author's death. */
  publishedWills: { seat: number; text: string }[];
  /** Seat → wills left to it alone (FORUM-WILL-02). */
  received: Record<string, { from: number; text: string }[]>;
  /** `${night}:${seat}` → the death message that seat wrote for that night (FORUM-KILL-03). */
  messages: Record<string, string>;
  /**
   * `${night}:${seat}` → the decoy a seat outside the office sent in place of a death message
   * (FORUM-QUIET-02): never published, never a murder, shown back only to its sender.
   * Optional: games journaled before it replay without it.
   */
  decoyMessages?: Record<string, string>;
  /** Death messages published with their murder. */
  publishedMessages: { night: number; victim: number; text: string }[];
}

export function emptyTextState(): TextState {
  return {
    wills: {},
    pseudonyms: {},
    adsPlaced: {},
    pending: [],
    papers: [],
    publishedWills: [],
    received: {},
    messages: {},
    publishedMessages: [],
  };
}

/** What the text rules need of the game around them (the forum flow and the night). */
export interface TextContext {
  seats: readonly { seat: number; alive: boolean }[];
  /** FORUM-NEWS-07, FORUM-OPEN-15 (a): ads a player may place in the whole game. */
  adLimit: number;
  /** The night a death message written now is for: this night, or by day the coming one. */
  night: number;
  /** Whether the seat holds the boss's office now (FORUM-KILL-02, FORUM-BOSS-01). */
  holdsOffice(seat: number): boolean;
}

export const messageKey = (night: number, seat: number) => `${night}:${seat}`;
