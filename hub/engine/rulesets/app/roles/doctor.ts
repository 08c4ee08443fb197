import type { AppRole } from "./role.js";

/** Arzt (APP-ROLE-06): each night protects one player from the mafia's attack. */
export const doctor: AppRole = {
  id: "doctor",
  team: "town",
  knowsTeam: false,
  knownToTeam: false,
  night: "heal",
  rank: null,
  decides: false,
};
