/**
 * APP: the BluGame phone game with the Pate/Consigliere hierarchy (RULES.md §2). No
 * narrator: every step ends by itself once every required input is in (APP-OPEN-13).
 * Actions: `kill` (mafia proposal), `heal` (Arzt), `investigate` (Kommissar), `vote`;
 * `pass` = ready to vote in the discussion, abstain in the vote.
 */

import type { AppExtras } from "../../../../protocol/index.js";
import { defineRuleset, reject } from "../../ruleset.js";
import type { OfferedAct, Rejection, SeatState } from "../../types.js";
import { ABSTAIN, dayTimings } from "../discussion.js";
import { describeOptions } from "../options.js";
import { castVote, closeAppVote, dayWaitingFor, ready, startAppVote, votePrompt } from "./day.js";
import type { AppFlow, AppGame, AppState } from "./flow.js";
import { initialAppFlow } from "./flow.js";
import { eliminate } from "./leave.js";
import { appManifest } from "./manifest.js";
import {
  choseTonight,
  endAppNight,
  forceNightEnd,
  mustChoose,
  nightAct,
  nightComplete,
  nightPrompt,
  startAppNight,
} from "./night.js";
import { type AppOptions, appOptionsSchema, balanceWarnings, parseAppOptions } from "./options.js";
import { APP_ROLES, mafiaRoles } from "./roles/index.js";

function prompt(state: AppState, seat: SeatState) {
  return nightPrompt(state, seat) ?? votePrompt(state, seat);
}

/**
 * After someone left mid-step, the step may have everything it needs now. A leave during
 * the vote starts the vote again for every living seat (issue 10): voiding only the votes
 * cast for the leaver would put exactly his voters back into the public `waitingFor`.
 */
function afterLeave(g: AppGame): void {
  const state = g.state;
  const flow = state.flow;
  if (state.phase === "night" && nightComplete(state)) endAppNight(g);
  else if (state.step === "discussion" && g.living().every((s) => flow.ready.includes(s.seat)))
    startAppVote(g);
  else if (state.step === "vote") startAppVote(g);
}

/** APP-DISC-01/02: a lost connection eliminates without showing the role. */
function disconnect(g: AppGame, seat: SeatState): void {
  g.log("disconnected", [seat.seat], {});
  if (eliminate(g, seat, "disconnected")) return;
  afterLeave(g);
}

/** An act the core matched to the seat's prompt (hub/engine/act.ts): the vote or a night move. */
function onAct(g: AppGame, seat: SeatState, act: OfferedAct): Rejection | null {
  const target = act.targets[0] as number;
  return act.action === "vote" ? castVote(g, seat, target) : nightAct(g, seat, act.action, target);
}

function onPass(g: AppGame, seat: SeatState): Rejection | null {
  if (!seat.alive) return reject("not_in_game");
  if (g.state.step === "discussion") return ready(g, seat);
  if (g.state.step === "vote") return castVote(g, seat, ABSTAIN);
  // Decoys off: a seat that made its night choice may still decline the rest (there is
  // none): no error, nothing changes (issue 24).
  if (g.state.phase === "night" && choseTonight(g.state, seat)) {
    g.signal(seat.seat, { haptic: "short" });
    return null;
  }
  return reject("not_your_turn");
}

export const app = defineRuleset<AppOptions, AppFlow, AppExtras>({
  id: "app",
  manifest: appManifest,
  roles: APP_ROLES,
  options: describeOptions(appOptionsSchema),
  parseOptions: parseAppOptions,
  composition(options, seatCount) {
    const o = options;
    const roles = mafiaRoles(o.mafia);
    if (o.commissar) roles.push("commissar");
    if (o.doctor) roles.push("doctor");
    while (roles.length < seatCount) roles.push("councillor");
    return roles;
  },
  begin(g) {
    Object.assign(g.state.flow, initialAppFlow());
    g.state.round = 0;
    startAppNight(g); // APP-NIGHT-01: the game opens with a night
  },
  onAct,
  onSeat(g, seat, action) {
    if (action.kind === "pass") return onPass(g, seat);
    return null; // sensors mean nothing in the app: no blindfolds, no thumbs
  },
  // APP-OPEN-03 (a): the deciding member may not answer "nothing"; the night waits for him.
  mayDecline: (state, seat) => !mustChoose(state, seat),
  onNightAnswer(g) {
    if (g.state.flow.night && nightComplete(g.state)) endAppNight(g);
  },
  onStepEnd(g, by) {
    const step = g.state.step;
    if (g.state.phase === "night") {
      const refused = forceNightEnd(g);
      if (!refused || by === "host") return refused;
      // The night's timer ran out without the deciding choice: wait on, visibly.
      g.log("night.waiting", [], {});
      g.enter("night", "night", g.state.options.nightSeconds);
      return null;
    }
    if (step === "discussion") startAppVote(g);
    else if (step === "vote") closeAppVote(g);
    else return reject("wrong_step");
    return null;
  },
  onFoul: () => reject("wrong_step", "the app ruleset has no fouls"),
  onRemove(g, seat, reason) {
    g.log("removed", [seat.seat], { cause: "host", reason: reason ?? null, role: seat.role });
    if (!eliminate(g, seat, "removed")) afterLeave(g);
    return null;
  },
  onPresence(g, seat, online) {
    const flow = g.state.flow;
    const key = String(seat.seat);
    if (online || !seat.alive) {
      delete flow.offline[key]; // APP-OPEN-17: back within the grace period
      return;
    }
    const grace = g.state.options.disconnectGraceSeconds;
    if (grace === 0) disconnect(g, seat);
    else flow.offline[key] = g.at + grace * 1000;
  },
  deadlines: (state) => Object.values(state.flow.offline ?? {}),
  onDeadline(g) {
    const flow = g.state.flow;
    for (const [key, at] of Object.entries(flow.offline)) {
      if (at > g.at || g.state.phase === "ended") continue;
      delete flow.offline[key];
      const seat = g.seat(Number(key));
      if (seat.alive) disconnect(g, seat);
    }
  },
  prompt,
  passMeaning(state, seat) {
    const flow = state.flow;
    if (state.step === "discussion") return flow.ready.includes(seat.seat) ? null : "ready";
    if (state.step === "vote") return "abstain";
    return null;
  },
  awake: () => true,
  proposals(state, seat) {
    const night = state.flow.night;
    if (!night || seat.team !== "mafia" || !seat.alive) return {};
    return { ...night.proposals };
  },
  waitingFor: dayWaitingFor,
  endRole(state, seat) {
    if (seat.out === "disconnected" && !state.options.endShowsDisconnected) return "unknown";
    return seat.role ?? "unknown";
  },
  timings: (options) => dayTimings(options),
  extras(options, seatCount) {
    const o = options;
    return {
      composition: {
        mafia: o.mafia,
        commissar: o.commissar,
        doctor: o.doctor,
        councillors: seatCount - o.mafia - (o.commissar ? 1 : 0) - (o.doctor ? 1 : 0),
      },
      venue: o.venue ?? null,
      // Shown by the screens until the game starts, not only in the setup's reply.
      balanceWarnings: balanceWarnings(o, seatCount),
    };
  },
});
