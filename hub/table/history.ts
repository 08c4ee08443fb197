/**
 * A game's history with the host's corrections (`undo`). Pure: no I/O, no clock. The live
 * table and the replay at start-up both compute the state with replayHistory(), so a journal
 * with undo records replays to exactly the state that was played.
 *
 * An undo record names the record it takes back (`undoes: n`); nothing is ever deleted from
 * the journal. Taking back record M means: the state is rebuilt as it was just before M; the
 * records between M and the undo are applied again in order, except those already taken back
 * and those that no longer apply to the corrected game (a timer whose step is now another, a
 * vote in a window that is not open), which are skipped; then the undo itself is applied,
 * which announces the correction and pauses a running game so that no step ends while the
 * host puts the right thing in. Only a seat's input and a host's command can be taken back;
 * presence, timers and other undos cannot.
 */

import { ERROR_MESSAGES } from "../../protocol/index.js";
import {
  applyInPlace,
  type Effect,
  type EngineInput,
  type GameState,
  type Rejection,
} from "../engine/index.js";
import type { InputSource } from "../journal/journal.js";

export interface HistoryRecord {
  n: number;
  input: EngineInput;
  src?: InputSource | undefined;
}

type UndoInput = EngineInput & { type: "host"; action: { cmd: "undo"; undoes: number } };

export function isUndo(r: HistoryRecord): r is HistoryRecord & { input: UndoInput } {
  return r.input.type === "host" && r.input.action.cmd === "undo";
}

/** A seat's input, or a command a host sent (not a hub-made input, not an undo). */
export function isUndoable(r: HistoryRecord): boolean {
  if (r.input.type === "seat") return true;
  return r.input.type === "host" && !isUndo(r) && r.src !== undefined && "host" in r.src;
}

/** The numbers of the records the undos among `records` took back. */
export function takenBack(records: readonly HistoryRecord[]): Set<number> {
  return new Set(records.filter(isUndo).map((r) => r.input.action.undoes));
}

/** The record an undo with no target takes back now: the newest undoable one not yet taken back. */
export function undoTarget(records: readonly HistoryRecord[]): HistoryRecord | null {
  const taken = takenBack(records);
  for (let i = records.length - 1; i >= 0; i--) {
    const r = records[i] as HistoryRecord;
    if (isUndoable(r) && !taken.has(r.n)) return r;
  }
  return null;
}

export type ReplayResult =
  | { ok: true; state: GameState }
  | { ok: false; record: HistoryRecord; rejection: Rejection };

/**
 * Applies the records to a fresh game (from `fresh`), honouring undo records. `effects`, when
 * given, collects what the last record emitted (the live path publishes them).
 */
export function replayHistory(
  fresh: () => GameState,
  records: readonly HistoryRecord[],
  effects: Effect[] | null = null,
): ReplayResult {
  return fold(fresh, records, records.length, effects, new Set());
}

/**
 * Applies records[0..upto) to a fresh game. `skip` names records that undos after `upto`
 * take back (an undo may name an older record than one an earlier undo took back): they are
 * left out, and the records after the first one left out may no longer apply (skipped).
 */
function fold(
  fresh: () => GameState,
  records: readonly HistoryRecord[],
  upto: number,
  effects: Effect[] | null,
  skip: ReadonlySet<number>,
): ReplayResult {
  let state = fresh();
  const taken = new Set<number>();
  let lenient = false;
  for (let i = 0; i < upto; i++) {
    const r = records[i] as HistoryRecord;
    const out = i === upto - 1 ? effects : null;
    if (skip.has(r.n)) {
      lenient = true;
      continue;
    }
    if (!isUndo(r)) {
      const rejection = applyInPlace(state, r.input, out);
      if (rejection && !lenient) return { ok: false, record: r, rejection };
      continue;
    }
    const corrected = takeBack(fresh, records, i, taken, state, skip);
    if (!corrected.ok) return corrected;
    // Counters that screens and paddles read stay strictly increasing across a correction.
    corrected.state.rev = Math.max(corrected.state.rev, state.rev);
    corrected.state.logSeq = Math.max(corrected.state.logSeq, state.logSeq);
    state = corrected.state;
    const rejection = applyInPlace(state, r.input, out);
    if (rejection) return { ok: false, record: r, rejection };
  }
  return { ok: true, state };
}

