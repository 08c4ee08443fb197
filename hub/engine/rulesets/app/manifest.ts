/** The app ruleset as data (protocol/manifest.ts): what screens and the record read. */
import { CORE_ANNOUNCEMENTS, type RulesetManifest } from "../../../../protocol/index.js";
import { APP_ROLES } from "./roles/index.js";

export const appManifest: RulesetManifest = {
  // From the role files, so a role's team and abilities are written once.
  roles: Object.values(APP_ROLES).map((r) => ({
    id: r.id,
    team: r.team,
    abilities: r.night ? [r.night] : [],
  })),
  steps: [
    { id: "morning", phase: "day", kind: "announce" },
    { id: "discussion", phase: "day", kind: "discussion", timing: { key: "discussion" } },
    // APP-VOTE-01: each seat votes on its own screen; the tally is the outcome's only.
    { id: "vote", phase: "day", kind: "secretVote", timing: { key: "vote" } },
    { id: "night", phase: "night", kind: "night", timing: { key: "night" } },
    { id: "end", phase: "ended", kind: "end" },
  ],
  announcements: [
    ...CORE_ANNOUNCEMENTS,
    "night.start",
    "night.waiting",
    "morning.killed",
    "morning.peaceful",
    "vote.start",
    "vote.tie",
    "vote.abstained",
    "vote.eliminated",
    "removed",
    "disconnected",
  ],
  outs: ["killed", "voted", "removed", "disconnected"],
  capabilities: {
    openVote: false,
    thumbSensors: false,
    blindfoldSensors: false,
    textInputs: false,
    recordFormats: ["html", "pdf", "json"],
  },
};
