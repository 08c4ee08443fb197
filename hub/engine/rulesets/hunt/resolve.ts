/**
 * The night's resolution (HUNT-ORDER-01) on the core's resolver (night/resolver.ts): the
 * night's submissions become labelled actions, and one priority table orders them. The
 * resolver decides blocks, protections, cancellations and deaths by labels alone; this file
 * only decides, by the rules and the options, which submissions take part: the lot among
 * the applications (HUNT-HUNT-03) and the heals that have no effect (HUNT-OPEN-06/07/08).
 */
import {
  type NightAction,
  type NightOutcome,
  type PriorityTable,
  resolveNight,
} from "../../night/resolver.js";
import { nextInt } from "../../rng.js";
import type { SeatState } from "../../types.js";
import type { HuntApplication, HuntNight, HuntState } from "./flow.js";
import type { HuntOptions } from "./options.js";
import { huntRole } from "./roles/index.js";
import type { HuntAbility } from "./roles/role.js";
import { hasHuntRight } from "./win.js";

/**
 * HUNT-ORDER-01: 1. Boss block, 2. civilian hunt, 3. Doctor's heal, 4. Maniac's shot,
 * 5. mafia's shot. The mafia's shot is never blocked (HUNT-OPEN-04). By HUNT-OPEN-05 (a) the
 * two shots are simultaneous (L39 «одновременного»), so the Maniac killing the executor
 * does not stop the mafia's shot; reading (b) gives the mafia's shot its own, later step.
 */
export function huntTable(o: HuntOptions): PriorityTable {
  const hunt = {
    kind: "hunt",
    label: "hunt",
    unblockable: o.blockedHunt === "unblockable",
  } as const;
  const maniac = { kind: "kill", label: "kill" } as const;
  const mafia = { kind: "shoot", label: "kill", unblockable: true } as const;
  return [
    [{ kind: "block", label: "block" }],
    [hunt],
    [{ kind: "heal", label: "protect", against: ["kill"] }],
    ...(o.maniacStopsExecutor ? [[maniac], [mafia]] : [[maniac, mafia]]),
  ];
}

export interface HuntResolution {
  outcome: NightOutcome;
  /** The application drawn by lot, whether or not it took effect. */
  drawn: ({ hunter: number } & HuntApplication) | null;
}

const seatOf = (state: HuntState, n: number) => state.seats[n - 1] as SeatState;

/** The living seat that holds an ability (the Boss, the Doctor, the Maniac). */
function holder(state: HuntState, ability: HuntAbility): SeatState | undefined {
  return state.seats.find((s) => s.alive && huntRole(s.role)?.night.includes(ability));
}

/** HUNT-OPEN-14: the valid applications, in seat order, so that the lot replays. */
function applications(state: HuntState, night: HuntNight, blocked: number | null) {
  return Object.entries(night.hunts)
    .map(([hunter, a]) => ({ hunter: Number(hunter), ...a }))
    .filter((a) => hasHuntRight(state, seatOf(state, a.hunter)) && seatOf(state, a.target).alive)
    .filter((a) => state.options.blockedHunt !== "beforeDraw" || a.hunter !== blocked) // OPEN-03 b
    .sort((a, b) => a.hunter - b.hunter);
}

/** HUNT-DOC-08, HUNT-OPEN-06/07/08: whether tonight's heal takes part at all. */
function healCounts(state: HuntState, night: HuntNight, doctor: SeatState, drawn: number | null) {
  const o = state.options;
  if (night.heal === null) return false;
  const applied = String(doctor.seat) in night.hunts;
  if (o.doctorHuntForfeits === "applied" ? applied : drawn === doctor.seat) return false;
  const target = seatOf(state, night.heal);
  if (target.team === "maniac") return false; // accepted, silently no effect
  if (o.healWorksOn === "civilians" && target.team !== "town") return false;
  return o.healHunter || drawn !== target.seat;
}

/** Draws the lot from the game's generator (state.rng) and runs the table; changes nothing else. */
export function resolveHuntNight(state: HuntState, night: HuntNight): HuntResolution {
  const actions: NightAction[] = [];
  const boss = holder(state, "block");
  const block = boss ? night.block : null; // HUNT-BOSS-07: a dead Boss blocks nobody
  if (boss && block !== null) actions.push({ kind: "block", actor: boss.seat, targets: [block] });
  const valid = applications(state, night, block);
  const drawn = valid.length > 1 ? valid[nextInt(state.rng, valid.length)] : valid[0];
  if (drawn) {
    const target = seatOf(state, drawn.target);
    // HUNT-HUNT-07..09: a right status kills the target, anything else the hunter.
    const hits = drawn.claim === "maniac" ? target.team === "maniac" : target.team === "mafia";
    actions.push({ kind: "hunt", actor: drawn.hunter, targets: [drawn.target], hits });
  }
  const doctor = holder(state, "heal");
  if (doctor && healCounts(state, night, doctor, drawn?.hunter ?? null))
    actions.push({ kind: "heal", actor: doctor.seat, targets: [night.heal as number] });
  const maniac = holder(state, "kill");
  if (maniac && night.kill !== null)
    actions.push({ kind: "kill", actor: maniac.seat, targets: [night.kill] });
  const shot = night.shot;
  if (shot && seatOf(state, shot.by).alive && seatOf(state, shot.by).team === "mafia")
    actions.push({ kind: "shoot", actor: shot.by, targets: [shot.target] });
  return { outcome: resolveNight(huntTable(state.options), actions), drawn: drawn ?? null };
}
