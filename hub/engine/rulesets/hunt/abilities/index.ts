/**
 * The hunt's night abilities, one card a file, in the night's order (HUNT-ORDER-01: block,
 * hunt, heal, the Maniac's shot, the mafia's shot). Roles name them by id (roles/*.ts). A
 * test may register one more card (registerHuntAbility), as registerRuleset adds a ruleset:
 * it is asked and resolved after the built-in ones, and nothing else changes.
 */
import type { PriorityTable } from "../../../night/resolver.js";
import type { HuntOptions } from "../options.js";
import { block } from "./block.js";
import type { AbilityCard } from "./card.js";
import { heal } from "./heal.js";
import { hunt } from "./hunt.js";
import { kill } from "./kill.js";
import { shoot } from "./shoot.js";

export type { AbilityCard, HuntAbility } from "./card.js";

const BUILT_IN: readonly AbilityCard[] = [block, hunt, heal, kill, shoot];

/** Insertion order is the order the cards are asked to resolve (the record's order too). */
const CARDS = new Map<string, AbilityCard>(BUILT_IN.map((c) => [c.id, c]));

/** Adds a card; refuses an id already taken, so a test cannot replace a real ability. */
export function registerHuntAbility(card: AbilityCard): void {
  if (CARDS.has(card.id)) throw new Error(`hunt ability "${card.id}" is already registered`);
  CARDS.set(card.id, card);
}

/** Removes a card a test registered; the built-in ones stay. */
export function unregisterHuntAbility(id: string): void {
  if (BUILT_IN.some((c) => c.id === id)) throw new Error(`hunt ability "${id}" is built in`);
  CARDS.delete(id);
}

/** The cards in the night's order (the record's order of anything listed per card). */
export function abilityCards(): AbilityCard[] {
  return [...CARDS.values()];
}

export function abilityCard(id: string): AbilityCard | null {
  return CARDS.get(id) ?? null;
}

/**
 * HUNT-ORDER-01 as the core's priority table, built from the cards' own entries: cards of
 * one step resolve together, in the order above (the Maniac's shot, then the mafia's).
 */
export function huntPriorityTable(o: HuntOptions): PriorityTable {
  const placed = abilityCards().flatMap((c) => c.priority(o));
  const steps = [...new Set(placed.map((p) => p.step))].sort((a, b) => a - b);
  return steps.map((step) => placed.filter((p) => p.step === step).map((p) => p.entry));
}
