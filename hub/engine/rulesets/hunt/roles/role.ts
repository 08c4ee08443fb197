import type { RoleDef } from "../../../ruleset.js";
import type { HuntAbility } from "../abilities/card.js";

/**
 * A hunt role names its night abilities by id; each is a card (abilities/), which says what it
 * offers and how it resolves. Abilities name actions, never other roles.
 */
export type { HuntAbility };

export interface HuntRole extends RoleDef {
  /** Night abilities, in the order the seat is asked (the first pending one is its prompt). */
  night: readonly HuntAbility[];
  /**
   * What a public announcement calls this role (HUNT-REVEAL-06/08, HUNT-OPEN-11 a): only
   * "civilian" or "mafia"; the Maniac is shown in full only when the hunt killed him.
   */
  side: "civilian" | "mafia";
  /** A registered role dealt in the place of one seat of this role (a civilian's, say). */
  dealtFor?: string;
}
