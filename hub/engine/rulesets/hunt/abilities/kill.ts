/**
 * The Maniac's shot (HUNT-MAN-01..04): any other living player, not the one this Maniac
 * named last night; optional. Blockable; by HUNT-OPEN-05 (a) simultaneous with the mafia's
 * shot. Each Maniac shoots on his own (HUNT-MANY-01).
 */
import { type AbilityCard, ask, living } from "./card.js";
import { choices, forget, keep, lastNamed } from "./personal.js";

export const kill: AbilityCard = {
  id: "kill",
  // HUNT-MAN-02/04, HUNT-MANY-03: not himself, not his own name of last night
  offer: (state, seat) =>
    ask(
      state,
      "kill",
      living(state).filter(
        (s) => s.seat !== seat.seat && s.seat !== lastNamed(state, "kills", seat),
      ),
    ),
  apply: (night, seat, act) => keep(night, "kills", seat, act),
  priority: () => ({ step: 4, entry: { kind: "kill", label: "kill" } }),
  actions: (state, night) => choices(state, night, "kills", "kill"),
  missing: () => null, // HUNT-MAN-02: optional
  drop: (night, seat) => forget(night, "kills", seat),
};
