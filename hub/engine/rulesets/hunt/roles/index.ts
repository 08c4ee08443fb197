import { boss } from "./boss.js";
import { civilian } from "./civilian.js";
import { doctor } from "./doctor.js";
import { mafia } from "./mafia.js";
import { maniac } from "./maniac.js";
import type { HuntRole } from "./role.js";

export const HUNT_ROLES: Record<string, HuntRole> = { civilian, doctor, maniac, boss, mafia };

export function huntRole(id: string | null): HuntRole | null {
  return id !== null && Object.hasOwn(HUNT_ROLES, id) ? (HUNT_ROLES[id] as HuntRole) : null;
}

/** HUNT-SETUP-01: 3 mafia at 12–13 players; smaller demo tables (allowAnySeatCount) get fewer. */
export function huntMafiaSize(seatCount: number): number {
  return seatCount >= 10 ? 3 : seatCount >= 7 ? 2 : 1;
}

/** HUNT-SETUP-01/03: the mafia with the Boss among them, a Doctor, a Maniac; civilians fill the rest. */
export function huntComposition(seatCount: number): string[] {
  const roles = ["boss", "doctor", "maniac"];
  for (let i = 1; i < huntMafiaSize(seatCount); i++) roles.push("mafia");
  while (roles.length < seatCount) roles.push("civilian");
  return roles;
}
