import type { ForumRole } from "./role.js";

/** The insider (FORUM-INS-01/02, FORUM-OPEN-05 a: a mafioso), at most once: guesses the detective by day. */
export const insider: ForumRole = {
  id: "insider",
  team: "mafia",
  party: "mafia",
  knowsTeam: true,
  knownToTeam: true,
  night: [],
  day: ["suspect"],
  anytime: [],
  special: true,
};
