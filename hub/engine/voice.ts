/**
 * Who is speaking (issue 26), the engine's side: a seat's voice input is a sensor fact
 * like a thumb edge, heard only where the table's `voice` option is on and from a seat that
 * declared the `mic` capability. Generic: the core handles it, no ruleset sees it.
 *
 * Levels wait in `tracks` until they settle (SETTLE_MS behind the newest input: the other
 * seats' levels for the same windows may still be on their way), then attribution.ts says
 * who spoke. A run by a seat whose turn it is not becomes a candidate for the judge, never
 * a foul: the host confirms it (a `foul` with the cause the ruleset's manifest gives the
 * candidate's kind, `voiceCauses`: sport's `out_of_turn`) or dismisses it. Which steps have a
 * speaker and which are night is the manifest's step kinds: the core names no ruleset's
 * steps or causes.
 * Windows settle at the next input of any kind, or at the voice deadline (voiceDeadline):
 * in a silent room no input may follow the end of a speech, so the hub arms a timer for it,
 * journaled like a step's timer, and replay stays pure.
 */

import { type RulesetManifest, stepKind, voiceCause } from "../../protocol/index.js";
import {
  ATTRIBUTION,
  advance,
  counts,
  forgetBefore,
  loudestAt,
  placeLevels,
  type Run,
  WINDOW_MS,
} from "./attribution.js";
import { type Game, reject } from "./ruleset.js";
import type { GameState, Rejection, SeatState } from "./types.js";
import type { Turn, VoiceCandidate, VoiceState } from "./voice-state.js";

export type { Turn, VoiceCandidate, VoiceState };

export type VoiceAction = { kind: "voice"; on: boolean; levels: number[] };

/** How far behind the newest input windows are attributed (a seat sends every 500 ms). */
export const SETTLE_MS = 1000;

export function voiceOn(options: Record<string, unknown>): boolean {
  return options.voice === true;
}

/** Checks a voice input; null when it is heard. */
export function refuseVoice(g: Game, seat: SeatState): Rejection | null {
  const state = g.state;
  if (!voiceOn(state.options)) return reject("wrong_step", "voice is off at this table");
  if (!seat.caps.includes("mic")) return reject("wrong_step", "this seat declared no microphone");
  if (state.phase === "setup") return reject("game_not_started");
  if (state.phase === "ended") return reject("game_over");
  return null;
}

function voiceOf(state: GameState): VoiceState {
  state.voice ??= {
    tracks: {},
    settled: 0,
    run: null,
    runCandidate: null,
    speaking: null,
    turns: [],
    candidates: [],
  };
  return state.voice;
}

/** A voice input: refused, or heard (its levels wait to be attributed). */
export function hearVoice(g: Game, seat: SeatState, action: VoiceAction): Rejection | null {
  const refused = refuseVoice(g, seat);
  if (refused) return refused;
  const voice = voiceOf(g.state);
  const first = Math.round(g.at / WINDOW_MS) - action.levels.length;
  if (voice.settled === 0) voice.settled = first;
  placeLevels(voice.tracks, seat.seat, g.at, action.levels);
  return null;
}

/**
 * After every accepted input (step.ts): notes whose turn it is and attributes the windows
 * that have settled by the input's time. Nothing happens at a table without voice.
 */
export function afterInput(state: GameState, at: number, manifest: RulesetManifest): void {
  if (!voiceOn(state.options) || state.phase === "setup") return;
  const voice = voiceOf(state);
  const last = voice.turns[voice.turns.length - 1];
  const kind = stepKind(manifest, state.step);
  const speaker = kind === "speaking" ? state.speaker : null;
  if (!last || last.step !== state.step || last.speaker !== speaker) {
    voice.turns.push({ at, step: state.step, kind, speaker });
  }
  if (voice.settled === 0) return;
  const until = Math.floor((at - SETTLE_MS) / WINDOW_MS);
  for (let slot = voice.settled; slot < until; slot++) settle(state, voice, slot);
  if (until > voice.settled) voice.settled = until;
  prune(voice);
}

/**
 * When the newest heard window will have settled and the open run ended (its seat silent for
 * maxGap + 1 windows): the hub's timer input then settles them, or null with nothing pending.
 * Without it the end of a speech waited for the next input of any kind: a short remark in a
 * quiet room raised its candidate only when someone next spoke or pressed.
 */
export function voiceDeadline(state: GameState): number | null {
  const voice = state.voice;
  if (!voice || voice.settled === 0 || !voiceOn(state.options)) return null;
  if (state.phase === "setup" || state.phase === "ended") return null;
  let last = voice.run ? voice.run.to + ATTRIBUTION.maxGap : -1;
  for (const track of Object.values(voice.tracks)) {
    for (const slot of Object.keys(track)) last = Math.max(last, Number(slot));
  }
  if (last < voice.settled) return null;
  return (last + 1) * WINDOW_MS + SETTLE_MS;
}

