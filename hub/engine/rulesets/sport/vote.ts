/**
 * Voting by thumbs (SPORT-VOTE-01..07): one counting window per nominee in nomination
 * order; a thumb that is down when the window closes is a vote for that nominee; down and
 * up inside one window is a provocation (SPORT-VOTE-04). Then the shootout (SPORT-TIE-01..05,
 * SPORT-OPEN-09/10).
 */
import { seatSenses } from "../../../../protocol/index.js";
import type { SeatState } from "../../types.js";
import { sportOf } from "./context.js";
import { checkWin, markOut, removeSeat } from "./discipline.js";
import type { SportGame, VoteFlow } from "./flow.js";
import { phases } from "./phases.js";
import { startTurns } from "./speaking.js";

export const VOTE_STEPS: readonly string[] = ["vote", "revote", "leavevote", "stayvote"];

/** In a leave/stay vote, what a voter chose (votes map to the voter's seat for "leave"). */
const STAY = 0;

const STEP_OF: Record<VoteFlow["kind"], string> = {
  main: "vote",
  revote: "revote",
  leave: "leavevote",
};

export function startVote(
  g: SportGame,
  kind: VoteFlow["kind"],
  ballot: number[],
  tied: number[],
): void {
  const { flow } = sportOf(g);
  flow.vote = { kind, ballot: [...ballot], index: 0, votes: {}, downInWindow: [], tied: [...tied] };
  g.state.tally = {};
  g.log(
    kind === "leave" ? "vote.leave.start" : kind === "revote" ? "vote.revote.start" : "vote.start",
    ballot,
    {},
  );
  openWindow(g);
}

function openWindow(g: SportGame): void {
  const { flow, o } = sportOf(g);
  const vote = flow.vote as VoteFlow;
  const state = g.state;
  vote.downInWindow = [];
  state.ballot = [...vote.ballot];
  state.speaker = null;
  state.counting = vote.kind === "leave" ? null : (vote.ballot[vote.index] ?? null);
  // SPORT-OPEN-10 (b) counts "stay" in a second window, so that votes cast can be compared.
  const step = vote.kind === "leave" && vote.index === 1 ? "stayvote" : STEP_OF[vote.kind];
  g.enter("day", step, o.voteWindowSeconds);
}

