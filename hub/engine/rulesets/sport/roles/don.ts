import type { SportRole } from "./role.js";

/**
 * The mafia's leader: a black card that shoots with the others, meets the host on zero
 * night (SPORT-NIGHT0-06) and looks for the investigator once a night (SPORT-NIGHT-07):
 * "yes" only for the Sheriff (SPORT-NIGHT-12).
 */
export const don: SportRole = {
  id: "don",
  team: "mafia",
  knowsTeam: true,
  knownToTeam: true,
  labels: ["leader"],
  wakes: { zeroNight: ["mafia", "don"], laterNights: ["don"] },
  shoots: true,
  check: {
    step: "don",
    test: (target, labelsOf) => labelsOf(target).includes("investigator"),
    yes: "check.sheriff",
    no: "check.notSheriff",
  },
};
