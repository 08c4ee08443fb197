/** The sport ruleset as data (protocol/manifest.ts): what screens and the record read. */
import { CORE_ANNOUNCEMENTS, type RulesetManifest } from "../../../../protocol/index.js";
import { SPORT_ROLES } from "./roles/index.js";
import type { SportNightStep } from "./roles/role.js";

/** The roles a night step wakes on some night, from the role files' `wakes`. */
function calledBy(step: SportNightStep): string[] {
  return Object.values(SPORT_ROLES)
    .filter((r) => r.wakes.zeroNight.includes(step) || r.wakes.laterNights.includes(step))
    .map((r) => r.id);
}

export const sportManifest: RulesetManifest = {
  // From the role files, so a role's team and abilities are written once.
  roles: Object.values(SPORT_ROLES).map((r) => ({
    id: r.id,
    team: r.team,
    abilities: [...(r.shoots ? ["shoot"] : []), ...(r.check ? ["check"] : [])],
  })),
  steps: [
    // Timing keys are those of `timings` in index.ts.
    { id: "speech", phase: "day", kind: "speaking", timing: { key: "speech" } },
    {
      id: "lastword",
      phase: "day",
      kind: "speaking",
      // SPORT-LAST-02: a night victim's last word is longer.
      timing: { key: "lastword", afterNightKill: "lastwordNight" },
    },
    { id: "shootout", phase: "day", kind: "speaking", timing: { key: "shootout" } },
    { id: "vote", phase: "day", kind: "thumbVote", timing: { key: "vote" } },
    { id: "revote", phase: "day", kind: "thumbVote", timing: { key: "vote" } },
    // SPORT-OPEN-10: whether all the tied seats leave together.
    {
      id: "leavevote",
      phase: "day",
      kind: "thumbVote",
      question: "leaveOrStay",
      timing: { key: "vote" },
    },
    // SPORT-OPEN-10 (b) "castMajority": the leave vote's second window, for "stay".
    {
      id: "stayvote",
      phase: "day",
      kind: "thumbVote",
      question: "leaveOrStay",
      timing: { key: "vote" },
    },
    {
      id: "mafia",
      phase: "night",
      kind: "night",
      calls: calledBy("mafia"),
      timing: { key: "night", zeroNight: "meeting" },
    },
    { id: "don", phase: "night", kind: "night", calls: calledBy("don"), timing: { key: "night" } },
    {
      id: "sheriff",
      phase: "night",
      kind: "night",
      calls: calledBy("sheriff"),
      timing: { key: "night" },
    },
    { id: "end", phase: "ended", kind: "end" },
  ],
  announcements: [
    ...CORE_ANNOUNCEMENTS,
    "night.start",
    "morning",
    "morning.killed",
    "morning.peaceful",
    "day.start",
    "nomination",
    "foul",
    "foul.silenced",
    "speech.lost",
    "removed",
    "vote.start",
    "vote.revote.start",
    "vote.leave.start",
    "vote.nominees",
    "vote.counted",
    "vote.eliminated",
    "vote.skipped",
    "vote.none",
    "vote.leave.yes",
    "vote.leave.no",
    "shootout",
  ],
  outs: ["killed", "voted", "removed"],
  capabilities: {
    openVote: true,
    thumbSensors: true,
    blindfoldSensors: true,
    textInputs: false,
    recordFormats: ["html", "pdf", "json", "mafiaratings"],
    nominations: true,
  },
  // SPORT-FOUL-01 speaking out of turn (at night too), SPORT-FOUL-02 after "thank you".
  voiceCauses: { turn: "out_of_turn", overtime: "after_thanks", night: "out_of_turn" },
};