function tallyOf(vote: VoteFlow, upTo: number): Record<string, number> {
  const tally: Record<string, number> = {};
  vote.ballot.forEach((nominee, i) => {
    if (i <= upTo) tally[String(nominee)] = 0;
  });
  for (const nominee of Object.values(vote.votes)) {
    const key = String(nominee);
    if (key in tally) tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
}

/**
 * A thumb edge while a window is open. Never rejected: sensor edges are facts. Only a seat
 * with a thumb sensor votes or provokes by it (SPORT-SENSE-02); the host counts the others.
 */
export function thumbInVote(
  g: SportGame,
  seat: SeatState,
  down: boolean,
  wasDown: boolean | null,
): void {
  const vote = sportOf(g).flow.vote;
  if (!vote || !seat.alive || !seatSenses(seat, "thumb")) return;
  if (down) {
    if (!vote.downInWindow.includes(seat.seat)) vote.downInWindow.push(seat.seat);
    return;
  }
  if (wasDown === true && vote.downInWindow.includes(seat.seat)) {
    removeSeat(g, seat, "provocation");
  }
}

/** Closes the open window: by its timer or the host's `next`. */
export function closeWindow(g: SportGame): void {
  const { flow, o } = sportOf(g);
  const vote = flow.vote as VoteFlow;
  const state = g.state;
  const nominee = vote.kind === "leave" ? null : (vote.ballot[vote.index] as number);
  const last = vote.index === vote.ballot.length - 1 || vote.kind === "leave";
  for (const s of state.seats) {
    if (!s.alive || String(s.seat) in vote.votes) continue;
    if (s.thumbDown === true && seatSenses(s, "thumb"))
      vote.votes[String(s.seat)] = nominee ?? (vote.index === 1 ? STAY : s.seat);
    // SPORT-VOTE-05: whoever voted for nobody votes for the last nominee (a leave/stay non-vote is "stay").
    else if (last && nominee !== null) vote.votes[String(s.seat)] = nominee;
  }
  if (vote.kind === "leave") {
    const leave = Object.values(vote.votes).filter((v) => v !== STAY).length;
    if (o.leaveVoteThreshold === "castMajority" && vote.index === 0) {
      state.tally = { leave };
      vote.index = 1;
      openWindow(g);
      return;
    }
    const stay =
      o.leaveVoteThreshold === "castMajority"
        ? Object.keys(vote.votes).length - leave
        : g.living().length - leave;
    state.tally = { leave, stay };
    resolveLeave(g, vote, leave, stay);
    return;
  }
  state.tally = tallyOf(vote, vote.index);
  g.log("vote.counted", [nominee as number], { votes: state.tally[String(nominee)] ?? 0 });
  if (!last) {
    vote.index += 1;
    openWindow(g);
    return;
  }
  resolveVote(g, vote);
}

function topOf(vote: VoteFlow): number[] {
  const tally = tallyOf(vote, vote.ballot.length);
  const max = Math.max(...vote.ballot.map((n) => tally[String(n)] ?? 0));
  return vote.ballot.filter((n) => (tally[String(n)] ?? 0) === max);
}

function resolveVote(g: SportGame, vote: VoteFlow): void {
  const { o } = sportOf(g);
  const state = g.state;
  state.counting = null;
  if (vote.ballot.length === 0) {
    g.log("vote.none", [], {});
    phases().startNight(g);
    return;
  }
  const top = topOf(vote);
  if (top.length === 1) {
    eliminateByVote(g, top);
    return;
  }
  if (vote.kind === "main") {
    // SPORT-TIE-01/02: the tied justify themselves for 30 s each, in nomination order.
    g.log("shootout", top, {});
    const { flow } = sportOf(g);
    flow.vote = { ...vote, ballot: top, tied: top, votes: {}, index: 0, downInWindow: [] };
    state.ballot = [...top];
    const turns = top.map((seat) => ({
      seat,
      step: "shootout" as const,
      seconds: o.justifySeconds,
    }));
    startTurns(g, turns, "revote");
    return;
  }
  // SPORT-TIE-04, SPORT-OPEN-09: tied again: the table votes on all leave or all stay.
  const ballot = o.revoteTie === "allTied" ? vote.tied.filter((s) => g.seat(s).alive) : top;
  startVote(g, "leave", ballot, vote.tied);
}

export function startRevote(g: SportGame): void {
  const vote = sportOf(g).flow.vote as VoteFlow;
  const ballot = vote.ballot.filter((s) => g.seat(s).alive);
  startVote(g, "revote", ballot, vote.tied);
}

function resolveLeave(g: SportGame, vote: VoteFlow, leave: number, stay: number): void {
  const { o } = sportOf(g);
  const state = g.state;
  // SPORT-OPEN-10: (a) more than half of the living players vote "leave", a non-vote is "stay";
  // (b) more "leave" than "stay" among the votes cast in two windows, a tie stays.
  const leaves =
    o.leaveVoteThreshold === "livingMajority" ? leave * 2 > g.living().length : leave > stay;
  g.log(leaves ? "vote.leave.yes" : "vote.leave.no", vote.ballot, { leave, stay });
  state.counting = null;
  if (leaves) {
    eliminateByVote(g, vote.ballot);
    return;
  }
  phases().startNight(g); // SPORT-TIE-05
}

/** SPORT-VOTE-06, SPORT-LAST-01: out with a 30 s last word each, then night. */
function eliminateByVote(g: SportGame, seats: number[]): void {
  const { o } = sportOf(g);
  for (const n of seats) markOut(g, g.seat(n), "voted");
  g.log("vote.eliminated", seats, {});
  sportOf(g).flow.vote = null;
  if (checkWin(g)) return;
  const turns = seats.map((seat) => ({
    seat,
    step: "lastword" as const,
    seconds: o.lastWordSeconds,
  }));
  startTurns(g, turns, "night");
}

/**
 * SPORT-OPEN-07 (a): a removed nominee's candidacy and the votes for him are void (those
 * voters may vote again); the removed player's own vote goes with him; defaulted votes go
 * to the last remaining nominee. Returns true when it moved the step on.
 */
export function afterRemovalInVote(g: SportGame, seat: number): boolean {
  const state = g.state;
  state.nominations = state.nominations.filter((n) => n !== seat);
  const vote = sportOf(g).flow.vote;
  if (!vote) return false;
  delete vote.votes[String(seat)];
  const at = vote.ballot.indexOf(seat);
  if (at >= 0) {
    for (const [voter, nominee] of Object.entries(vote.votes))
      if (nominee === seat) delete vote.votes[voter];
    vote.ballot.splice(at, 1);
    vote.tied = vote.tied.filter((n) => n !== seat);
    state.ballot = [...vote.ballot];
  }
  if (!VOTE_STEPS.includes(state.step)) return false; // e.g. during the shootout speeches
  if (vote.kind === "leave") {
    state.tally = {};
    if (vote.ballot.length > 0) return false;
    phases().startNight(g);
    return true;
  }
  const open = vote.index;
  if (at >= 0 && at < open) vote.index -= 1;
  state.tally = tallyOf(vote, vote.index - 1);
  if (at !== open) return false;
  // The window being counted was his: it closes uncounted.
  if (vote.index < vote.ballot.length) {
    openWindow(g);
    return true;
  }
  const last = vote.ballot[vote.ballot.length - 1];
  if (last !== undefined) {
    for (const s of g.living())
      if (!(String(s.seat) in vote.votes)) vote.votes[String(s.seat)] = last;
    state.tally = tallyOf(vote, vote.ballot.length);
  }
  resolveVote(g, vote);
  return true;
}
