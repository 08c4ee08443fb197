import type { ForumRole } from "./role.js";

/** The spy (FORUM-SPY-01/02): mafia, but knows no mafioso and is known to none; learns whom the checks named (fnight). */
export const spy: ForumRole = {
  id: "spy",
  team: "mafia",
  party: "mafia",
  knowsTeam: false,
  knownToTeam: false,
  night: [],
  day: [],
  anytime: [],
  special: true,
  watchesChecks: true,
  murderProof: true,
};
