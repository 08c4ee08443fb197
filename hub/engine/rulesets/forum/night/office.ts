/**
 * The mafia's office: who may send the murder (FORUM-KILL-02, FORUM-BOSS-01..04) and how it
 * passes on (FORUM-OPEN-09 (a)). The holder may name an heir for his death, or hand the
 * office over at once; a handover lasts until handed on again, and the new holder keeps his
 * own role's abilities. When the holder dies (disqualification counts as death), the heir
 * takes over if alive, else a living mafioso other than the Spion drawn by lot, else the Spion
 * (option `succession` gives the catalog's other readings).
 */
import { nextInt, type RngState } from "../../../rng.js";
import {
  type ForumNight,
  isMafia,
  type NightSeat,
  type NightView,
  rulesOf,
  seatOf,
} from "./state.js";

/** `successor`'s options: name the heir for one's death, or hand the office over now. */
export const SUCCESSOR_OPTIONS = ["heir", "handover"] as const;
export type SuccessorOption = (typeof SUCCESSOR_OPTIONS)[number];

export function holdsOffice(night: ForumNight, seat: number): boolean {
  return night.office.holder === seat;
}

/**
 * Whom the holder may name: the living mafiosi he knows (FORUM-SETUP-10). The Spion is never
 * offered, so that an accepted or refused name tells the holder nothing about him
 * (FORUM-SPY-01).
 */
export function successorTargets(view: NightView, holder: NightSeat): number[] {
  const known = (s: NightSeat) => view.role(s.role)?.knownToTeam === true;
  return view.seats
    .filter((s) => s.alive && s.seat !== holder.seat && isMafia(s) && known(s))
    .map((s) => s.seat);
}

/**
 * Passes the office on if its holder is dead; call after every death (the night's, the
 * lynch's, the Terrorist's, a disqualification). Draws from `rng` only when it must choose.
 * Returns the new holder, or null if the office did not move.
 */
export function passOffice(view: NightView, night: ForumNight, rng: RngState): number | null {
  const office = night.office;
  if (office.heir !== null && !seatOf(view, office.heir).alive) office.heir = null;
  if (office.holder === null || seatOf(view, office.holder).alive) return null;
  const living = view.seats.filter((s) => s.alive && isMafia(s));
  const known = living.filter((s) => view.role(s.role)?.knownToTeam === true);
  const { succession } = rulesOf(view);
  const draw = (from: NightSeat[]) =>
    from.length > 0 ? (from[nextInt(rng, from.length)] as NightSeat).seat : null;
  let next: number | null = office.heir;
  if (next === null && succession !== "none") next = draw(known);
  if (next === null && succession === "lot") next = draw(living);
  office.holder = next;
  office.heir = null;
  return next;
}

/** Applies an accepted `successor`: names the heir, or hands the office over now. */
export function nameSuccessor(night: ForumNight, target: number, option: SuccessorOption): void {
  if (option === "heir") {
    night.office.heir = target;
    return;
  }
  // The new holder names his own heir; the old one's choice was for the old holder's death.
  night.office.holder = target;
  night.office.heir = null;
}
