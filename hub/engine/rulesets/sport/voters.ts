/**
 * Sport votes are open: the players put their thumbs up for all to see (SPORT-VOTE-01), so
 * the public view may name who voted for whom. Only closed windows are in `tally`, so only
 * their voters are named; the open window's thumbs are never counted here before it closes.
 */

import type { SportState } from "./flow.js";
import { VOTE_STEPS } from "./vote.js";

/** In a leave/stay vote, the recorded choice that means "stay" (see vote.ts). */
const STAY = 0;

export function sportVoters(state: SportState): Record<string, number[]> {
  const vote = state.flow.vote;
  if (!vote || state.phase !== "day" || !VOTE_STEPS.includes(state.step)) return {};
  const voters: Record<string, number[]> = {};
  for (const key of Object.keys(state.tally)) voters[key] = [];
  for (const [voter, choice] of Object.entries(vote.votes)) {
    const key = vote.kind !== "leave" ? String(choice) : choice === STAY ? "stay" : "leave";
    voters[key]?.push(Number(voter));
  }
  // SPORT-OPEN-10 (a): whoever did not vote "leave" counts as "stay".
  if (
    vote.kind === "leave" &&
    "stay" in voters &&
    state.options.leaveVoteThreshold !== "castMajority"
  ) {
    const leave = new Set(voters.leave ?? []);
    voters.stay = state.seats.filter((s) => s.alive && !leave.has(s.seat)).map((s) => s.seat);
  }
  for (const list of Object.values(voters)) list.sort((a, b) => a - b);
  return voters;
}
