/**
 * A night ability as one card (issue 23, after UltiMafia's ability cards): what it offers a
 * holder, how an answer goes into tonight's book, its entry in the priority table
 * (HUNT-ORDER-01), what it contributes to the mandatory moves (HUNT-OPEN-13), and what a
 * seat leaving takes out of the book. night.ts, leave.ts and resolve.ts only run the
 * cards, so a second holder of an ability is asked and resolved like the first
 * (HUNT-MANY-01): nothing here looks for "the" holder.
 */
import type { Prompt } from "../../../../../protocol/index.js";
import type { NightAction, PriorityEntry } from "../../../night/resolver.js";
import type { SeatAction, SeatState } from "../../../types.js";
import type { HuntApplication, HuntNight, HuntState } from "../flow.js";
import type { HuntOptions } from "../options.js";

/**
 * An ability's id, the prompt's `action`: the built-in block, shoot, kill, heal and hunt, or
 * a registered card's (abilities/index.ts), so the type is any string.
 */
export type HuntAbility = string;

export type HuntAct = Extract<SeatAction, { kind: "act" }>;

/** What the resolution has decided so far, for the cards later in the night's order. */
export interface ResolveContext {
  /** Seats some block names tonight (HUNT-OPEN-03 b drops their applications before the lot). */
  blocked: Set<number>;
  /** The application drawn by lot (HUNT-HUNT-03), once the hunt's card has drawn it. */
  drawn: ({ hunter: number } & HuntApplication) | null;
  /**
   * The actions of the cards before this one that visit their targets (every card but one
   * that says `visits: false`), so a later card may answer a visit without naming the
   * abilities that make one.
   */
  visits: NightAction[];
}

/** A card's row in the priority table (HUNT-ORDER-01) and the step it resolves at. */
export interface Placement {
  step: number;
  entry: PriorityEntry;
}

export interface AbilityCard {
  id: HuntAbility;
  /** The prompt a living holder gets tonight, or null when he may not use it now. */
  offer(state: HuntState, seat: SeatState): Prompt | null;
  /** An answer already checked against the offer, written into tonight's book. */
  apply(night: HuntNight, seat: SeatState, act: HuntAct): void;
  /**
   * Its place in the night's order (HUNT-ORDER-01): cards with the same `step` resolve
   * together; `entry` is its row in the core's priority table (its label and kind). A card
   * whose actions are of more than one kind gives a row for each.
   */
  priority(o: HuntOptions): Placement | readonly Placement[];
  /** False for a move that names a seat without going to it (the hunt's application). */
  visits?: boolean;
  /** Tonight's book as labelled actions for the resolver, in seat order. */
  actions(state: HuntState, night: HuntNight, ctx: ResolveContext): NightAction[];
  /** The mandatory move the night still lacks (HUNT-OPEN-13), or null. */
  missing(state: HuntState, night: HuntNight): string | null;
  /**
   * Whether this seat's move is one the night still waits for (left out: never). With silent
   * nights such a prompt may not be declined with "nothing" (`mayDecline`, hunt/index.ts).
   */
  owes?(state: HuntState, night: HuntNight, seat: SeatState): boolean;
  /** A seat leaving the game takes its answer out of tonight's book. */
  drop(night: HuntNight, seat: number): void;
}

export const living = (state: HuntState): SeatState[] => state.seats.filter((s) => s.alive);

export const seatOf = (state: HuntState, n: number) => state.seats[n - 1] as SeatState;

/** A one-target prompt for this ability, until the night's clock ends. */
export function ask(
  state: HuntState,
  action: HuntAbility,
  targets: readonly SeatState[],
  options: readonly string[] = [],
): Prompt {
  return {
    action,
    targets: targets.map((s) => s.seat),
    min: 1,
    max: 1,
    options: [...options],
    until: state.clock.until,
  };
}
