import { boss } from "./boss.js";
import { civilian } from "./civilian.js";
import { doctor } from "./doctor.js";
import { mafia } from "./mafia.js";
import { maniac } from "./maniac.js";
import type { HuntRole } from "./role.js";

const BUILT_IN: readonly HuntRole[] = [civilian, doctor, maniac, boss, mafia];

/**
 * The hunt's roles by id. The ruleset and its manifest read this one object, so a role a test
 * registers (registerHuntRole) is dealt, seen and recorded like a built-in one.
 */
export const HUNT_ROLES: Record<string, HuntRole> = Object.fromEntries(
  BUILT_IN.map((r) => [r.id, r]),
);

/** Adds a role; refuses an id already taken, so a test cannot replace a real role. */
export function registerHuntRole(role: HuntRole): void {
  if (Object.hasOwn(HUNT_ROLES, role.id))
    throw new Error(`hunt role "${role.id}" is already registered`);
  HUNT_ROLES[role.id] = role;
}

/** Removes a role a test registered; the built-in ones stay. */
export function unregisterHuntRole(id: string): void {
  if (BUILT_IN.some((r) => r.id === id)) throw new Error(`hunt role "${id}" is built in`);
  delete HUNT_ROLES[id];
}

export function huntRole(id: string | null): HuntRole | null {
  return id !== null && Object.hasOwn(HUNT_ROLES, id) ? (HUNT_ROLES[id] as HuntRole) : null;
}

/** HUNT-SETUP-01: 3 mafia at 12–13 players; smaller demo tables (allowAnySeatCount) get fewer. */
export function huntMafiaSize(seatCount: number): number {
  return seatCount >= 10 ? 3 : seatCount >= 7 ? 2 : 1;
}

/**
 * HUNT-SETUP-01/03: the mafia with the Boss among them, a Doctor, a Maniac; civilians fill the
 * rest. A registered role that is dealt (`dealtFor`) takes one of those seats in its place.
 */
export function huntComposition(seatCount: number): string[] {
  const roles = ["boss", "doctor", "maniac"];
  for (let i = 1; i < huntMafiaSize(seatCount); i++) roles.push("mafia");
  while (roles.length < seatCount) roles.push("civilian");
  for (const r of Object.values(HUNT_ROLES)) {
    const at = r.dealtFor ? roles.lastIndexOf(r.dealtFor) : -1;
    if (at >= 0) roles[at] = r.id;
  }
  return roles;
}
