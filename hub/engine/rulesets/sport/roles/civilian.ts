import type { SportRole } from "./role.js";

/** A red card without an ability (SPORT-SETUP-02). Sleeps every night. */
export const civilian: SportRole = {
  id: "civilian",
  team: "town",
  knowsTeam: false,
  knownToTeam: false,
  labels: [],
  wakes: { zeroNight: [], laterNights: [] },
  shoots: false,
  check: null,
};
