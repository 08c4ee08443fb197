import type { AppRole } from "./role.js";

/** Mafia-Soldat (APP-ROLE-04): proposes, but never holds the deciding choice himself. */
export const soldier: AppRole = {
  id: "soldier",
  team: "mafia",
  knowsTeam: true,
  knownToTeam: true,
  night: "kill",
  rank: 3,
  decides: false,
};
