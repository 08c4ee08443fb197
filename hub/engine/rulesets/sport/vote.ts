/**
 * Voting by thumbs (SPORT-VOTE-01..07): one counting window per nominee in nomination
 * order; a thumb that is down when the window closes is a vote for that nominee; down and
 * up inside one window is a provocation (SPORT-VOTE-04). Then the shootout (SPORT-TIE-01..05,
 * SPORT-OPEN-09/10).
 */
import type { Game } from "../../ruleset.js";
import type { SeatState } from "../../types.js";
import { sportOf } from "./context.js";
import { checkWin, markOut, removeSeat } from "./discipline.js";
import type { VoteFlow } from "./flow.js";
import { startNight } from "./night.js";
import { startTurns } from "./speaking.js";

export const VOTE_STEPS: readonly string[] = ["vote", "revote", "leavevote"];

const STEP_OF: Record<VoteFlow["kind"], string> = {
  main: "vote",
  revote: "revote",
  leave: "leavevote",
};

export function startVote(g: Game, kind: VoteFlow["kind"], ballot: number[], tied: number[]): void {
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

function openWindow(g: Game): void {
  const { flow, o } = sportOf(g);
  const vote = flow.vote as VoteFlow;
  const state = g.state;
  vote.downInWindow = [];
  state.ballot = [...vote.ballot];
  state.speaker = null;
  state.counting = vote.kind === "leave" ? null : (vote.ballot[vote.index] ?? null);
  g.enter("day", STEP_OF[vote.kind], o.voteWindowSeconds);
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

/** A thumb edge while a window is open. Never rejected: sensor edges are facts. */
export function thumbInVote(
  g: Game,
  seat: SeatState,
  down: boolean,
  wasDown: boolean | null,
): void {
  const vote = sportOf(g).flow.vote;
  if (!vote || !seat.alive) return;
  if (down) {
    if (!vote.downInWindow.includes(seat.seat)) vote.downInWindow.push(seat.seat);
    return;
  }
  if (wasDown === true && vote.downInWindow.includes(seat.seat)) {
    removeSeat(g, seat, "provocation");
  }
}

/** Closes the open window: by its timer or the host's `next`. */
export function closeWindow(g: Game): void {
  const { flow } = sportOf(g);
  const vote = flow.vote as VoteFlow;
  const state = g.state;
  const nominee = vote.kind === "leave" ? null : (vote.ballot[vote.index] as number);
  const last = vote.index === vote.ballot.length - 1 || vote.kind === "leave";
  for (const s of state.seats) {
    if (!s.alive || String(s.seat) in vote.votes) continue;
    if (s.thumbDown === true) vote.votes[String(s.seat)] = nominee ?? s.seat;
    // SPORT-VOTE-05: whoever voted for nobody votes for the last nominee (a leave/stay non-vote is "stay").
    else if (last && nominee !== null) vote.votes[String(s.seat)] = nominee;
  }
  if (vote.kind === "leave") {
    const leave = Object.keys(vote.votes).length;
    state.tally = { leave, stay: g.living().length - leave };
    resolveLeave(g, vote, leave);
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

function resolveVote(g: Game, vote: VoteFlow): void {
  const { o } = sportOf(g);
  const state = g.state;
  state.counting = null;
  if (vote.ballot.length === 0) {
    g.log("vote.none", [], {});
    startNight(g);
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
    state.tally = {};
    const turns = top
      .filter(
        (seat) =>
          !(
            o.silencedLoses === "allSpeaking" &&
            sportOf(g).flow.silenced[String(seat)] === state.round
          ),
      )
      .map((seat) => ({ seat, step: "shootout" as const, seconds: o.justifySeconds }));
    startTurns(g, turns, "revote");
    return;
  }
  // SPORT-TIE-04, SPORT-OPEN-09: tied again: the table votes on all leave or all stay.
  const ballot = o.revoteTie === "allTied" ? vote.tied.filter((s) => g.seat(s).alive) : top;
  startVote(g, "leave", ballot, vote.tied);
}

export function startRevote(g: Game): void {
  const vote = sportOf(g).flow.vote as VoteFlow;
  const ballot = vote.ballot.filter((s) => g.seat(s).alive);
  startVote(g, "revote", ballot, vote.tied);
}

function resolveLeave(g: Game, vote: VoteFlow, leave: number): void {
  const { o } = sportOf(g);
  const state = g.state;
  const living = g.living().length;
  // SPORT-OPEN-10: (a) more than half of the living players; (b) more "leave" than "stay" among those who voted.
  const leaves =
    o.leaveVoteThreshold === "livingMajority"
      ? leave * 2 > living
      : leave * 2 > living && leave > 0;
  g.log(leaves ? "vote.leave.yes" : "vote.leave.no", vote.ballot, { leave, stay: living - leave });
  state.counting = null;
  if (leaves) {
    eliminateByVote(g, vote.ballot);
    return;
  }
  startNight(g); // SPORT-TIE-05
}

/** SPORT-VOTE-06, SPORT-LAST-01: out with a 30 s last word each, then night. */
function eliminateByVote(g: Game, seats: number[]): void {
  const { o } = sportOf(g);
  // SPORT-OPEN-05 (b): decided before markOut, which clears the silenced mark.
  const speaking = seats.filter(
    (seat) =>
      !(
        o.silencedLoses === "allSpeaking" &&
        sportOf(g).flow.silenced[String(seat)] === g.state.round
      ),
  );
  for (const n of seats) markOut(g, g.seat(n), "voted");
  g.log("vote.eliminated", seats, {});
  sportOf(g).flow.vote = null;
  if (checkWin(g)) return;
  const turns = speaking.map((seat) => ({
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
export function afterRemovalInVote(g: Game, seat: number): boolean {
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
    startNight(g);
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
