/**
 * The mafia's shot (HUNT-MAF-01..05): one team move, not one per holder. Each mafioso, the
 * Boss included (HUNT-OPEN-04), proposes a living non-mafioso, the others see it; the last
 * `shoot` sent is the mafia's shot and its sender the executor. Mandatory (HUNT-MAF-02),
 * never blocked, and cancelled only if the executor is dead by then.
 */
import { type AbilityCard, ask, living, seatOf } from "./card.js";
import { holds } from "./personal.js";

export const shoot: AbilityCard = {
  id: "shoot",
  // HUNT-MAF-03: one victim; the mafia know each other (HUNT-SETUP-06)
  offer: (state) =>
    ask(
      state,
      "shoot",
      living(state).filter((s) => s.team !== "mafia"),
    ),
  apply(night, seat, act) {
    const target = act.targets[0] as number;
    night.proposals[String(seat.seat)] = target;
    night.shot = { by: seat.seat, target };
  },
  // HUNT-OPEN-05: (a) with the Maniac's shot, simultaneous; (b) a step of its own, after his.
  priority: (o) => ({
    step: o.maniacStopsExecutor ? 5 : 4,
    entry: { kind: "shoot", label: "kill", unblockable: true },
  }),
  actions(state, night) {
    const shot = night.shot;
    if (!shot) return [];
    const executor = seatOf(state, shot.by);
    if (!executor.alive || executor.team !== "mafia") return [];
    return [{ kind: "shoot", actor: shot.by, targets: [shot.target] }];
  },
  missing: (state, night) =>
    night.shot === null && state.seats.some((s) => holds(s, "shoot")) ? "shoot" : null,
  // HUNT-MAF-02: the team's shot; once one mafioso gave it, the others may decline theirs.
  owes: (_state, night, seat) => night.shot === null && holds(seat, "shoot"),
  drop(night, seat) {
    delete night.proposals[String(seat)];
    // HUNT-OPEN-13: the executor must be a living mafioso; the others must send the shot again.
    if (night.shot?.by === seat) night.shot = null;
  },
};
