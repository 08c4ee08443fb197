import type { ForumRole } from "./role.js";

/** The terrorist (FORUM-TERR-01..04, FORUM-OPEN-05 a: a mafioso), at most once: one suicide attack in any phase. */
export const terrorist: ForumRole = {
  id: "terrorist",
  team: "mafia",
  party: "mafia",
  knowsTeam: true,
  knownToTeam: true,
  night: [],
  day: [],
  anytime: ["attack"],
  special: true,
};
