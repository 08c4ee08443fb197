/**
 * What the block, the Maniac's kill and the heal share: each holder's own choice, kept by his
 * seat (HUNT-MANY-01/02), and his own name of last night, which he may not repeat
 * (HUNT-OPEN-09, HUNT-MANY-03). The mafia's shot is not one of them: it is the team's.
 */
import type { NightAction } from "../../../night/resolver.js";
import type { SeatState } from "../../../types.js";
import type { HuntNight, HuntState, PersonalBook } from "../flow.js";
import { huntRole } from "../roles/index.js";
import { type AbilityCard, ask, type HuntAbility, type HuntAct, living, seatOf } from "./card.js";

/** Whether the seat, alive, holds the ability by its role. */
export function holds(seat: SeatState, ability: HuntAbility): boolean {
  return seat.alive && (huntRole(seat.role)?.night.includes(ability) ?? false);
}

/** The name this holder gave last night (HUNT-OPEN-09: whether or not it took effect). */
export function lastNamed(state: HuntState, book: PersonalBook, seat: SeatState): number | null {
  return state.flow.last[book]?.[String(seat.seat)] ?? null;
}

export function keep(night: HuntNight, book: PersonalBook, seat: SeatState, act: HuntAct): void {
  night.books[book] = { ...night.books[book], [String(seat.seat)]: act.targets[0] as number };
}

/** A leaving seat's answer out of one book. */
export function forget(night: HuntNight, book: PersonalBook, seat: number): void {
  const kept = night.books[book];
  if (kept) delete kept[String(seat)];
}

/**
 * Tonight's choices in one book as resolver actions, in seat order: only a living holder's
 * count (HUNT-BOSS-07: a dead Boss blocks nobody; a seat that lost the role acts no more).
 */
export function choices(
  state: HuntState,
  night: HuntNight,
  book: PersonalBook,
  ability: HuntAbility,
): NightAction[] {
  return Object.entries(night.books[book] ?? {})
    .map(([actor, target]) => ({ kind: ability, actor: Number(actor), targets: [target] }))
    .filter((a) => holds(seatOf(state, a.actor), ability))
    .sort((a, b) => a.actor - b.actor);
}

/**
 * The part of a card whose holder names one living seat a night in his own `book`: offered
 * every living seat but his own name of last night (and himself unless `self`), kept by his
 * seat, dropped when he leaves.
 */
export function personalCard(
  ability: HuntAbility,
  book: PersonalBook,
  self: boolean,
): Pick<AbilityCard, "id" | "offer" | "apply" | "drop"> {
  return {
    id: ability,
    offer: (state, seat) =>
      ask(
        state,
        ability,
        living(state).filter(
          (s) => (self || s.seat !== seat.seat) && s.seat !== lastNamed(state, book, seat),
        ),
      ),
    apply: (night, seat, act) => keep(night, book, seat, act),
    drop: (night, seat) => forget(night, book, seat),
  };
}
