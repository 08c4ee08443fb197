import type { HuntRole } from "./role.js";

/** A mafioso (HUNT-MAF-01..05): agrees the shot with the others; whoever sends it is the executor. */
export const mafia: HuntRole = {
  id: "mafia",
  team: "mafia",
  knowsTeam: true,
  knownToTeam: true,
  night: ["shoot"],
  side: "mafia",
};
