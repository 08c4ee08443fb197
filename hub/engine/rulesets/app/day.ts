/**
 * The day (APP-DAY-01/02, APP-VOTE-01..06): the discussion happens aloud at the table and
 * ends when every living player is ready (or the host opens the vote); then one secret
 * vote, changeable until every living player has voted or abstained (APP-OPEN-07).
 */
import type { Prompt } from "../../../../protocol/index.js";
import { reject } from "../../ruleset.js";
import type { Rejection, SeatState } from "../../types.js";
import {
  ABSTAIN,
  everyoneVoted,
  markReady,
  openBallot,
  votesFor,
  dayWaitingFor as waitingIn,
} from "../discussion.js";
import type { AppGame, AppState } from "./flow.js";
import { eliminate } from "./leave.js";
import { startAppNight } from "./night.js";

/** `pass` in the discussion: "I am ready to vote". */
export function ready(g: AppGame, seat: SeatState): Rejection | null {
  return markReady(g, g.state.flow, seat, startAppVote);
}

export function startAppVote(g: AppGame): void {
  openBallot(g, g.state.flow, g.state.options.voteSeconds);
}

export function votePrompt(state: AppState, seat: SeatState): Prompt | null {
  if (state.phase !== "day" || state.step !== "vote" || !seat.alive) return null;
  if (!state.options.changeVote && String(seat.seat) in state.flow.votes) return null;
  // APP-OPEN-07: self-votes are not offered; `pass` abstains.
  const targets = state.seats.filter((s) => s.alive && s.seat !== seat.seat).map((s) => s.seat);
  return { action: "vote", targets, min: 1, max: 1, options: [], until: state.clock.until };
}

/** A vote or, with `target` ABSTAIN, an abstention; the vote closes when everyone has one. */
export function castVote(g: AppGame, seat: SeatState, target: number): Rejection | null {
  const flow = g.state.flow;
  if (!g.state.options.changeVote && String(seat.seat) in flow.votes)
    return reject("already_acted");
  flow.votes[String(seat.seat)] = target;
  g.signal(seat.seat, { haptic: "short" });
  if (everyoneVoted(g, flow)) closeAppVote(g);
  return null;
}

/** APP-VOTE-03..05, APP-OPEN-06/08: most votes out (role shown); a tie or a majority abstaining, nobody. */
export function closeAppVote(g: AppGame): void {
  const o = g.state.options;
  const flow = g.state.flow;
  const living = g.living().length;
  const counts = votesFor(flow.votes);
  const cast = Object.keys(flow.votes).length;
  const abstained = living - [...counts.values()].reduce((a, b) => a + b, 0);
  const explicitAbstentions = Object.values(flow.votes).filter((t) => t === ABSTAIN).length;
  const max = Math.max(0, ...counts.values());
  const top = [...counts.entries()].filter(([, n]) => n === max && n > 0).map(([t]) => t);
  const totals = o.tally === "totals";
  if (totals) {
    g.state.tally = Object.fromEntries([...counts.entries()].map(([t, n]) => [String(t), n]));
    g.state.tally.abstain = abstained;
  }
  const abstainWins =
    o.abstainMajority === "living"
      ? abstained * 2 > living
      : o.abstainMajority === "cast"
        ? explicitAbstentions * 2 > cast
        : abstained >= max;
  g.state.ballot = [];
  if (abstainWins || top.length !== 1) {
    // APP-OPEN-08 (b): only the outcome, so the announcement names no one and counts nothing.
    g.log(
      abstainWins ? "vote.abstained" : "vote.tie",
      totals ? top : [],
      totals ? { abstained } : {},
    );
    startAppNight(g);
    return;
  }
  const out = g.seat(top[0] as number);
  g.log(
    "vote.eliminated",
    [out.seat],
    totals ? { role: out.role, votes: max } : { role: out.role },
  );
  if (eliminate(g, out, "voted")) return;
  startAppNight(g);
}

export function dayWaitingFor(state: AppState): number[] {
  return waitingIn(state, state.flow);
}
