/**
 * The night's resolution (HUNT-ORDER-01): one priority table, run top to bottom. Each row is
 * a labelled action (`block`, `hunt`, `protect`, `kill`) that reads and writes one shared
 * record: who is blocked, who is protected, and the queue of deaths. Blocks, protections and
 * cancellations are decided by these labels and the queue, never by role names; the deaths
 * are applied after the whole table has run (leave.ts), so a Boss killed by the hunt still
 * blocks (HUNT-ORDER-02) and an executor the Maniac kills still shoots (HUNT-OPEN-05 a).
 */
import { nextInt } from "../../rng.js";
import type { GameState, SeatState } from "../../types.js";
import type { HuntApplication, HuntNight } from "./flow.js";
import type { HuntOptions } from "./options.js";
import { huntRole } from "./roles/index.js";
import { hasHuntRight } from "./win.js";

/** Why a seat dies tonight: the hunt's two outcomes, or a shot. */
export type DeathCause = "hunted" | "huntFailed" | "shot";

export interface NightOutcome {
  blocked: number[];
  protectedSeats: number[];
  /** The application drawn by lot, whether or not it took effect. */
  drawn: ({ hunter: number } & HuntApplication) | null;
  /** Seat → cause, in the order the table queued them. */
  deaths: Map<number, DeathCause>;
}

interface Row {
  label: "block" | "hunt" | "protect" | "kill";
  run(state: GameState, night: HuntNight, out: NightOutcome): void;
}

const opts = (state: GameState) => state.options as HuntOptions;
const seatOf = (state: GameState, n: number) => state.seats[n - 1] as SeatState;
const able = (state: GameState, n: number, ability: string) =>
  seatOf(state, n).alive &&
  (huntRole(seatOf(state, n).role)?.night.includes(ability as never) ?? false);
const queued = (out: NightOutcome, n: number) => out.deaths.has(n);

/** The one seat that holds an ability (Boss, Doctor, Maniac), if he is alive. */
function holder(state: GameState, ability: string): SeatState | undefined {
  return state.seats.find((s) => able(state, s.seat, ability));
}

/** HUNT-BOSS-05/07/08: the living Boss's block, whatever happens to him later tonight. */
const block: Row = {
  label: "block",
  run(state, night, out) {
    if (night.block !== null && holder(state, "block")) out.blocked.push(night.block);
  },
};

/** HUNT-OPEN-14: the valid applications, in seat order, so that the lot replays. */
function applications(state: GameState, night: HuntNight) {
  return Object.entries(night.hunts)
    .map(([hunter, a]) => ({ hunter: Number(hunter), ...a }))
    .filter((a) => hasHuntRight(state, seatOf(state, a.hunter)) && seatOf(state, a.target).alive)
    .sort((a, b) => a.hunter - b.hunter);
}

/**
 * HUNT-HUNT-03..09, HUNT-OPEN-03: one application drawn by lot from the game's seeded
 * generator; a right guess kills the target, a wrong one the hunter. Heals play no part.
 */
const hunt: Row = {
  label: "hunt",
  run(state, night, out) {
    const mode = opts(state).blockedHunt;
    let valid = applications(state, night);
    if (mode === "beforeDraw") valid = valid.filter((a) => !out.blocked.includes(a.hunter));
    if (valid.length === 0) return;
    const drawn = valid.length === 1 ? valid[0] : valid[nextInt(state.rng, valid.length)];
    if (!drawn) return;
    out.drawn = drawn;
    if (mode !== "unblockable" && out.blocked.includes(drawn.hunter)) return; // HUNT-BOSS-05
    const target = seatOf(state, drawn.target);
    const right = drawn.claim === "maniac" ? target.team === "maniac" : target.team === "mafia";
    if (right) out.deaths.set(target.seat, "hunted");
    else out.deaths.set(drawn.hunter, "huntFailed");
  },
};

/** HUNT-DOC-04..08, HUNT-OPEN-06/07/08: the heal protects against the shots only. */
const protect: Row = {
  label: "protect",
  run(state, night, out) {
    const doctor = holder(state, "heal");
    if (!doctor || night.heal === null || out.blocked.includes(doctor.seat)) return;
    const o = opts(state);
    const applied = String(doctor.seat) in night.hunts;
    if (o.doctorHuntForfeits === "applied" ? applied : out.drawn?.hunter === doctor.seat) return;
    const target = seatOf(state, night.heal);
    if (target.team === "maniac") return; // HUNT-DOC-08: accepted, silently no effect
    if (o.healWorksOn === "civilians" && target.team !== "town") return;
    if (!o.healHunter && out.drawn?.hunter === target.seat) return;
    out.protectedSeats.push(target.seat);
  },
};

/** A shot lands unless its target is already dead (HUNT-ORDER-03) or protected. */
function shot(out: NightOutcome, target: number): void {
  if (queued(out, target) || out.protectedSeats.includes(target)) return;
  out.deaths.set(target, "shot");
}

/** HUNT-MAN-02, HUNT-BOSS-05, HUNT-HUNT-11: the Maniac's shot. */
const maniacShot: Row = {
  label: "kill",
  run(state, night, out) {
    const maniac = holder(state, "kill");
    if (!maniac || night.kill === null) return;
    if (out.blocked.includes(maniac.seat) || queued(out, maniac.seat)) return;
    shot(out, night.kill);
  },
};

/** HUNT-MAF-02..05, HUNT-HUNT-10/16, HUNT-OPEN-04/05: the mafia's shot, never blocked. */
const mafiaShot: Row = {
  label: "kill",
  run(state, night, out) {
    if (!night.shot || !able(state, night.shot.by, "shoot")) return;
    const cause = out.deaths.get(night.shot.by);
    if (cause === "hunted") return; // the hunter hit the executor
    if (cause === "shot" && opts(state).maniacStopsExecutor) return;
    shot(out, night.shot.target);
  },
};

/** HUNT-ORDER-01: 1. Boss block, 2. civilian hunt, 3. Doctor's heal, 4. Maniac's shot, 5. mafia's shot. */
export const HUNT_PRIORITY: readonly Row[] = [block, hunt, protect, maniacShot, mafiaShot];

/** Runs the table; draws from the game's generator (state.rng), changes nothing else. */
export function resolveNight(state: GameState, night: HuntNight): NightOutcome {
  const out: NightOutcome = { blocked: [], protectedSeats: [], drawn: null, deaths: new Map() };
  for (const row of HUNT_PRIORITY) row.run(state, night, out);
  return out;
}
