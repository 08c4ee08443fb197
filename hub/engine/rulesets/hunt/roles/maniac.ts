import type { HuntRole } from "./role.js";

/** The Maniac (HUNT-MAN-01..04): plays alone, may shoot anyone each night. Shown as a civilian (HUNT-REVEAL-06). */
export const maniac: HuntRole = {
  id: "maniac",
  team: "maniac",
  knowsTeam: false,
  knownToTeam: false,
  night: ["kill"],
  side: "civilian",
};
