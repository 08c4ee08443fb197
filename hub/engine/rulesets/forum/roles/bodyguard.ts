import type { ForumRole } from "./role.js";

/** The bodyguard (FORUM-BG-01/02), at most once: dies instead of his ward (fnight). */
export const bodyguard: ForumRole = {
  id: "bodyguard",
  team: "town",
  party: "town",
  knowsTeam: false,
  knownToTeam: false,
  night: ["guard"],
  day: [],
  anytime: [],
  special: true,
};
