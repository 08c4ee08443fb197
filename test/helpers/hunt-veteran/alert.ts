/**
 * The veteran's "alert" as one hunt ability card (issue 23, HUNT-TOY-01..04): the holder
 * names himself; that night whoever visits him (blocks, heals, kills or shoots him) dies,
 * and the kills aimed at him miss. It resolves after every built-in card, so it sees their
 * visits (ResolveContext.visits) without naming the abilities that make them.
 */
import type { NightAction } from "../../../hub/engine/night/resolver.js";
import { type AbilityCard, ask } from "../../../hub/engine/rulesets/hunt/abilities/card.js";
import { choices, forget, keep } from "../../../hub/engine/rulesets/hunt/abilities/personal.js";

const BOOK = "alerts";

export const alert: AbilityCard = {
  id: "alert",
  // HUNT-TOY-01: on himself only; optional, any night.
  offer: (state, seat) => ask(state, "alert", [seat]),
  apply: (night, seat, act) => keep(night, BOOK, seat, act),
  priority: () => [
    // HUNT-TOY-03: with the block, so a block on him cannot stop the alert (a block cancels
    // later steps only), and before every kill.
    { step: 1, entry: { kind: "alert", label: "protect", against: ["kill"] } },
    // HUNT-TOY-02/04: after the night's other moves, and not blockable.
    { step: 9, entry: { kind: "alert-strike", label: "kill", unblockable: true } },
  ],
  actions(state, night, ctx) {
    const alerts = choices(state, night, BOOK, "alert");
    const strikes: NightAction[] = alerts.flatMap((a) => {
      const visitors = ctx.visits
        .filter((v) => v.actor !== a.actor && v.targets.includes(a.actor))
        .map((v) => v.actor);
      const each = [...new Set(visitors)].sort((x, y) => x - y);
      return each.length > 0 ? [{ kind: "alert-strike", actor: a.actor, targets: each }] : [];
    });
    return [...alerts, ...strikes];
  },
  missing: () => null, // HUNT-TOY-01: optional
  drop: (night, seat) => forget(night, BOOK, seat),
};
