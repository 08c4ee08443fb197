import type { ForumRole } from "./role.js";

/** A plain mafioso: fills the mafia's slots that no optional role takes (FORUM-OPEN-03). */
export const mafia: ForumRole = {
  id: "mafia",
  team: "mafia",
  party: "mafia",
  knowsTeam: true,
  knownToTeam: true,
  night: [],
  day: [],
  anytime: [],
  special: true,
};
