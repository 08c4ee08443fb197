/**
 * The Doctor's heal (HUNT-DOC-01..08): any living player, himself included, not the one this
 * Doctor named last night; mandatory unless he applies to hunt, which forfeits it
 * (HUNT-DOC-07, HUNT-OPEN-08). It guards against both shots, never against the hunt
 * (HUNT-DOC-04..06). Each Doctor heals on his own (HUNT-MANY-01): every holder's heal
 * guards its own target, and every holder owes his (HUNT-MANY-04).
 */
import type { NightAction } from "../../../night/resolver.js";
import type { SeatState } from "../../../types.js";
import type { HuntNight, HuntState } from "../flow.js";
import { type AbilityCard, seatOf } from "./card.js";
import { choices, holds, personalCard } from "./personal.js";

/** HUNT-DOC-02, HUNT-MANY-04: a living holder who has neither healed nor applied to hunt. */
function owesHeal(night: HuntNight, seat: SeatState): boolean {
  return (
    holds(seat, "heal") &&
    !(String(seat.seat) in (night.books.heals ?? {})) &&
    !(String(seat.seat) in night.hunts)
  );
}

/** HUNT-DOC-08, HUNT-OPEN-06/07/08: whether this holder's heal takes part at all. */
function counts(state: HuntState, night: HuntNight, heal: NightAction, drawn: number | null) {
  const o = state.options;
  const doctor = heal.actor;
  const applied = String(doctor) in night.hunts;
  if (o.doctorHuntForfeits === "applied" ? applied : drawn === doctor) return false;
  const target = seatOf(state, heal.targets[0] as number);
  if (target.team === "maniac") return false; // accepted, silently no effect
  if (o.healWorksOn === "civilians" && target.team !== "town") return false;
  return o.healHunter || drawn !== target.seat;
}

export const heal: AbilityCard = {
  // HUNT-DOC-01/03: himself included; the Maniac is offered too (HUNT-OPEN-07: no effect)
  ...personalCard("heal", "heals", true),
  priority: () => ({ step: 3, entry: { kind: "heal", label: "protect", against: ["kill"] } }),
  actions: (state, night, ctx) =>
    choices(state, night, "heals", "heal").filter((h) =>
      counts(state, night, h, ctx.drawn?.hunter ?? null),
    ),
  // HUNT-DOC-02, HUNT-DOC-07: a heal or an application from every living holder
  missing: (state, night) => (state.seats.some((s) => owesHeal(night, s)) ? "heal" : null),
  owes: (_state, night, seat) => owesHeal(night, seat),
};
