import type { HuntRole } from "./role.js";

/** A plain civilian (HUNT-SETUP-03): no ability but the free hunt (HUNT-HUNT-01). */
export const civilian: HuntRole = {
  id: "civilian",
  team: "town",
  knowsTeam: false,
  knownToTeam: false,
  night: ["hunt"],
  side: "civilian",
};
