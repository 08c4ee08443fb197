/**
 * HUNT: the forum game "Мирная охота" (RULES.md §3) at a table of paddles. Roles: `boss`,
 * `mafia`, `maniac`, `doctor`, `civilian`. Night actions `block`, `shoot`, `kill`, `heal`,
 * `hunt` (with `option` "mafia" or "maniac"), one card each (abilities/), all in one night
 * step resolved in the order of HUNT-ORDER-01 (resolve.ts); the day's `vote`; `pass` =
 * ready to vote in the discussion, abstain in the vote, "nothing tonight" at night.
 */

import type { HuntExtras } from "../../../../protocol/index.js";
import { defineRuleset, reject } from "../../ruleset.js";
import type { OfferedAct, Rejection, SeatState } from "../../types.js";
import { ABSTAIN, dayTimings, dayWaitingFor, everyoneVoted, markReady } from "../discussion.js";
import { describeOptions } from "../options.js";
import { castVote, closeHuntVote, startHuntDay, startHuntVote, votePrompt } from "./day.js";
import {
  type HuntFlow,
  type HuntGame,
  type HuntState,
  hostHuntFlow,
  initialHuntFlow,
} from "./flow.js";
import { takeOut } from "./leave.js";
import { huntManifest } from "./manifest.js";
import { endHuntNight, endIfComplete } from "./morning.js";
import {
  declineNext,
  HUNT_NIGHT_ANSWERS,
  mustAnswer,
  nightAct,
  nightOffers,
  nightPass,
  nightPrompt,
  shotProposals,
  startHuntNight,
} from "./night.js";
import { type HuntOptions, huntOptionsSchema, parseHuntOptions } from "./options.js";
import { HUNT_ROLES, huntComposition, huntMafiaSize } from "./roles/index.js";
import { checkHuntWin } from "./win.js";

function prompt(state: HuntState, seat: SeatState) {
  return nightPrompt(state, seat) ?? votePrompt(state, seat);
}

/** An act the core matched to one of the seat's offers (hub/engine/act.ts): a night move or the vote. */
function onAct(g: HuntGame, seat: SeatState, act: OfferedAct): Rejection | null {
  if (g.state.phase === "night") return nightAct(g, seat, act);
  return castVote(g, seat, act.targets[0] as number);
}

function onPass(g: HuntGame, seat: SeatState): Rejection | null {
  if (!seat.alive) return reject("not_in_game");
  const step = g.state.step;
  if (g.state.phase === "night") {
    const refused = nightPass(g, seat); // decoys off: the core leaves the pass to us
    if (!refused) endIfComplete(g);
    return refused;
  }
  if (step === "discussion") return markReady(g, g.state.flow, seat, startHuntVote);
  if (step === "vote") return castVote(g, seat, ABSTAIN);
  return reject("not_your_turn");
}

/** After someone left by the host's hand, the day's step may have everything it needs. */
function afterRemoval(g: HuntGame): void {
  const flow = g.state.flow;
  if (g.state.step === "discussion" && g.living().every((s) => flow.ready.includes(s.seat)))
    startHuntVote(g);
  else if (g.state.step === "vote" && everyoneVoted(g, flow)) closeHuntVote(g);
}

export const hunt = defineRuleset<HuntOptions, HuntFlow, HuntExtras>({
  id: "hunt",
  manifest: huntManifest,
  roles: HUNT_ROLES,
  options: describeOptions(huntOptionsSchema),
  parseOptions: parseHuntOptions,
  composition: (_options, seatCount) => huntComposition(seatCount),
  begin(g) {
    Object.assign(g.state.flow, initialHuntFlow());
    g.state.round = 0;
    // HUNT-OPEN-15: Day 1 first by default.
    if (g.state.options.firstPhase === "night") startHuntNight(g);
    else startHuntDay(g);
  },
  onAct,
  // By day a seat that has voted has no offer: it is told it already voted.
  refuseAct(state, seat, _act, { refused }) {
    const voted = state.step === "vote" && String(seat.seat) in state.flow.votes;
    const day = state.phase !== "night" && refused.code === "not_your_turn";
    return day && voted ? reject("already_acted") : null;
  },
  onSeat(g, seat, action) {
    if (action.kind === "pass") return onPass(g, seat);
    return null; // sensors carry no rule in the hunt: no blindfolds, no thumb votes
  },
  onNightAnswer: endIfComplete,
  // HUNT-DOC-07: the night offers every move a seat has (the Doctor's heal and hunt at once).
  offers: nightOffers,
  onDecline: (g, seat) => declineNext(g.state, seat),
  mayDecline: (state, seat) => !mustAnswer(state, seat),
  nightAnswers: HUNT_NIGHT_ANSWERS,
  onStepEnd(g, by) {
    const step = g.state.step;
    if (g.state.phase === "night") return endHuntNight(g, by);
    if (step === "discussion") startHuntVote(g);
    else if (step === "vote") closeHuntVote(g);
    else return reject("wrong_step");
    return null;
  },
  onFoul: () => reject("wrong_step", "the hunt ruleset has no fouls"),
  onRemove(g, seat, reason) {
    // A removal names no status: the rules show one only for the vote and the night.
    g.log("removed", [seat.seat], { cause: "host", reason: reason ?? null });
    takeOut(g, seat, "removed");
    if (!checkHuntWin(g)) afterRemoval(g);
    return null;
  },
  onPresence() {
    // The host decides what a dropped paddle means (he may remove the player).
  },
  prompt,
  passMeaning(state, seat) {
    const flow = state.flow;
    if (state.phase === "night")
      return nightPrompt(state, seat) && !mustAnswer(state, seat) ? "nothing" : null;
    if (state.step === "discussion") return flow.ready.includes(seat.seat) ? null : "ready";
    if (state.step === "vote") return String(seat.seat) in flow.votes ? null : "abstain";
    return null;
  },
  awake: () => true,
  proposals: shotProposals,
  hostFlow: hostHuntFlow,
  waitingFor: (state) => dayWaitingFor(state, state.flow),
  timings: (options) => dayTimings(options),
  extras(options, seatCount) {
    const mafia = huntMafiaSize(seatCount);
    return {
      composition: { mafia, doctor: 1, maniac: 1, civilians: seatCount - mafia - 2 },
      venue: options.venue ?? null,
    };
  },
});
