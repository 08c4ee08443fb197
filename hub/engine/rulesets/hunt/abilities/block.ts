/**
 * The Boss's block (HUNT-BOSS-01..08): one living player, any of them, not the one this Boss
 * named last night; optional. It resolves first and cancels the blocked seat's later moves,
 * never the mafia's shot (HUNT-BOSS-05, HUNT-OPEN-04). Each Boss blocks on his own
 * (HUNT-MANY-01).
 */
import type { AbilityCard } from "./card.js";
import { choices, personalCard } from "./personal.js";

export const block: AbilityCard = {
  // HUNT-BOSS-02/04, HUNT-OPEN-09: himself included (a block on a seat without a move does nothing).
  ...personalCard("block", "blocks", true),
  priority: () => ({ step: 1, entry: { kind: "block", label: "block" } }),
  actions(state, night, ctx) {
    const blocks = choices(state, night, "blocks", "block");
    for (const b of blocks) for (const t of b.targets) ctx.blocked.add(t);
    return blocks;
  },
  missing: () => null, // HUNT-BOSS-03: he may skip it
};
