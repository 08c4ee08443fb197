import type { ForumRole } from "./role.js";

/** The detective (FORUM-DET-01..03): checks one player's party on even nights (fnight). */
export const detective: ForumRole = {
  id: "detective",
  team: "town",
  party: "town",
  knowsTeam: false,
  knownToTeam: false,
  night: ["check"],
  day: [],
  anytime: [],
  special: true,
  nights: "even",
};
