import type { AppRole } from "./role.js";

/** Consigliere (APP-ROLE-03): holds the deciding choice only once the Pate is dead. */
export const consigliere: AppRole = {
  id: "consigliere",
  team: "mafia",
  knowsTeam: true,
  knownToTeam: true,
  night: "kill",
  rank: 2,
  decides: true,
};
