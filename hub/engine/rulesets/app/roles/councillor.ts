import type { AppRole } from "./role.js";

/** Stadtrat (APP-ROLE-01): no ability; his strength is his voice and his vote. */
export const councillor: AppRole = {
  id: "councillor",
  team: "town",
  knowsTeam: false,
  knownToTeam: false,
  night: null,
  rank: null,
  decides: false,
};
