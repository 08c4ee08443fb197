import type { HuntRole } from "./role.js";

/**
 * The Doctor (HUNT-DOC-01..08): a civilian who knows nobody's status (HUNT-SETUP-05), must
 * heal every night, and may hunt instead, losing that night's heal (HUNT-DOC-07).
 */
export const doctor: HuntRole = {
  id: "doctor",
  team: "town",
  knowsTeam: false,
  knownToTeam: false,
  night: ["heal", "hunt"],
  side: "civilian",
};
