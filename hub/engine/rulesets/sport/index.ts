/**
 * SPORT: classic sport mafia for 10 players with a human host (RULES.md §1).
 * Votes are thumb edges timed by the hub; nominations, shots and checks answer prompts.
 */

import type { SportExtras } from "../../../../protocol/index.js";
import { defineRuleset, reject } from "../../ruleset.js";
import type { OfferedAct, Rejection, SeatState } from "../../types.js";
import { describeOptions } from "../options.js";
import { sportAudience } from "./audience.js";

import { bestMove } from "./bestmove.js";
import { announceNominees, morning, nominate, nominationPrompt, startSpeeches } from "./day.js";
import { FOUL_CAUSES, foul, removeSeat } from "./discipline.js";
import type { SportFlow, SportGame, SportState } from "./flow.js";
import { initialFlow } from "./flow.js";
import { sportManifest } from "./manifest.js";
import {
  blindfoldAtNight,
  check,
  endNightStep,
  isAwake,
  nightPrompt,
  shoot,
  startNight,
  startZeroNight,
} from "./night.js";
import { parseSportOptions, type SportOptions, sportOptionsSchema } from "./options.js";
import { definePhases } from "./phases.js";
import { SPORT_ROLES, sportComposition } from "./roles/index.js";
import { endTurnIfSpeaking, isSpeaking, nextTurn, SPEAKING_STEPS } from "./speaking.js";
import { afterRemovalInVote, closeWindow, startRevote, thumbInVote, VOTE_STEPS } from "./vote.js";
import { sportVoters } from "./voters.js";

definePhases({
  morning,
  startSpeeches,
  announceNominees,
  startNight,
  startRevote,
  afterRemovalInVote,
});

function prompt(state: SportState, seat: SeatState) {
  return nominationPrompt(state, seat) ?? nightPrompt(state, seat);
}

/** An act the core matched to the seat's prompt (hub/engine/act.ts): a nomination, a shot, a check. */
function onAct(g: SportGame, seat: SeatState, act: OfferedAct): Rejection | null {
  const target = act.targets[0] as number;
  switch (act.action) {
    case "nominate":
      return nominate(g, seat, target);
    case "shoot":
      return shoot(g, seat, target);
    case "check":
      return check(g, seat, target);
    default:
      return reject("bad_action");
  }
}

function onPass(g: SportGame, seat: SeatState): Rejection | null {
  // SPORT-DAY-05: "thank you" ends one's own speech (or justification, or last word).
  if (isSpeaking(g) && g.state.speaker === seat.seat) {
    g.signal(seat.seat, { haptic: "short" });
    endTurnIfSpeaking(g, seat.seat);
    return null;
  }
  return reject(seat.alive ? "not_your_turn" : "not_in_game");
}

export const sport = defineRuleset<SportOptions, SportFlow, SportExtras>({
  id: "sport",
  manifest: sportManifest,
  roles: SPORT_ROLES,
  options: describeOptions(sportOptionsSchema),
  parseOptions: parseSportOptions,
  composition: (_options, seatCount) => sportComposition(seatCount),
  begin(g) {
    Object.assign(g.state.flow, initialFlow());
    startZeroNight(g);
  },
  onAct,
  // A seat already nominated is not offered: the speaker is told why rather than "bad target".
  refuseAct(state, _seat, act, { offer }) {
    const target = act.targets[0];
    const again = target !== undefined && state.nominations.includes(target);
    return offer?.action === "nominate" && again
      ? reject("already_nominated", `seat ${target} is already nominated; name someone else`)
      : null;
  },
  onSeat(g, seat, action, previous) {
    switch (action.kind) {
      case "thumb":
        if (VOTE_STEPS.includes(g.state.step) && g.state.phase === "day") {
          thumbInVote(g, seat, action.down, previous.thumbDown);
        }
        return null;
      case "blindfold":
        blindfoldAtNight(g, seat, action.on, previous.blindfoldOn, action.report === true);
        return null;
      case "pass":
        return onPass(g, seat);
      default:
        return null;
    }
  },
  onStepEnd(g) {
    const state = g.state;
    if (state.phase === "night") {
      endNightStep(g);
      return null;
    }
    if (VOTE_STEPS.includes(state.step)) {
      closeWindow(g);
      return null;
    }
    if (isSpeaking(g)) {
      nextTurn(g);
      return null;
    }
    return reject("wrong_step", "this step does not end by time");
  },
  onFoul: foul,
  onRemove(g, seat, reason) {
    removeSeat(g, seat, "host", reason);
    return null;
  },
  onBestMove: bestMove,
  onPresence() {
    // Sport: presence is only the `online` flag; the host decides what a dropped paddle means.
  },
  prompt,
  // SPORT-DAY-05: "thank you" ends one's own speech, justification or last word.
  passMeaning: (state, seat) =>
    state.phase === "day" && SPEAKING_STEPS.includes(state.step) && state.speaker === seat.seat
      ? "thanks"
      : null,
  awake: isAwake,
  audience: sportAudience,
  // Sport votes are open (thumbs up at the table), so the public view names each voter.
  voters: sportVoters,
  timings(options) {
    const o = options;
    return {
      speech: o.speechSeconds,
      shootout: o.justifySeconds,
      lastword: o.lastWordSeconds,
      lastwordNight: o.lastWordNightSeconds,
      vote: o.voteWindowSeconds,
      night: o.nightStepSeconds,
      meeting: o.mafiaMeetingSeconds,
    };
  },
  extras: (options) => ({
    foulCauses: [...FOUL_CAUSES],
    venue: options.venue ?? null,
  }),
});
