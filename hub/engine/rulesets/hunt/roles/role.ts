import type { RoleDef } from "../../../ruleset.js";

/**
 * What a hunt role may do at night. Abilities name actions, never other roles: the night
 * (night.ts) asks each seat by its abilities, and the resolution (resolve.ts) acts on labels.
 */
export type HuntAbility = "block" | "shoot" | "kill" | "heal" | "hunt";

export interface HuntRole extends RoleDef {
  /** Night abilities, in the order the seat is asked (the first pending one is its prompt). */
  night: readonly HuntAbility[];
  /**
   * What a public announcement calls this role (HUNT-REVEAL-06/08, HUNT-OPEN-11 a): only
   * "civilian" or "mafia"; the Maniac is shown in full only when the hunt killed him.
   */
  side: "civilian" | "mafia";
}
