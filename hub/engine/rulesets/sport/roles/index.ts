import { civilian } from "./civilian.js";
import { don } from "./don.js";
import { mafia } from "./mafia.js";
import type { SportRole } from "./role.js";
import { sheriff } from "./sheriff.js";

export const SPORT_ROLES: Record<string, SportRole> = { civilian, sheriff, mafia, don };

export function sportRole(id: string | null): SportRole | null {
  return id !== null && Object.hasOwn(SPORT_ROLES, id) ? (SPORT_ROLES[id] as SportRole) : null;
}

/** SPORT-SETUP-02: 10 cards, 7 red (1 Sheriff) and 3 black (1 Don). Other counts for training tables. */
export function sportComposition(seatCount: number): string[] {
  const blacks = seatCount >= 9 ? 3 : 2;
  const roles = ["don", "sheriff"];
  for (let i = 1; i < blacks; i++) roles.push("mafia");
  while (roles.length < seatCount) roles.push("civilian");
  return roles;
}
