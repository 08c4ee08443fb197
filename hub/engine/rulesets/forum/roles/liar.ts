import type { ForumRole } from "./role.js";

/** The liar, Lügner (FORUM-LIAR-01..03), at most once: his lynch vote counts −1 unless he votes "straight". */
export const liar: ForumRole = {
  id: "liar",
  team: "mafia",
  party: "mafia",
  knowsTeam: true,
  knownToTeam: true,
  night: [],
  day: [],
  anytime: [],
  passive: ["negativeVote"],
  special: true,
};
