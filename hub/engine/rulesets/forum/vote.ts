/**
 * The day's lynch vote (FORUM-VOTE-01..07, FORUM-LIAR-02/03, FORUM-OPEN-10/11). Every
 * living seat names any living seat, itself included, as often as it likes until the
 * deadline; each vote is public with voter and target. The liar's vote counts −1 unless he
 * adds `option: "straight"`. At the deadline a seat that has not voted votes for itself
 * (the liar's automatic self-vote counts −1 by default); the single highest net total is
 * lynched, a tie lynches nobody, and the result names only the lynched seat.
 */
import { LIAR_STRAIGHT, type Prompt } from "../../../../protocol/index.js";
import { type ActRefusal, reject } from "../../ruleset.js";
import type { ActInput, OfferedAct, Rejection, SeatState } from "../../types.js";
import type { ForumGame, ForumState, ForumVote } from "./state.js";

export const STRAIGHT = LIAR_STRAIGHT;

const isLiar = (seat: SeatState) => seat.role === "liar";

export function votePrompt(state: ForumState, seat: SeatState): Prompt | null {
  if (state.phase !== "day" || state.step !== "day" || !seat.alive || state.paused) return null;
  const targets = state.seats.filter((s) => s.alive).map((s) => s.seat);
  // The liar's paddle may offer "straight"; for him as for everyone the option may be left out.
  if (!isLiar(seat))
    return { action: "vote", targets, min: 1, max: 1, options: [], until: state.clock.until };
  // `optional`: the paddle offers "straight" as a second question that may be left out.
  const liar = { action: "vote", targets, min: 1, max: 1, options: [STRAIGHT], optional: true };
  return { ...liar, until: state.clock.until };
}

/** What one vote adds to its target's total: +1, or −1 for the liar (FORUM-LIAR-02/03, FORUM-OPEN-10). */
export function voteWeight(
  state: ForumState,
  voter: SeatState,
  vote: ForumVote,
  auto: boolean,
): number {
  if (!isLiar(voter) || vote.straight) return 1;
  if (auto) return state.options.liarDefaultVote === "plus" ? 1 : -1;
  return -1;
}

/** The public tally: net totals (FORUM-OPEN-10 a) or plain counts (`tally: "raw"`). */
function retally(state: ForumState, auto: readonly number[] = []): void {
  const flow = state.flow;
  const tally: Record<string, number> = {};
  for (const [voter, vote] of Object.entries(flow.votes)) {
    const seat = state.seats[Number(voter) - 1] as SeatState;
    const w =
      state.options.tally === "raw" ? 1 : voteWeight(state, seat, vote, auto.includes(seat.seat));
    tally[String(vote.target)] = (tally[String(vote.target)] ?? 0) + w;
  }
  state.tally = tally;
}

/**
 * The vote's own words for a refusal (null: the core's stands): a vote names one player,
 * and only the liar may add "straight"; no vote offered, it is not the seat's turn.
 */
export function refuseVote(seat: SeatState, act: ActInput, why: ActRefusal): Rejection | null {
  if (!why.offer) return reject("not_your_turn");
  if (act.targets.length !== 1) return reject("bad_target_count", "a vote names one player");
  if (why.refused.code === "bad_option" && !isLiar(seat))
    return reject("bad_option", "only the liar may vote straight");
  return null;
}

/** A vote the core matched to the seat's offer (hub/engine/act.ts). */
export function castVote(g: ForumGame, seat: SeatState, act: OfferedAct): Rejection | null {
  const target = act.targets[0] as number;
  const vote: ForumVote = { target, straight: act.option === STRAIGHT };
  g.state.flow.votes[String(seat.seat)] = vote;
  const signed = g.state.options.liarVoteShown === "signed";
  g.log(
    "vote.cast",
    [seat.seat, target],
    signed ? { weight: voteWeight(g.state, seat, vote, false) } : {},
  );
  retally(g.state);
  g.signal(seat.seat, { haptic: "short" });
  return null;
}

/** FORUM-VOTE-07: every vote, public: voter → target (and its weight where votes are signed). */
export function publicVotes(state: ForumState): Record<string, number> {
  const out: Record<string, number> = {};
  if (state.phase === "setup") return out;
  for (const [voter, vote] of Object.entries(state.flow.votes)) out[voter] = vote.target;
  return out;
}

/** The same, per candidate (the public view's `voters`): target → voters in seat order. */
export function votersByTarget(state: ForumState): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const [voter, target] of Object.entries(publicVotes(state)))
    out[String(target)] = [...(out[String(target)] ?? []), Number(voter)];
  return out;
}

export interface VoteOutcome {
  lynched: number | null;
  /** Living seats that did not vote and so voted for themselves (FORUM-VOTE-03, FORUM-INACT-05). */
  silent: number[];
}

/**
 * The deadline: the silent vote for themselves, votes for seats dead by now are void
 * (FORUM-OPEN-11), and the single highest positive net total is lynched.
 */
export function closeVote(g: ForumGame): VoteOutcome {
  const state = g.state;
  const flow = state.flow;
  const silent: number[] = [];
  for (const s of g.living()) {
    if (String(s.seat) in flow.votes) continue;
    silent.push(s.seat);
    flow.votes[String(s.seat)] = { target: s.seat, straight: false };
    g.log("vote.default", [s.seat], {});
  }
  for (const [voter, vote] of Object.entries(flow.votes))
    if (!state.seats[vote.target - 1]?.alive) delete flow.votes[voter];
  retally(state, silent);
  const net = new Map<number, number>();
  for (const [voter, vote] of Object.entries(flow.votes)) {
    const w = voteWeight(
      state,
      state.seats[Number(voter) - 1] as SeatState,
      vote,
      silent.includes(Number(voter)),
    );
    net.set(vote.target, (net.get(vote.target) ?? 0) + w);
  }
  const max = Math.max(0, ...net.values());
  const top = [...net].filter(([, n]) => n === max && n > 0).map(([t]) => t);
  if (top.length === 1) {
    g.log("vote.lynched", [top[0] as number], {});
    return { lynched: top[0] as number, silent };
  }
  g.log(top.length === 0 ? "forum.vote.none" : "forum.vote.tie", [], {});
  return { lynched: null, silent };
}
