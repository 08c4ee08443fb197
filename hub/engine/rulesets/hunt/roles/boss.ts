import type { HuntRole } from "./role.js";

/**
 * The Boss (HUNT-BOSS-01..08): a mafioso who may block one player's night move, and who
 * shoots with the others (HUNT-OPEN-04: he may be the executor). Asked to block first.
 */
export const boss: HuntRole = {
  id: "boss",
  team: "mafia",
  knowsTeam: true,
  knownToTeam: true,
  night: ["block", "shoot"],
  side: "mafia",
};
