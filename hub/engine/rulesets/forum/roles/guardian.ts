import type { ForumRole } from "./role.js";

/** The guardian angel (FORUM-ANGEL-01..03): protects one player from the murder each night (fnight). */
export const guardian: ForumRole = {
  id: "guardian",
  team: "town",
  party: "town",
  knowsTeam: false,
  knownToTeam: false,
  night: ["protect"],
  day: [],
  anytime: [],
  special: true,
};
