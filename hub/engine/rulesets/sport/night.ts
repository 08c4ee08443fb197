/**
 * The night: zero night's meetings (SPORT-NIGHT0-01..09), then the shot, the Don's check
 * and the Sheriff's check (SPORT-NIGHT-01..12). Every step lasts the same whatever
 * happens in it, and steps run even when the Don or Sheriff is out (SPORT-OPEN-03), so
 * that the script tells nobody anything.
 */
import { type Prompt, seatSenses } from "../../../../protocol/index.js";
import { type PriorityTable, resolveNight } from "../../night/resolver.js";
import { reject } from "../../ruleset.js";
import type { Rejection, SeatState } from "../../types.js";
import { sportOf } from "./context.js";
import { removeSeat } from "./discipline.js";
import type { NightFlow, SportGame, SportState } from "./flow.js";
import { phases } from "./phases.js";
import { sportRole } from "./roles/index.js";
import type { SportNightStep } from "./roles/role.js";

export const NIGHT_STEPS: readonly SportNightStep[] = ["mafia", "don", "sheriff"];

/** One kind of move reaches the resolver: the mafia's shot, once the shots agree. */
const SPORT_NIGHT: PriorityTable = [[{ kind: "shot", label: "kill" }]];

function newNight(): NightFlow {
  return { shots: {}, kill: null, checked: [] };
}

/** Zero night: the deal has just happened (SPORT-SETUP-04). */
export function startZeroNight(g: SportGame): void {
  const { flow, o } = sportOf(g);
  g.state.round = 0;
  flow.night = newNight();
  g.log("night.start", [], { round: 0 });
  g.enter("night", "mafia", o.mafiaMeetingSeconds);
}

/** SPORT-NIGHT-01: after the day's vote everyone puts the blindfold on. */
export function startNight(g: SportGame): void {
  const { flow, o } = sportOf(g);
  const state = g.state;
  state.round += 1;
  state.speaker = null;
  state.counting = null;
  state.ballot = [];
  state.nominations = [];
  flow.vote = null;
  flow.turns = [];
  flow.night = newNight();
  g.log("night.start", [], { round: state.round });
  g.enter("night", "mafia", o.nightStepSeconds);
}

export function endNightStep(g: SportGame): void {
  const { o } = sportOf(g);
  const state = g.state;
  sweepBlindfolds(g);
  if (state.phase === "ended") return;
  const index = NIGHT_STEPS.indexOf(state.step as SportNightStep);
  if (state.step === "mafia" && state.round > 0) {
    const { flow } = sportOf(g);
    const shots = Object.fromEntries(
      Object.entries((flow.night as NightFlow).shots).map(([k, v]) => [k, [...v]]),
    );
    flow.shotLog = [...(flow.shotLog ?? []), { round: state.round, shots }];
    resolveShot(g);
  }
  const next = NIGHT_STEPS[index + 1];
  if (next) {
    g.enter("night", next, o.nightStepSeconds);
    return;
  }
  phases().morning(g);
}

function shooters(state: SportState): SeatState[] {
  return state.seats.filter((s) => s.alive && sportRole(s.role)?.shoots);
}

/** SPORT-NIGHT-04/05, SPORT-OPEN-01/02: a kill only if every living mafioso shot once, at one seat. */
function resolveShot(g: SportGame): void {
  const { flow, o } = sportOf(g);
  const night = flow.night as NightFlow;
  const team = shooters(g.state);
  const targets = team.map((s) => night.shots[String(s.seat)] ?? []);
  const quorum = o.shotQuorum === "three" ? team.length >= 3 : team.length > 0;
  const first = targets[0]?.[0];
  const agreed =
    quorum && first !== undefined && targets.every((t) => t.length === 1 && t[0] === first);
  // SPORT-OPEN-02 (b): a shot at an eliminated seat misses, so it is no action at all.
  const actor = team[0];
  const shot =
    agreed && actor && g.seat(first).alive
      ? [{ kind: "shot", actor: actor.seat, targets: [first] }]
      : [];
  night.kill = resolveNight(SPORT_NIGHT, shot).deaths[0]?.seat ?? null;
}

export function isAwake(state: SportState, seat: SeatState): boolean {
  if (state.phase !== "night") return true;
  const role = sportRole(seat.role);
  if (!role) return false;
  const wakes = state.round === 0 ? role.wakes.zeroNight : role.wakes.laterNights;
  return wakes.includes(state.step as SportNightStep);
}

