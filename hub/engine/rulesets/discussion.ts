/**
 * The day of rulesets without a speaking order (app, hunt): a discussion aloud that ends
 * when every living player is ready, then a vote in which each living player votes for
 * another or abstains. Only the bookkeeping is shared here; whether a vote may be changed,
 * who sees it and what the result means stay with each ruleset.
 */
import { type AnyGame, reject } from "../ruleset.js";
import type { AnyState, Rejection, SeatState } from "../types.js";

/** The day's part of a ruleset's flow: who is ready, and voter → candidate (0 = abstained). */
export interface DayBook {
  ready: number[];
  votes: Record<string, number>;
}

export const ABSTAIN = 0;

export function openDiscussion(g: AnyGame, book: DayBook, seconds: number | null): void {
  book.ready = [];
  book.votes = {};
  g.state.tally = {};
  g.state.ballot = [];
  g.enter("day", "discussion", seconds);
}

/** `pass` in the discussion: "I am ready to vote"; the vote opens once everyone is. */
export function markReady<G extends AnyGame>(
  g: G,
  book: DayBook,
  seat: SeatState,
  openVote: (g: G) => void,
): Rejection | null {
  if (book.ready.includes(seat.seat)) return reject("already_acted");
  book.ready.push(seat.seat);
  g.signal(seat.seat, { haptic: "short" });
  if (g.living().every((s) => book.ready.includes(s.seat))) openVote(g);
  return null;
}

/** Every living player is on the ballot. */
export function openBallot(g: AnyGame, book: DayBook, seconds: number | null): void {
  book.votes = {};
  g.state.ballot = g.living().map((s) => s.seat);
  g.state.tally = {};
  g.log("vote.start", [], {});
  g.enter("day", "vote", seconds);
}

export function everyoneVoted(g: AnyGame, book: DayBook): boolean {
  return g.living().every((s) => String(s.seat) in book.votes);
}

/** Candidate → votes, abstentions left out. */
export function votesFor(votes: Record<string, number>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const target of Object.values(votes)) {
    if (target !== ABSTAIN) counts.set(target, (counts.get(target) ?? 0) + 1);
  }
  return counts;
}

/** Who the discussion or the vote still waits for; public, since the day is. */
export function dayWaitingFor(state: AnyState, book: DayBook): number[] {
  const living = state.seats.filter((s) => s.alive).map((s) => s.seat);
  if (state.step === "discussion") return living.filter((s) => !book.ready.includes(s));
  if (state.step === "vote") return living.filter((s) => !(String(s) in book.votes));
  return [];
}

/** Step lengths for countdown rings: the night step and the day's two, where they are timed. */
export function dayTimings(o: {
  nightSeconds: number | null;
  discussionSeconds: number | null;
  voteSeconds: number | null;
}): Record<string, number> {
  const t: Record<string, number> = {};
  if (o.nightSeconds !== null) t.night = o.nightSeconds;
  if (o.discussionSeconds !== null) t.discussion = o.discussionSeconds;
  if (o.voteSeconds !== null) t.vote = o.voteSeconds;
  return t;
}
