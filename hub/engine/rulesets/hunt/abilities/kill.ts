/**
 * The Maniac's shot (HUNT-MAN-01..04): any other living player, not the one this Maniac
 * named last night; optional. Blockable; by HUNT-OPEN-05 (a) simultaneous with the mafia's
 * shot. Each Maniac shoots on his own (HUNT-MANY-01).
 */
import type { AbilityCard } from "./card.js";
import { choices, personalCard } from "./personal.js";

export const kill: AbilityCard = {
  // HUNT-MAN-02/04, HUNT-MANY-03: not himself, not his own name of last night
  ...personalCard("kill", "kills", false),
  priority: () => ({ step: 4, entry: { kind: "kill", label: "kill" } }),
  actions: (state, night) => choices(state, night, "kills", "kill"),
  missing: () => null, // HUNT-MAN-02: optional
};
