import type { SportRole } from "./role.js";

/**
 * A black card: meets the mafia on zero night (SPORT-NIGHT0-02) and shoots, eyes closed,
 * from Night 1 on (SPORT-NIGHT-02/03). Knows the other blacks and which of them is the Don.
 */
export const mafia: SportRole = {
  id: "mafia",
  team: "mafia",
  knowsTeam: true,
  knownToTeam: true,
  labels: [],
  wakes: { zeroNight: ["mafia"], laterNights: [] },
  shoots: true,
  check: null,
};
