import type { SportRole } from "./role.js";

/**
 * The red investigator: meets the host on zero night (SPORT-NIGHT0-07), then checks one
 * player a night (SPORT-NIGHT-08/09): "yes" for any black card, the Don included (SPORT-NIGHT-11).
 */
export const sheriff: SportRole = {
  id: "sheriff",
  team: "town",
  knowsTeam: false,
  knownToTeam: false,
  labels: ["investigator"],
  wakes: { zeroNight: ["sheriff"], laterNights: ["sheriff"] },
  shoots: false,
  check: {
    step: "sheriff",
    test: (target) => target.team === "mafia",
    yes: "check.mafia",
    no: "check.town",
  },
};