/**
 * SPORT-FOUL-15/16: taking the blindfold off at night when the step has not woken the seat
 * removes the player at once. SPORT-SENSE-01: only a blindfold sensor can tell; a seat without
 * one (a phone, whose switch is the player's word) is watched by the host's eye.
 * QUIET-BLINDFOLD-02: a paddle's night report comes up to a period after the lift, so one
 * from a seat the step before woke may tell a lift made while awake: the step's end judges
 * it (sweepBlindfolds), as it judges a blindfold left off after a wake (SPORT-NIGHT0-05).
 */
export function blindfoldAtNight(
  g: SportGame,
  seat: SeatState,
  on: boolean,
  wasOn: boolean | null,
  report: boolean,
): void {
  if (on || wasOn !== true || !seat.alive || g.state.phase !== "night") return;
  if (!seatSenses(seat, "blindfold")) return;
  if (isAwake(g.state, seat) || (report && wokenByStepBefore(g.state, seat))) return;
  removeSeat(g, seat, "peeking");
}

/** Whether the night step before the current one, in this night, woke the seat. */
function wokenByStepBefore(state: SportState, seat: SeatState): boolean {
  const before = NIGHT_STEPS[NIGHT_STEPS.indexOf(state.step as SportNightStep) - 1];
  const role = sportRole(seat.role);
  if (!before || !role) return false;
  return (state.round === 0 ? role.wakes.zeroNight : role.wakes.laterNights).includes(before);
}

/**
 * A blindfold that stays off is peeking too: a seat that was woken has the whole next step
 * to put it back on (SPORT-NIGHT0-05), and a seat whose first report at night is "off" has
 * the rest of the step. Whoever the ending step did not wake and is still without a
 * blindfold is removed. Seats that never reported the sensor, or have none (SPORT-SENSE-01),
 * are left to the host.
 */
function sweepBlindfolds(g: SportGame): void {
  for (const seat of g.state.seats) {
    if (g.state.phase !== "night") return;
    if (!seat.alive || seat.blindfoldOn !== false || !seatSenses(seat, "blindfold")) continue;
    if (!isAwake(g.state, seat)) removeSeat(g, seat, "peeking");
  }
}

export function nightPrompt(state: SportState, seat: SeatState): Prompt | null {
  if (state.phase !== "night" || !seat.alive || state.round === 0) return null;
  const o = state.options;
  const night = state.flow.night;
  const role = sportRole(seat.role);
  if (!night || !role) return null;
  const until = state.clock.until;
  if (state.step === "mafia" && role.shoots) {
    if (o.secondShot === "reject" && night.shots[String(seat.seat)]?.length) return null;
    // (b): every number but the black ones is called; a shot at an eliminated seat misses.
    const targets =
      o.shotTargets === "living"
        ? state.seats.filter((s) => s.alive)
        : state.seats.filter((s) => s.team !== "mafia");
    return {
      action: "shoot",
      targets: targets.map((s) => s.seat),
      min: 1,
      max: 1,
      options: [],
      until,
    };
  }
  if (role.check && role.check.step === state.step && !night.checked.includes(seat.seat)) {
    if (!o.shotStillChecks && night.kill === seat.seat) return null;
    const targets = state.seats.filter((s) => s.alive && s.seat !== seat.seat).map((s) => s.seat);
    return { action: "check", targets, min: 1, max: 1, options: [], until };
  }
  return null;
}

export function shoot(g: SportGame, seat: SeatState, target: number): Rejection | null {
  const night = sportOf(g).flow.night as NightFlow;
  const key = String(seat.seat);
  night.shots[key] = [...(night.shots[key] ?? []), target];
  g.signal(seat.seat, { haptic: "short" });
  return null;
}

/** SPORT-NIGHT-07/08/11/12: the answer reaches only the checker's own view. */
export function check(g: SportGame, seat: SeatState, target: number): Rejection | null {
  const role = sportRole(seat.role);
  const night = sportOf(g).flow.night as NightFlow;
  if (!role?.check) return reject("not_your_turn");
  const checked = g.seat(target);
  const labelsOf = (s: SeatState) => sportRole(s.role)?.labels ?? [];
  const yes = role.check.test(checked, labelsOf);
  night.checked.push(seat.seat);
  seat.results.push({
    night: g.state.round,
    key: yes ? role.check.yes : role.check.no,
    seats: [target],
  });
  g.signal(seat.seat, { haptic: yes ? "double" : "triple" });
  return null;
}
