import type { AppRole } from "./role.js";

/** Kommissar Cattani (APP-ROLE-05): each night learns one player's exact role, privately. */
export const commissar: AppRole = {
  id: "commissar",
  team: "town",
  knowsTeam: false,
  knownToTeam: false,
  night: "investigate",
  rank: null,
  decides: false,
};
