/**
 * The night's resolution (HUNT-ORDER-01) on the core's resolver (night/resolver.ts): each
 * ability's card (abilities/) turns its part of tonight's book into labelled actions, one
 * for every holder who acted (HUNT-MANY-01), and the cards' entries make one priority table.
 * The resolver decides blocks, protections, cancellations and deaths by labels alone; the
 * cards only decide, by the rules and the options, which submissions take part: the lot
 * among the applications (HUNT-HUNT-03) and the heals that have no effect (HUNT-OPEN-06/07/08).
 */
import {
  type NightAction,
  type NightOutcome,
  type PriorityTable,
  resolveNight,
} from "../../night/resolver.js";
import type { ResolveContext } from "./abilities/card.js";
import { abilityCards, huntPriorityTable } from "./abilities/index.js";
import type { HuntApplication, HuntNight, HuntState } from "./flow.js";
import type { HuntOptions } from "./options.js";

/**
 * HUNT-ORDER-01: 1. Boss block, 2. civilian hunt, 3. Doctor's heal, 4. Maniac's shot,
 * 5. mafia's shot. The mafia's shot is never blocked (HUNT-OPEN-04). By HUNT-OPEN-05 (a) the
 * two shots are simultaneous (L39 «одновременного»), so the Maniac killing the executor
 * does not stop the mafia's shot; reading (b) gives the mafia's shot its own, later step.
 */
export function huntTable(o: HuntOptions): PriorityTable {
  return huntPriorityTable(o);
}

export interface HuntResolution {
  outcome: NightOutcome;
  /** The application drawn by lot, whether or not it took effect. */
  drawn: ({ hunter: number } & HuntApplication) | null;
}

/**
 * Draws the lot from the game's generator (state.rng) and runs the table; changes nothing
 * else. The cards are asked in the night's order, so the lot sees tonight's blocks
 * (HUNT-OPEN-03 b) and the heals see the drawn hunter (HUNT-OPEN-06/08).
 */
export function resolveHuntNight(state: HuntState, night: HuntNight): HuntResolution {
  const ctx: ResolveContext = { blocked: new Set(), drawn: null, visits: [] };
  const actions: NightAction[] = abilityCards().flatMap((c) => {
    const mine = c.actions(state, night, ctx);
    if (c.visits !== false) ctx.visits.push(...mine);
    return mine;
  });
  return { outcome: resolveNight(huntTable(state.options), actions), drawn: ctx.drawn };
}
