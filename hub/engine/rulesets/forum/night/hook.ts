/**
 * The forum night wired into the ruleset: forum/hooks.ts's NIGHT_HOOK is made here (this
 * file does not import the hook's type, so that no import circle runs through leave.ts). The
 * night's book lives in the forum flow (`nightBook`, secret: host view only). Answers are
 * checked as they come, by night and, for the coming night, by day (FORUM-OPEN-01 (a));
 * the night resolves when its clock ends it (FORUM-OPEN-14): the morning report is public,
 * each answer goes to its own seat's results only, and the dead are returned to the flow,
 * which takes them out (their status, their will) and checks the win.
 */
import type { Prompt } from "../../../../../protocol/index.js";
import type { OfferedAct, Rejection, SeatState } from "../../../types.js";
import { forumRole } from "../roles/index.js";
import type { ForumGame, ForumState } from "../state.js";
import { forumNightAct, nightOffers, startForumNight } from "./offers.js";
import { passOffice } from "./office.js";
import { type MurderOutcome, resolveForumNight } from "./resolve.js";
import { emptyForumNight, type ForumNight, type NightView } from "./state.js";

/**
 * The boss's death message as the murder needs it (FORUM-KILL-03/08): ftext's store
 * (forum/text/) answers, forum/hooks.ts connects the two.
 */
export interface DeathMessages {
  /** The last non-empty message `seat` sent in night `night`, or null. */
  of(state: ForumState, night: number, seat: number): string | null;
  /** Publishes it with the murder (only when its victim died, FORUM-OPEN-08). */
  publish(g: ForumGame, night: number, sender: number, victim: number): void;
}

/** The night's book as the host reads it: the last dawn's murder outcome besides the answers. */
export type ForumNightBook = ForumNight & { dawn?: { night: number; murder: MurderOutcome } };

const bookOf = (state: ForumState) => state.flow.nightBook as ForumNightBook | null;

/** The night being played, or by day the coming one (`starting`: the night now beginning). */
function viewOf(state: ForumState, starting = false): NightView {
  const flow = state.flow;
  const o = state.options;
  const night = state.phase === "night" || starting;
  return {
    night: night ? flow.night : flow.night + 1,
    until: state.phase === "night" ? state.clock.until : null,
    seats: state.seats,
    role: forumRole,
    rules: { succession: o.succession, framing: o.framing },
  };
}

/** The book, created at first use and opened for the night `viewOf` names. */
function openBook(g: ForumGame, starting = false): ForumNightBook {
  const flow = g.state.flow;
  const view = viewOf(g.state, starting);
  if (!flow.nightBook) flow.nightBook = emptyForumNight(view);
  const book = flow.nightBook as ForumNightBook;
  startForumNight(view, book);
  return book;
}

/** The new holder of the office learns it, in his own view only (FORUM-OPEN-09). */
function tellHolder(g: ForumGame, night: number, holder: number): void {
  g.seat(holder).results.push({ night, key: "forum.office", seats: [holder] });
}

const inPlay = (state: ForumState) => state.phase === "night" || state.phase === "day";

/** The night hook over a store of death messages. */
export const forumNightHook = (messages: DeathMessages) => ({
  /** Called while the flow is still in the day, with the new night's number set. */
  start(g: ForumGame): void {
    openBook(g, true);
  },

  offers(state: ForumState, seat: SeatState): Prompt[] {
    if (!inPlay(state) || !seat.alive) return [];
    const view = viewOf(state);
    const book = bookOf(state) ?? emptyForumNight(view);
    // Read only: a book not yet opened for this night is read as opened and empty.
    const current =
      book.night === view.night ? book : { ...book, night: view.night, choices: {}, murder: null };
    return nightOffers(view, current, seat.seat);
  },

  /** An act the core matched to one of this hook's offers (hub/engine/act.ts). */
  act(g: ForumGame, seat: SeatState, act: OfferedAct): Rejection | null {
    const view = viewOf(g.state);
    forumNightAct(openBook(g), seat.seat, act);
    g.signal(seat.seat, { haptic: "short" });
    if (act.action === "successor" && act.option === "handover")
      tellHolder(g, view.night, act.targets[0] as number);
    return null;
  },

  /** Resolves the night; returns the seats it killed, for the flow to take out. */
  end(g: ForumGame): number[] {
    const book = openBook(g);
    const view = viewOf(g.state);
    const dawn = resolveForumNight(view, book, (s) => messages.of(g.state, view.night, s));
    book.dawn = { night: view.night, murder: dawn.murder };
    const { deaths, message } = dawn.report;
    if (deaths.length === 0) g.log("forum.night.quiet", [], { night: view.night });
    for (const d of deaths) {
      const key = d.how === "murdered" ? "forum.night.murdered" : "forum.night.guarding";
      g.log(key, [d.seat], { night: view.night });
    }
    // FORUM-KILL-03, FORUM-OPEN-08: the death message only with its own victim's death.
    const victim = deaths.find((d) => d.how === "murdered");
    if (message !== null && victim && book.murder)
      messages.publish(g, view.night, book.murder.by, victim.seat);
    for (const { seat, result } of dawn.results) g.seat(seat).results.push(result);
    return deaths.map((d) => d.seat);
  },

  /** A seat left the game (any death, a disqualification): the office passes on (FORUM-OPEN-09). */
  left(g: ForumGame, _seat: SeatState): void {
    if (!inPlay(g.state)) return;
    const book = openBook(g); // created here if the first death comes before any night answer
    const view = viewOf(g.state);
    const holder = passOffice(view, book, g.state.rng);
    if (holder !== null) tellHolder(g, view.night, holder);
  },
});
