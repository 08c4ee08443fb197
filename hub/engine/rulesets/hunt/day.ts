/**
 * The day: a discussion aloud at the table, then one vote (HUNT-VOTE-01, HUNT-OPEN-12):
 * every living player may vote once for another living player, openly, and may not change
 * it (HUNT-VOTE-02); `pass` abstains. The single player with the most votes leaves; a tie
 * or no votes leaves nobody. His status waits for the next day (HUNT-REVEAL-09).
 */
import type { Prompt } from "../../../../protocol/index.js";
import { reject } from "../../ruleset.js";
import type { Rejection, SeatState } from "../../types.js";
import { ABSTAIN, everyoneVoted, openBallot, openDiscussion, votesFor } from "../discussion.js";
import type { HuntGame, HuntState } from "./flow.js";
import { revealVoted, takeOut } from "./leave.js";
import { startHuntNight } from "./night.js";
import { checkHuntWin } from "./win.js";

/** A new day: yesterday's vote's status first, then the discussion. */
export function startHuntDay(g: HuntGame): void {
  if (g.state.options.firstPhase === "day") g.state.round += 1;
  revealVoted(g);
  openDiscussion(g, g.state.flow, g.state.options.discussionSeconds);
}

export function startHuntVote(g: HuntGame): void {
  openBallot(g, g.state.flow, g.state.options.voteSeconds);
}

export function votePrompt(state: HuntState, seat: SeatState): Prompt | null {
  if (state.phase !== "day" || state.step !== "vote" || !seat.alive) return null;
  if (String(seat.seat) in state.flow.votes) return null; // HUNT-VOTE-02
  const targets = state.seats.filter((s) => s.alive && s.seat !== seat.seat).map((s) => s.seat);
  return { action: "vote", targets, min: 1, max: 1, options: [], until: state.clock.until };
}

/** A vote (public, like a forum post) or, with ABSTAIN, an abstention; both are final. */
export function castVote(g: HuntGame, seat: SeatState, target: number): Rejection | null {
  const flow = g.state.flow;
  if (String(seat.seat) in flow.votes) return reject("already_acted");
  flow.votes[String(seat.seat)] = target;
  g.signal(seat.seat, { haptic: "short" });
  if (target !== ABSTAIN) {
    g.state.tally[String(target)] = (g.state.tally[String(target)] ?? 0) + 1;
    g.log("vote.cast", [seat.seat, target], {});
  }
  if (everyoneVoted(g, flow)) closeHuntVote(g);
  return null;
}

/** Plurality; a tie or no vote at all eliminates nobody. Then the night falls. */
export function closeHuntVote(g: HuntGame): void {
  const counts = votesFor(g.state.flow.votes);
  const max = Math.max(0, ...counts.values());
  const top = [...counts].filter(([, n]) => n === max && n > 0).map(([t]) => t);
  g.state.ballot = [];
  if (top.length !== 1) {
    g.log(
      top.length === 0 ? "vote.nobody" : "vote.tie",
      top.sort((a, b) => a - b),
      {},
    );
    startHuntNight(g);
    return;
  }
  const out = g.seat(top[0] as number);
  // HUNT-REVEAL-08/09: no status now; it is announced in the next day.
  g.log("vote.eliminated", [out.seat], { votes: max });
  takeOut(g, out, "voted");
  g.state.flow.pendingReveal.push(out.seat);
  if (checkHuntWin(g)) return;
  startHuntNight(g);
}
