/**
 * The two seams of the forum ruleset, for the night (forum/night/) and the texts
 * (forum/text/). The day, the phase flow and the deaths call these and nothing else of
 * those modules, so each can change its inside without touching the rest.
 */
import type { Prompt, TextAction } from "../../../../protocol/index.js";
import type { OfferedAct, Rejection, SeatAction, SeatState } from "../../types.js";
import { forumNightHook } from "./night/hook.js";
import type { ForumGame, ForumState } from "./state.js";
import { forumDeathMessages, forumTextHook } from "./text/hook.js";

export type ActInput = Extract<SeatAction, { kind: "act" }>;

export interface ForumNightHook {
  /** A night begins (flow.night is its number already). */
  start(g: ForumGame): void;
  /** The night actions this seat may send now (FORUM-OPEN-01 a: also by day, for the coming night). */
  offers(state: ForumState, seat: SeatState): Prompt[];
  /** One of those actions, matched to its offer by the core (hub/engine/act.ts); null when accepted. */
  act(g: ForumGame, seat: SeatState, act: OfferedAct): Rejection | null;
  /**
   * The night's clock ran out (FORUM-OPEN-14): resolve, announce, deliver the results; returns
   * the seats the night killed, which the flow takes out (leave.ts, which imports this file).
   */
  end(g: ForumGame): number[];
  /** A seat left the game at any time (office succession, FORUM-OPEN-09). */
  left(g: ForumGame, seat: SeatState): void;
}

export interface ForumTextHook {
  /** A text input (kinds `will`, `ad`, `pseudonym`, `message`); null when accepted. */
  input(g: ForumGame, seat: SeatState, action: TextAction): Rejection | null;
  /** A seat died or left: its will goes out (FORUM-WILL-02). */
  death(g: ForumGame, seat: SeatState): void;
  /** The end of a day or a night: the paper is published (FORUM-NEWS-01). */
  paper(g: ForumGame, edition: "day" | "night"): void;
}

/** The night: forum/night/hook.ts. */
export const NIGHT_HOOK: ForumNightHook = forumNightHook(forumDeathMessages);

/** The texts: forum/text/hook.ts. */
export const TEXT_HOOK: ForumTextHook = forumTextHook;
