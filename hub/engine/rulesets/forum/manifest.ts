/** The forum ruleset as data (protocol/manifest.ts): what screens and the record read. */
import { CORE_ANNOUNCEMENTS, type RulesetManifest } from "../../../../protocol/index.js";
import { FORUM_ROLES } from "./roles/index.js";

export const forumManifest: RulesetManifest = {
  // From the role files, so a role's team and abilities are written once.
  roles: Object.values(FORUM_ROLES).map((r) => ({
    id: r.id,
    team: r.team,
    side: r.party,
    abilities: [...new Set([...r.night, ...r.day, ...r.anytime, ...(r.passive ?? [])])],
  })),
  steps: [
    { id: "status", phase: "day", kind: "announce" },
    // FORUM-VOTE-01: the day is one open vote, any living seat at any time.
    { id: "day", phase: "day", kind: "openVote", timing: { key: "day" } },
    { id: "night", phase: "night", kind: "night", timing: { key: "night" } },
    { id: "end", phase: "ended", kind: "end" },
  ],
  announcements: [
    ...CORE_ANNOUNCEMENTS,
    "status.sent",
    "status.shown",
    "forum.day.start",
    "forum.night.start",
    "forum.night.quiet",
    "forum.night.murdered",
    "forum.night.guarding",
    "forum.paper",
    "forum.will",
    "forum.vote.none",
    "forum.vote.tie",
    "vote.cast",
    "vote.default",
    "vote.lynched",
    "terror.attack",
    "warned",
    "disqualified",
    "removed",
  ],
  outs: ["voted", "killed", "attacked", "removed", "disqualified"],
  capabilities: {
    openVote: true,
    thumbSensors: false,
    blindfoldSensors: false,
    textInputs: true,
    recordFormats: ["html", "pdf", "json"],
    dayBoard: true,
    deadlines: true,
    warnings: true,
  },
};