function settle(state: GameState, voice: VoiceState, slot: number): void {
  const next = advance(voice.run, loudestAt(voice.tracks, slot), slot);
  if (next.run?.from !== voice.run?.from || next.run?.seat !== voice.run?.seat) {
    voice.runCandidate = null;
  }
  voice.run = next.run;
  for (const track of Object.values(voice.tracks)) delete track[slot];
  const run = voice.run;
  voice.speaking = run && counts(run) ? run.seat : null;
  if (run && counts(run)) judge(state, voice, run);
}

/**
 * Raises or stretches the open run's candidates: one for each stretch of its windows with
 * the same offence, once the stretch lasts the minimum a run needs. One run can span turns
 * (talk in seat 1's speech, on through his own, on after it ended; from the night into the
 * day): each part is its own candidate, of its own kind and length, and his own speech is in
 * none; a part shorter than the minimum is a hand-over's edge (the next speaker starting
 * as the judge clicks), not talk out of turn. The turns a settled window falls in are
 * recorded already (a turn is noted at its input, windows settle SETTLE_MS later), so the
 * earlier parts never change: only the last one grows, or a new one follows it.
 */
function judge(state: GameState, voice: VoiceState, run: Run): void {
  const parts: { kind: VoiceCandidate["kind"]; during: number | null; from: number; to: number }[] =
    [];
  for (let slot = run.from; slot < run.to; slot++) {
    const offence = offenceAt(voice.turns, run.seat, slot * WINDOW_MS);
    const last = parts[parts.length - 1];
    if (!offence) continue;
    if (last && last.to === slot && last.kind === offence.kind && last.during === offence.during)
      last.to = slot + 1;
    else parts.push({ ...offence, from: slot, to: slot + 1 });
  }
  const ours = voice.runCandidate === null ? [] : voice.candidates.slice(voice.runCandidate - 1);
  const long = parts.filter((p) => p.to - p.from >= ATTRIBUTION.minWindows);
  long.forEach((part, i) => {
    const known = ours[i];
    if (known) {
      known.to = part.to * WINDOW_MS;
      return;
    }
    const id = voice.candidates.length + 1;
    voice.candidates.push({
      id,
      seat: run.seat,
      kind: part.kind,
      during: part.during,
      from: part.from * WINDOW_MS,
      to: part.to * WINDOW_MS,
      round: state.round,
      status: "open",
    });
    voice.runCandidate ??= id;
  });
}

function offenceAt(turns: Turn[], seat: number, at: number) {
  let i = turns.length - 1;
  while (i > 0 && (turns[i] as Turn).at > at) i--;
  const turn = turns[i];
  if (!turn) return null;
  if (turn.kind === "night") return { kind: "night" as const, during: null };
  if (turn.kind !== "speaking" || turn.speaker === null || turn.speaker === seat) return null;
  const before = turns[i - 1];
  if (before?.speaker === seat) return { kind: "overtime" as const, during: turn.speaker };
  return { kind: "turn" as const, during: turn.speaker };
}

/** Keeps the levels and turns a pending window may still need, and the last turn. */
function prune(voice: VoiceState): void {
  forgetBefore(voice.tracks, voice.settled);
  const oldest = (voice.run?.from ?? voice.settled) * WINDOW_MS;
  while (voice.turns.length > 2 && (voice.turns[1] as Turn).at <= oldest - 60_000) {
    voice.turns.shift();
  }
}

/**
 * The candidate a host's foul confirms: the one it names (which must be this seat's, open,
 * and of a kind the foul's cause confirms in the ruleset's manifest: else a rejection,
 * checked before the foul is given), or the seat's newest open one whose kind the cause
 * confirms; null when it confirms none.
 */
export function findCandidate(
  state: GameState,
  manifest: RulesetManifest,
  seat: number,
  cause: string | undefined,
  id: number | undefined,
): VoiceCandidate | Rejection | null {
  const all = state.voice?.candidates ?? [];
  const confirms = (c: VoiceCandidate) =>
    cause !== undefined && voiceCause(manifest, c.kind) === cause;
  if (id !== undefined) {
    const c = all.find((x) => x.id === id);
    if (!c || c.seat !== seat)
      return reject("wrong_step", `no voice candidate ${id} for seat ${seat}`);
    if (c.status !== "open") return reject("wrong_step", `candidate ${id} is already ${c.status}`);
    if (!confirms(c)) {
      const wanted = voiceCause(manifest, c.kind);
      const why = wanted ? `only a foul with cause ${wanted}` : "no foul of this ruleset";
      return reject("wrong_step", `${why} confirms candidate ${id} (${c.kind})`);
    }
    return c;
  }
  const open = all.filter((c) => c.seat === seat && c.status === "open" && confirms(c));
  return open[open.length - 1] ?? null;
}

/** The host's `dismiss`: the candidate stays in the record, marked dismissed. */
export function dismissCandidate(state: GameState, id: number): Rejection | null {
  const c = state.voice?.candidates.find((x) => x.id === id);
  if (!c) return reject("wrong_step", "no such voice candidate");
  if (c.status !== "open") return reject("wrong_step", `candidate ${id} is already ${c.status}`);
  c.status = "dismissed";
  return null;
}
