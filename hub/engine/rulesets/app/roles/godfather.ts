import type { AppRole } from "./role.js";

/** Pate (APP-ROLE-02): the boss; while he lives, his proposal is the night's victim. */
export const godfather: AppRole = {
  id: "godfather",
  team: "mafia",
  knowsTeam: true,
  knownToTeam: true,
  night: "kill",
  rank: 1,
  decides: true,
};
