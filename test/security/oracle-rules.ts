/**
 * What each ruleset lets the public see before the end, for the secrecy oracle: its role
 * ids and private result keys (which must not appear), which status a dead seat may show,
 * and how to erase tonight's choices from a state. Written from RULES.md, not from the
 * rulesets' code, so that the oracle judges the code instead of repeating it.
 */
import type { GameState, SeatState } from "../../hub/engine/index.js";
import { HUNT_ROLES } from "../../hub/engine/rulesets/hunt/roles/index.js";
import { SPORT_ROLES } from "../../hub/engine/rulesets/sport/roles/index.js";

export interface OracleRules {
  roleIds: readonly string[];
  resultKeys: readonly string[];
  /** Whether the public may show `shown` for this seat before the end. */
  mayShow(state: Pick<GameState, "options">, seat: SeatState, shown: string): boolean;
  /** Tonight's choices replaced by an empty night of the same shape. */
  emptyNight(): unknown;
  /** Announcements made at night that are not about anyone's choice. */
  nightAnnouncements: readonly string[];
}

const COMMON_NIGHT = ["night.start", "removed", "game.paused", "game.resumed"];

const sport: OracleRules = {
  roleIds: Object.keys(SPORT_ROLES),
  resultKeys: Object.values(SPORT_ROLES).flatMap((r) => (r.check ? [r.check.yes, r.check.no] : [])),
  // SPORT-OPEN-12: the exact role of an eliminated player, only with revealOnElimination.
  mayShow: (state, seat, shown) =>
    state.options.revealOnElimination === true && !seat.alive && shown === seat.role,
  emptyNight: () => ({ shots: {}, kill: null, checked: [] }),
  nightAnnouncements: [...COMMON_NIGHT, "foul", "foul.silenced"],
};

/**
 * HUNT-REVEAL-06..09, HUNT-OPEN-11: a dead seat shows "civilian" or "mafia" by its team, the
 * Maniac "civilian" unless the hunt killed him ("maniac"); with nightReveal "role", a night
 * death's exact role (the Maniac still "civilian" unless hunted).
 */
const hunt: OracleRules = {
  roleIds: Object.keys(HUNT_ROLES),
  resultKeys: [],
  mayShow(state, seat, shown) {
    if (seat.alive) return false;
    const maniac = seat.team === "maniac";
    if (shown === "maniac") return maniac && seat.out === "hunted";
    if (shown === "civilian") return seat.team === "town" || (maniac && seat.out !== "hunted");
    if (shown === "mafia") return seat.team === "mafia";
    return state.options.nightReveal === "role" && seat.out !== "voted" && shown === seat.role;
  },
  emptyNight: () => ({
    books: {},
    proposals: {},
    shot: null,
    hunts: {},
    answered: {},
  }),
  // The night's timer running out without the mandatory moves says nothing of who.
  nightAnnouncements: [...COMMON_NIGHT, "night.waiting"],
};

export function oracleRules(ruleset: string): OracleRules {
  if (ruleset === "hunt") return hunt;
  if (ruleset === "sport") return sport;
  throw new Error(`the secrecy oracle knows no rules for "${ruleset}"`);
}
