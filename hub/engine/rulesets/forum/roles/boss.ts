import type { ForumRole } from "./role.js";

/** The mafia boss (FORUM-BOSS-01..04): sends the murder and names his successor (fnight). */
export const boss: ForumRole = {
  id: "boss",
  team: "mafia",
  party: "mafia",
  knowsTeam: true,
  knownToTeam: true,
  night: ["kill", "successor"],
  day: [],
  anytime: [],
  special: true,
};