/** The state just before the undo at `at` takes effect: before its target, then replayed. */
function takeBack(
  fresh: () => GameState,
  records: readonly HistoryRecord[],
  at: number,
  taken: Set<number>,
  live: GameState,
  skip: ReadonlySet<number>,
): ReplayResult {
  const undo = records[at] as HistoryRecord & { input: UndoInput };
  const target = undo.input.action.undoes;
  const j = records.findIndex((r) => r.n === target);
  const victim = records[j];
  if (j < 0 || j >= at || !victim || !isUndoable(victim) || taken.has(target)) {
    const message = `undo of record ${target}: not a record that could be taken back then`;
    return { ok: false, record: undo, rejection: { code: "bad_undo", message } };
  }
  taken.add(target);
  // Older records that the undos between the target and this one took back stay out too.
  const later = new Set(skip);
  for (let k = j + 1; k < at; k++) {
    const r = records[k] as HistoryRecord;
    if (isUndo(r)) later.add(r.input.action.undoes);
  }
  const before = fold(fresh, records, j, null, later);
  if (!before.ok) return before;
  const state = before.state;
  for (let k = j + 1; k < at; k++) {
    const r = records[k] as HistoryRecord;
    if (taken.has(r.n) || later.has(r.n) || isUndo(r)) continue;
    applyInPlace(state, r.input, null); // refused now: it does not apply to the corrected game
  }
  state.now = Math.max(state.now, live.now);
  restoreClock(state, live, victim.input.at, undo.input.at);
  return { ok: true, state };
}

/** The step a game is in: the same step if none of these changed. */
function sameStep(a: GameState, b: GameState): boolean {
  return a.phase === b.phase && a.step === b.step && a.round === b.round && a.speaker === b.speaker;
}

/**
 * The rebuilt game runs its step's clock as if nothing had stopped it since the record taken
 * back; the undo then pauses it at its own time. That time must be what the step really has
 * left (a second undo once cut a paused speech from 19 s to 5 s, because the first undo's
 * pause is not a record the rebuild applies again):
 * - the step the live game is in: the time it has left now (paused or running);
 * - a step the live game had left (the record taken back ended it): the time it had left
 *   when the record taken back was made.
 * Only the clock's running state is set here; pausing it stays the engine's (the undo).
 */
function restoreClock(state: GameState, live: GameState, targetAt: number, undoAt: number): void {
  if (state.phase !== "day" && state.phase !== "night") return;
  let left: number | null;
  if (sameStep(state, live)) {
    left = live.paused ? live.clock.remaining : remainingAt(live, undoAt);
  } else {
    left = state.paused ? state.clock.remaining : remainingAt(state, targetAt);
  }
  state.paused = false;
  state.clock = { until: left === null ? null : undoAt + left, remaining: null };
}

function remainingAt(s: GameState, at: number): number | null {
  return s.clock.until === null ? null : Math.max(0, s.clock.until - at);
}

/** One game's records in memory, with its state before the first one: what undo needs. */
export class GameHistory {
  private readonly records: HistoryRecord[];
  private readonly initial: GameState;

  constructor(initial: GameState, records: readonly HistoryRecord[] = []) {
    this.initial = structuredClone(initial);
    this.records = records.map(({ n, input, src }) => ({ n, input, src }));
  }

  private fresh = (): GameState => structuredClone(this.initial);

  /** The state the records replay to, or the first record that no longer applies. */
  replay(): ReplayResult {
    return replayHistory(this.fresh, this.records);
  }

  push(record: HistoryRecord): void {
    const { n, input, src } = record;
    this.records.push({ n, input, src });
  }

  /** What an undo with no target would take back now, or null. */
  target(): HistoryRecord | null {
    return undoTarget(this.records);
  }

  private pick(n: number): HistoryRecord | null {
    return pickFrom(this.records, n);
  }

  /** The records so far (read-only), for the list the judge picks from (undo-list.ts). */
  get all(): readonly HistoryRecord[] {
    return this.records;
  }

  /**
   * The host's `undo` (not yet recorded) of record `undoes`, or of the newest one still in
   * effect: the record it takes back, the undo's own input, and the state after it with what
   * it emits; or the rejection.
   */
  undo(reason: string, at: number, commandId: string, undoes?: number): Correction {
    const target = undoes === undefined ? this.target() : this.pick(undoes);
    if (!target) {
      const code = undoes === undefined ? "nothing_to_undo" : "bad_undo";
      const message =
        undoes === undefined
          ? ERROR_MESSAGES.nothing_to_undo
          : `record ${undoes} is not a seat input or host command still in effect`;
      return { ok: false, rejection: { code, message } };
    }
    const action = { cmd: "undo" as const, reason, undoes: target.n };
    const input: EngineInput = { type: "host", at, action };
    const effects: Effect[] = [];
    const src = { host: commandId };
    const replayed = replayHistory(this.fresh, [...this.records, { n: -1, input, src }], effects);
    if (!replayed.ok) return replayed;
    return { ok: true, target, input, state: replayed.state, effects };
  }
}

/** Record `n` if an undo may take it back now. */
function pickFrom(records: readonly HistoryRecord[], n: number): HistoryRecord | null {
  const r = records.find((x) => x.n === n);
  return r && isUndoable(r) && !takenBack(records).has(n) ? r : null;
}

export type Correction =
  | { ok: false; rejection: Rejection }
  | { ok: true; target: HistoryRecord; input: EngineInput; state: GameState; effects: Effect[] };
