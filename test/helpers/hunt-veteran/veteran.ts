/**
 * The veteran, a test-only hunt role (HUNT-TOY-01): town side, one night ability, the
 * alert (alert.ts), and the free hunt is not his. Dealt in the place of one civilian, so a
 * game replayed from its journal deals him too.
 */
import type { HuntRole } from "../../../hub/engine/rulesets/hunt/roles/role.js";
import { alert } from "./alert.js";

export const veteran: HuntRole = {
  id: "veteran",
  team: "town",
  knowsTeam: false,
  knownToTeam: false,
  night: [alert.id],
  side: "civilian",
  dealtFor: "civilian",
};
