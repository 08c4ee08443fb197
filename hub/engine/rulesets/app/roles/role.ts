import type { RoleDef } from "../../../ruleset.js";

/** What a role does at night. Abilities name actions, never other roles. */
export type AppNightAbility = "kill" | "heal" | "investigate" | null;

export interface AppRole extends RoleDef {
  night: AppNightAbility;
  /**
   * Place in the mafia's hierarchy (APP-SETUP-06): the living member with the lowest rank
   * among those that `decides` holds the deciding choice. Null outside the mafia.
   */
  rank: number | null;
  /** Can hold the deciding choice (APP-ROLE-02/03); soldiers never do (APP-ROLE-04). */
  decides: boolean;
}
