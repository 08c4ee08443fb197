import { bodyguard } from "./bodyguard.js";
import { boss } from "./boss.js";
import { citizen } from "./citizen.js";
import { detective } from "./detective.js";
import { framer } from "./framer.js";
import { guardian } from "./guardian.js";
import { insider } from "./insider.js";
import { liar } from "./liar.js";
import { mafia } from "./mafia.js";
import { matchmaker } from "./matchmaker.js";
import type { ForumRole } from "./role.js";
import { spy } from "./spy.js";
import { terrorist } from "./terrorist.js";

export const FORUM_ROLES: Record<string, ForumRole> = {
  citizen,
  detective,
  matchmaker,
  guardian,
  bodyguard,
  boss,
  spy,
  framer,
  terrorist,
  liar,
  insider,
  mafia,
};

export function forumRole(id: string | null): ForumRole | null {
  return id !== null && Object.hasOwn(FORUM_ROLES, id) ? (FORUM_ROLES[id] as ForumRole) : null;
}

/** FORUM-SETUP-05/06, FORUM-OPEN-03: the roles a host may add, each at most once. */
export const OPTIONAL_ROLES = ["bodyguard", "framer", "terrorist", "liar", "insider"] as const;
export type OptionalRole = (typeof OPTIONAL_ROLES)[number];

/** FORUM-OPEN-04: the status template's "Räuber", never described, is refused by any spelling. */
export const REFUSED_ROLES: readonly string[] = ["räuber", "rauber", "raeuber", "robber"];

/**
 * FORUM-SETUP-03/05/06, FORUM-OPEN-03: the mafia (boss and spy fixed, the optional mafia
 * roles, plain mafiosi for the rest) and the citizens (detective, matchmaker, guardian
 * angel fixed, the bodyguard if chosen, plain citizens for the rest). The deal shuffles.
 */
export function forumComposition(
  seatCount: number,
  mafiaCount: number,
  optional: readonly OptionalRole[],
): string[] {
  const mafiaRoles: string[] = ["boss", "spy", ...optional.filter((r) => r !== "bodyguard")];
  while (mafiaRoles.length < mafiaCount) mafiaRoles.push("mafia");
  const town: string[] = ["detective", "matchmaker", "guardian"];
  if (optional.includes("bodyguard")) town.push("bodyguard");
  while (town.length + mafiaRoles.length < seatCount) town.push("citizen");
  return [...mafiaRoles, ...town];
}
