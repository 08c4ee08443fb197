import type { ForumRole } from "./role.js";

/**
 * The Mafiaboss (FORUM-BOSS-01..04): no ability of his own, but he starts holding the mafia's
 * office, whose holder alone sends the murder (`kill`) and names an heir or hands the office
 * on (`successor`); the office may pass to another mafioso (forum/night/office.ts).
 */
export const boss: ForumRole = {
  id: "boss",
  team: "mafia",
  party: "mafia",
  knowsTeam: true,
  knownToTeam: true,
  night: [],
  day: [],
  anytime: [],
  special: true,
  office: true,
};
