/**
 * The free hunt (HUNT-HUNT-01..16): a civilian with the hunt right (the Doctor too) applies
 * on another living player with the status he claims, "mafia" or "maniac"; optional. Every
 * application is kept by its hunter, and one valid application is drawn by lot from the
 * game's generator (HUNT-HUNT-03); it hits when the claim is the target's true status.
 */
import { nextInt } from "../../../rng.js";
import { HUNT_CLAIMS, type HuntClaim, type HuntNight, type HuntState } from "../flow.js";
import { hasHuntRight } from "../win.js";
import { type AbilityCard, ask, living, seatOf } from "./card.js";

/** HUNT-OPEN-14: the valid applications, in seat order, so that the lot replays. */
function applications(state: HuntState, night: HuntNight, blocked: Set<number>) {
  return Object.entries(night.hunts)
    .map(([hunter, a]) => ({ hunter: Number(hunter), ...a }))
    .filter((a) => hasHuntRight(state, seatOf(state, a.hunter)) && seatOf(state, a.target).alive)
    .filter((a) => state.options.blockedHunt !== "beforeDraw" || !blocked.has(a.hunter)) // OPEN-03 b
    .sort((a, b) => a.hunter - b.hunter);
}

export const hunt: AbilityCard = {
  id: "hunt",
  // HUNT-HUNT-02, HUNT-OPEN-14: no self-hunt; "mafia" or "maniac"
  offer: (state, seat) =>
    hasHuntRight(state, seat)
      ? ask(
          state,
          "hunt",
          living(state).filter((s) => s.seat !== seat.seat),
          HUNT_CLAIMS,
        )
      : null,
  apply(night, seat, act) {
    night.hunts[String(seat.seat)] = {
      target: act.targets[0] as number,
      claim: act.option as HuntClaim,
    };
  },
  // HUNT-HUNT-06, HUNT-OPEN-03: after the block, before everything else; (c) unblockable
  priority: (o) => ({
    step: 2,
    entry: { kind: "hunt", label: "hunt", unblockable: o.blockedHunt === "unblockable" },
  }),
  actions(state, night, ctx) {
    const valid = applications(state, night, ctx.blocked);
    const drawn = valid.length > 1 ? valid[nextInt(state.rng, valid.length)] : valid[0];
    ctx.drawn = drawn ?? null;
    if (!drawn) return [];
    const target = seatOf(state, drawn.target);
    // HUNT-HUNT-07..09: a right status kills the target, anything else the hunter.
    const hits = drawn.claim === "maniac" ? target.team === "maniac" : target.team === "mafia";
    return [{ kind: "hunt", actor: drawn.hunter, targets: [drawn.target], hits }];
  },
  // An application names its target from afar (HUNT-HUNT-02): no one is visited.
  visits: false,
  missing: () => null, // HUNT-HUNT-01: optional
  drop(night, seat) {
    delete night.hunts[String(seat)];
  },
};
