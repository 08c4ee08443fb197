import type { ForumRole } from "./role.js";

/** The matchmaker (FORUM-MM-01/02): compares two living players' parties on odd nights (fnight). */
export const matchmaker: ForumRole = {
  id: "matchmaker",
  team: "town",
  party: "town",
  knowsTeam: false,
  knownToTeam: false,
  night: ["compare"],
  day: [],
  anytime: [],
  special: true,
  nights: "odd",
};
