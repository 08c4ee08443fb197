/**
 * The forum's texts wired into the ruleset: forum/hooks.ts's TEXT_HOOK and the death
 * messages the night asks for are made here, over the text slice of the forum flow
 * (`flow.text`). The office holder is read from the night's book (forum/night/), and the
 * announcements name no ad's author.
 */
import type { PublicText, SeatText, TextAction } from "../../../../../protocol/index.js";
import { reject } from "../../../ruleset.js";
import type { Rejection, SeatState } from "../../../types.js";
import { emptyForumNight, type ForumNight, holdsOffice } from "../night/index.js";
import { forumRole } from "../roles/index.js";
import type { ForumGame, ForumState } from "../state.js";
import { applyTextInput } from "./input.js";
import { deathMessage, printPaper, publishDeathMessage, willAtDeath } from "./publish.js";
import { emptyTextState, type TextContext, type TextState } from "./state.js";
import { hostTextOf, publicTextOf, seatTextOf } from "./views.js";

/** The slice as it stands (read only: an empty one if no text came yet). */
function textOf(state: ForumState): TextState {
  return (state.flow.text as TextState | null | undefined) ?? emptyTextState();
}

/** The slice, created at first write. */
function openText(g: ForumGame): TextState {
  const flow = g.state.flow;
  if (!flow.text) flow.text = emptyTextState();
  return flow.text as TextState;
}

function contextOf(state: ForumState): TextContext {
  const flow = state.flow;
  const book =
    (flow.nightBook as ForumNight | null) ??
    emptyForumNight({ seats: state.seats, role: forumRole });
  return {
    seats: state.seats,
    adLimit: state.options.adLimit,
    // By day a message is for the coming night (FORUM-OPEN-01 (a)), as the night's answers are.
    night: state.phase === "night" ? flow.night : flow.night + 1,
    holdsOffice: (seat) => holdsOffice(book, seat),
  };
}

const inPlay = (state: ForumState) => state.phase === "day" || state.phase === "night";

export const forumTextHook = {
  input(g: ForumGame, seat: SeatState, action: TextAction): Rejection | null {
    const state = g.state;
    // FORUM-SETUP-07: while every seat must look like a citizen, the office's message would
    // tell its holder (accepted) from everyone else (not_office): all are refused alike.
    if (action.kind === "message" && state.step === "status")
      return reject("wrong_step", "the game has not begun yet");
    // applyTextInput checks before it writes; a slice not there yet is attached only on success.
    const text = textOf(state);
    const bad = applyTextInput(text, contextOf(state), seat.seat, action);
    if (bad) return bad;
    state.flow.text = text;
    g.signal(seat.seat, { haptic: "short" });
    return null;
  },

  /** FORUM-WILL-02: the will of a seat that has just left the game. */
  death(g: ForumGame, seat: SeatState): void {
    if (!inPlay(g.state)) return;
    const outcome = willAtDeath(openText(g), contextOf(g.state), seat.seat);
    if (outcome.kind === "published") g.log("forum.will", [seat.seat]);
  },

  /** FORUM-NEWS-01: the paper at the end of a day or a night. */
  paper(g: ForumGame, phase: "day" | "night"): void {
    const flow = g.state.flow;
    const paper = printPaper(openText(g), phase, phase === "day" ? flow.day : flow.night);
    g.log("forum.paper", [], { edition: paper.edition, phase, ads: paper.ads.length });
  },
};

/** The night's store of death messages (forum/night/hook.ts's DeathMessages). */
export const forumDeathMessages = {
  of: (state: ForumState, night: number, seat: number) => deathMessage(textOf(state), night, seat),
  publish(g: ForumGame, night: number, sender: number, victim: number): void {
    publishDeathMessage(openText(g), night, sender, victim);
  },
};

export function forumPublicText(state: ForumState): PublicText {
  return publicTextOf(textOf(state));
}

export function forumSeatText(state: ForumState, seat: SeatState): SeatText {
  const ctx = contextOf(state);
  // FORUM-SETUP-07: the status step shows every seat the same, the office holder's panel too.
  const status = state.step === "status";
  return seatTextOf(textOf(state), status ? { ...ctx, holdsOffice: () => false } : ctx, seat.seat);
}

/** The forum flow as `host/view` shows it: the texts without their authors (FORUM-NEWS-06). */
export function forumHostFlow(state: ForumState): Record<string, unknown> {
  return { ...state.flow, text: hostTextOf(textOf(state)) };
}
