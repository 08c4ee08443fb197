import type { ForumRole } from "./role.js";

/** A plain citizen (FORUM-CIT-01): no ability; votes in the day's lynch like everyone. */
export const citizen: ForumRole = {
  id: "citizen",
  team: "town",
  party: "town",
  knowsTeam: false,
  knownToTeam: false,
  night: [],
  day: [],
  anytime: [],
  special: false,
};
