import type { RoleDef } from "../../../ruleset.js";
import type { SeatState } from "../../../types.js";

/** A night step of sport, in the order the host calls them (SPORT-NIGHT-02/06/08). */
export type SportNightStep = "mafia" | "don" | "sheriff";

/** A yes/no check: the answer comes only to the checker (SPORT-NIGHT-07/08). */
export interface CheckAbility {
  step: SportNightStep;
  /** Whether the checked seat answers "yes". Tests labels and teams, never role names. */
  test: (target: SeatState, labelsOf: (seat: SeatState) => readonly string[]) => boolean;
  yes: string;
  no: string;
}

export interface SportRole extends RoleDef {
  /** Labels other abilities test for (e.g. the Don looks for an "investigator"). */
  labels: readonly string[];
  /** Steps at which this role is woken: may be without a blindfold. */
  wakes: { zeroNight: readonly SportNightStep[]; laterNights: readonly SportNightStep[] };
  /** Takes part in the night shot (SPORT-NIGHT-02..05). */
  shoots: boolean;
  check: CheckAbility | null;
}
