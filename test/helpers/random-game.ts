/**
 * Random sport games at the engine level, for property tests and the engine benchmark.
 * The "public" player decides only from the public view, so that the same script can be
 * fed to two tables with different deals; the "informed" player lets the mafia agree on a
 * target, so that games end as real ones do.
 */
import {
  applyInPlace,
  type EngineInput,
  type GameState,
  publicView,
  type SeatAction,
  seatView,
  step,
} from "../../hub/engine/index.js";
import { T0 } from "./engine-driver.js";

export type Rand = () => number;

/** mulberry32: a tiny seeded generator for test scripts (not the engine's). */
/**
 * Plays batches of random inputs from `first` until the game ends or `o.batches` ran out,
 * `o.gapMs` at most between batches; a timer input moves the clock to its deadline.
 * `check` sees the state after every accepted input.
 */
export function playRandom(
  first: GameState,
  rand: Rand,
  next: (state: GameState, rand: Rand, at: number) => EngineInput[],
  o: { batches: number; gapMs: number },
  check?: (state: GameState) => void,
): { state: GameState; offered: EngineInput[] } {
  let state = first;
  let at = T0;
  const offered: EngineInput[] = [];
  for (let b = 0; b < o.batches && state.phase !== "ended"; b++) {
    at += 1 + Math.floor(rand() * o.gapMs);
    for (const input of next(state, rand, at)) {
      offered.push(input);
      if (input.type === "timer") at = Math.max(at, input.at);
      const r = step(state, input);
      if (!r.ok) continue;
      state = r.state;
      check?.(state);
    }
  }
  return { state, offered };
}

export function mulberry32(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: Rand, items: readonly T[]): T | undefined {
  return items[Math.floor(rand() * items.length)];
}

/**
 * The next batch of inputs for a table, chosen from its public view (and, when `informed`,
 * from the mafia's seat views). `at` is the time to stamp them with.
 */
export function nextInputs(
  state: GameState,
  rand: Rand,
  at: number,
  informed: boolean,
): EngineInput[] {
  const pub = publicView(state, at);
  const living = pub.seats.filter((s) => s.alive).map((s) => s.seat);
  const out: EngineInput[] = [];
  const seatInput = (seat: number, action: Extract<EngineInput, { type: "seat" }>["action"]) =>
    out.push({ type: "seat", at, seat, action });
  const endStep = () =>
    out.push(
      rand() < 0.5 || pub.until === null
        ? { type: "host", at, action: { cmd: "next" } }
        : { type: "timer", at: Math.max(at, pub.until) },
    );
  if (pub.phase === "setup") return [{ type: "host", at, action: { cmd: "start" } }];
  if (pub.phase === "ended") return [];
  if (rand() < 0.01 && living.length > 0) {
    out.push({
      type: "host",
      at,
      action: { cmd: "foul", seat: pick(rand, living) as number, cause: "other" },
    });
  }
  if (pub.phase === "night") {
    const choice = nightChoice(state, rand, at, informed);
    out.push(...nightAnswers(state, at, choice));
    if (pub.step === "mafia" && pub.round > 0 && rand() < 0.03 && living.length > 0) {
      seatInput(pick(rand, living) as number, { kind: "blindfold", on: false });
    }
    endStep();
    return out;
  }
  const speaker = pub.speaker;
  if (pub.step === "speech" && speaker !== null) {
    const candidates = living.filter((s) => s !== speaker && !pub.nominations.includes(s));
    const target = pick(rand, candidates);
    if (target !== undefined && rand() < 0.5)
      seatInput(speaker, { kind: "act", action: "nominate", targets: [target] });
    if (rand() < 0.7) seatInput(speaker, { kind: "pass" });
    else endStep();
    return out;
  }
  if (pub.step === "vote" || pub.step === "revote" || pub.step === "leavevote") {
    for (const s of living) {
      if (rand() < 0.25) seatInput(s, { kind: "thumb", down: true });
      else if (rand() < 0.2) seatInput(s, { kind: "thumb", down: false });
    }
    // A rare provocation: down and up inside one window.
    if (rand() < 0.02 && living.length > 0) {
      const s = pick(rand, living) as number;
      seatInput(s, { kind: "thumb", down: true });
      seatInput(s, { kind: "thumb", down: false });
    }
    endStep();
    return out;
  }
  if (speaker !== null && rand() < 0.6) seatInput(speaker, { kind: "pass" });
  else endStep();
  return out;
}

/** The mafia's common choice: a living red seat, as their seat views tell them. */
function informedTarget(state: GameState, rand: Rand): number | undefined {
  const black = state.seats.find((s) => s.alive && s.team === "mafia");
  if (!black) return undefined;
  const allies = new Set([black.seat, ...seatView(state, black.seat).allies]);
  return pick(
    rand,
    state.seats.filter((s) => s.alive && !allies.has(s.seat)).map((s) => s.seat),
  );
}

/** What the night's answerers will pick: the shooters' common target, and a target per seat. */
export interface NightChoice {
  shot: number | undefined;
  other: Record<number, number>;
}

export function nightChoice(
  state: GameState,
  rand: Rand,
  at: number,
  informed: boolean,
): NightChoice {
  const living = publicView(state, at)
    .seats.filter((s) => s.alive)
    .map((s) => s.seat);
  const target = informed ? informedTarget(state, rand) : pick(rand, living);
  const shot = target !== undefined && rand() < 0.85 ? target : undefined;
  const other: Record<number, number> = {};
  for (const s of living) {
    const t = pick(
      rand,
      living.filter((x) => x !== s),
    );
    if (t !== undefined) other[s] = t;
  }
  return { shot, other };
}

/**
 * Every living seat answers its own night prompt once, real or decoy (silent nights): the
 * shooters with the common target (or "nothing tonight", a pass), everyone else with his
 * own pick.
 */
export function nightAnswers(state: GameState, at: number, choice: NightChoice): EngineInput[] {
  const out: EngineInput[] = [];
  for (const s of state.seats) {
    const prompt = s.alive ? seatView(state, s.seat).prompt : null;
    if (!prompt) continue;
    const t = prompt.action === "shoot" ? choice.shot : choice.other[s.seat];
    const action: SeatAction =
      t === undefined ? { kind: "pass" } : { kind: "act", action: prompt.action, targets: [t] };
    out.push({ type: "seat", at, seat: s.seat, action });
  }
  return out;
}

/**
 * Replays `offered` on fresh states, by step and in place; returns both results, which a
 * deterministic engine makes equal to the state the inputs were first played to.
 */
export function replayBoth(fresh: () => GameState, offered: readonly EngineInput[]) {
  let stepped = fresh();
  for (const input of offered) {
    const r = step(stepped, input);
    if (r.ok) stepped = r.state;
  }
  const inPlace = fresh();
  for (const input of offered) applyInPlace(inPlace, input, null);
  return { stepped, inPlace };
}
