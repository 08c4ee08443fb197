/**
 * The day: the morning announcement (SPORT-DAY-01), the speeches in rotating seat order
 * (SPORT-DAY-02/04, SPORT-OPEN-11), nominations (SPORT-NOM-01..06, SPORT-OPEN-08), and the
 * decision whether a vote is held.
 */
import type { Prompt } from "../../../../protocol/index.js";
import type { Rejection, SeatState } from "../../types.js";
import { sportOf } from "./context.js";
import { checkWin, markOut } from "./discipline.js";
import type { SportGame, SportState, Turn } from "./flow.js";
import { startNight } from "./night.js";
import { startTurns } from "./speaking.js";
import { startVote } from "./vote.js";

/** After the Sheriff's step: the night's result, then the last word or the speeches. */
export function morning(g: SportGame): void {
  const { flow, o } = sportOf(g);
  const state = g.state;
  const kill = flow.night?.kill ?? null;
  flow.night = null;
  state.speaker = null;
  g.enter("day", "morning", null);
  const victim = kill === null ? null : g.seat(kill);
  if (victim?.alive) {
    markOut(g, victim, "killed");
    g.log("morning.killed", [victim.seat], { round: state.round });
    if (checkWin(g)) return;
    startTurns(
      g,
      [{ seat: victim.seat, step: "lastword", seconds: o.lastWordNightSeconds }],
      "speeches",
    );
    return;
  }
  g.log(state.round === 0 ? "morning" : "morning.peaceful", [], { round: state.round });
  startSpeeches(g);
}

/** The next living seat after `seat`, wrapping N → 1. */
function nextLiving(state: SportState, seat: number): number | null {
  const n = state.seats.length;
  for (let k = 1; k <= n; k++) {
    const candidate = ((seat - 1 + k) % n) + 1;
    if (state.seats[candidate - 1]?.alive) return candidate;
  }
  return null;
}

export function isSilenced(state: SportState, seat: number): boolean {
  return state.flow.silenced[String(seat)] === state.round;
}

export function startSpeeches(g: SportGame): void {
  const { flow, o } = sportOf(g);
  const state = g.state;
  state.nominations = [];
  flow.nominators = {};
  state.tally = {};
  state.ballot = [];
  state.counting = null;
  // Day 0 starts with seat 1 (the first living one); each later day one seat further on.
  const first =
    flow.firstSpeaker === null
      ? nextLiving(state, state.seats.length)
      : nextLiving(state, flow.firstSpeaker);
  if (first === null) return;
  flow.firstSpeaker = first;
  const turns: Turn[] = [];
  for (let k = 0; k < state.seats.length; k++) {
    const seat = ((first - 1 + k) % state.seats.length) + 1;
    if (!state.seats[seat - 1]?.alive) continue;
    turns.push({ seat, step: "speech", seconds: o.speechSeconds });
  }
  g.log("day.start", [first], { round: state.round });
  startTurns(g, turns, "nominees");
}

/** SPORT-NOM-03..06: when everyone has spoken, the nominees are announced in order. */
export function announceNominees(g: SportGame): void {
  const state = g.state;
  const nominees = [...state.nominations];
  g.log("vote.nominees", nominees, { count: nominees.length });
  if (nominees.length === 0) {
    g.log("vote.none", [], {});
    startNight(g);
    return;
  }
  if (state.round === 0 && nominees.length === 1) {
    g.log("vote.skipped", nominees, {});
    startNight(g);
    return;
  }
  startVote(g, "main", nominees, []);
}

export function nominationPrompt(state: SportState, seat: SeatState): Prompt | null {
  const o = state.options;
  const flow = state.flow;
  if (state.phase !== "day" || state.step !== "speech" || state.speaker !== seat.seat) return null;
  if (flow.nominatedThisTurn >= o.nominationsPerSpeech) return null;
  const targets = state.seats
    .filter(
      (s) =>
        s.alive &&
        !state.nominations.includes(s.seat) &&
        (o.selfNomination || s.seat !== seat.seat),
    )
    .map((s) => s.seat);
  if (targets.length === 0) return null;
  return { action: "nominate", targets, min: 1, max: 1, options: [], until: state.clock.until };
}

export function nominate(g: SportGame, seat: SeatState, target: number): Rejection | null {
  const { flow } = sportOf(g);
  g.state.nominations.push(target);
  flow.nominators[String(target)] = seat.seat;
  flow.nominatedThisTurn += 1;
  g.log("nomination", [seat.seat, target], {});
  g.signal(seat.seat, { haptic: "short" });
  return null;
}
