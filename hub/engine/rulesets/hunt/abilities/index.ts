/**
 * The hunt's night abilities, one card a file, in the night's order (HUNT-ORDER-01: block,
 * hunt, heal, the Maniac's shot, the mafia's shot). Roles name them by id (roles/*.ts).
 */
import type { PriorityTable } from "../../../night/resolver.js";
import type { HuntOptions } from "../options.js";
import { block } from "./block.js";
import type { AbilityCard, HuntAbility } from "./card.js";
import { heal } from "./heal.js";
import { hunt } from "./hunt.js";
import { kill } from "./kill.js";
import { shoot } from "./shoot.js";

export type { AbilityCard, HuntAbility } from "./card.js";

export const HUNT_ABILITIES: Readonly<Record<HuntAbility, AbilityCard>> = {
  block,
  hunt,
  heal,
  kill,
  shoot,
};

/** The cards in the night's order (the record's order of anything listed per card). */
export const ABILITY_CARDS: readonly AbilityCard[] = Object.values(HUNT_ABILITIES);

export function abilityCard(id: string): AbilityCard | null {
  return Object.hasOwn(HUNT_ABILITIES, id) ? HUNT_ABILITIES[id as HuntAbility] : null;
}

/**
 * HUNT-ORDER-01 as the core's priority table, built from the cards' own entries: cards of
 * one step resolve together, in the order above (the Maniac's shot, then the mafia's).
 */
export function huntPriorityTable(o: HuntOptions): PriorityTable {
  const placed = ABILITY_CARDS.map((c) => c.priority(o));
  const steps = [...new Set(placed.map((p) => p.step))].sort((a, b) => a - b);
  return steps.map((step) => placed.filter((p) => p.step === step).map((p) => p.entry));
}
