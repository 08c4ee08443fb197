/** The hunt ruleset as data (protocol/manifest.ts): what screens and the record read. */
import { CORE_ANNOUNCEMENTS, type RulesetManifest } from "../../../../protocol/index.js";
import { HUNT_ROLES } from "./roles/index.js";

export const huntManifest: RulesetManifest = {
  // From the role files, so a role's team, side and abilities are written once; read when
  // asked, so a registered role (registerHuntRole) is in it.
  get roles() {
    return Object.values(HUNT_ROLES).map((r) => ({
      id: r.id,
      team: r.team,
      side: r.side,
      abilities: [...r.night],
    }));
  },
  steps: [
    { id: "morning", phase: "day", kind: "announce" },
    { id: "discussion", phase: "day", kind: "discussion", timing: { key: "discussion" } },
    { id: "vote", phase: "day", kind: "openVote", timing: { key: "vote" } },
    { id: "night", phase: "night", kind: "night", timing: { key: "night" } },
    { id: "end", phase: "ended", kind: "end" },
  ],
  announcements: [
    ...CORE_ANNOUNCEMENTS,
    "night.start",
    "night.waiting",
    "morning.killed",
    "morning.peaceful",
    "morning.hunt.success",
    "morning.hunt.failed",
    "day.revealed",
    "vote.start",
    "vote.cast",
    "vote.tie",
    "vote.nobody",
    "vote.eliminated",
    "removed",
  ],
  outs: ["killed", "hunted", "voted", "removed"],
  capabilities: {
    openVote: true,
    thumbSensors: false,
    blindfoldSensors: false,
    textInputs: false,
    recordFormats: ["html", "pdf", "json"],
  },
};
