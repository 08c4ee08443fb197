import type { ForumRole } from "./role.js";

/** The framer, Rufmörder (FORUM-RUF-01/02), at most once: falsifies that night's checks of his target (fnight). */
export const framer: ForumRole = {
  id: "framer",
  team: "mafia",
  party: "mafia",
  knowsTeam: true,
  knownToTeam: true,
  night: ["frame"],
  day: [],
  anytime: [],
  special: true,
};
