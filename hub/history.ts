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

import { ERROR_MESSAGES } from "../protocol/index.js";
import {
  applyInPlace,
  type Effect,
  type EngineInput,
  type GameState,
  type Rejection,
} from "./engine/index.js";
import type { InputSource } from "./journal.js";

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

/** The record an undo would take back now: the newest undoable one not yet taken back. */
export function undoTarget(records: readonly HistoryRecord[]): HistoryRecord | null {
  const taken = new Set(records.filter(isUndo).map((r) => r.input.action.undoes));
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
  return fold(fresh, records, records.length, effects);
}

function fold(
  fresh: () => GameState,
  records: readonly HistoryRecord[],
  upto: number,
  effects: Effect[] | null,
): ReplayResult {
  let state = fresh();
  const taken = new Set<number>();
  for (let i = 0; i < upto; i++) {
    const r = records[i] as HistoryRecord;
    const out = i === upto - 1 ? effects : null;
    if (!isUndo(r)) {
      const rejection = applyInPlace(state, r.input, out);
      if (rejection) return { ok: false, record: r, rejection };
      continue;
    }
    const corrected = takeBack(fresh, records, i, taken, state);
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
): ReplayResult {
  const undo = records[at] as HistoryRecord & { input: UndoInput };
  const target = undo.input.action.undoes;
  const j = records.findIndex((r) => r.n === target);
  const victim = records[j];
  if (j < 0 || j >= at || !victim || !isUndoable(victim) || taken.has(target)) {
    const message = `undo of record ${target}: not a record that could be taken back then`;
    return { ok: false, record: undo, rejection: { code: "bad_undo", message } };
  }
  if (undoTarget(records.slice(0, at)) !== victim) {
    const message = `undo of record ${target}: a newer record was still in effect`;
    return { ok: false, record: undo, rejection: { code: "bad_undo", message } };
  }
  taken.add(target);
  const before = fold(fresh, records, j, null);
  if (!before.ok) return before;
  const state = before.state;
  for (let k = j + 1; k < at; k++) {
    const r = records[k] as HistoryRecord;
    if (taken.has(r.n) || isUndo(r)) continue;
    applyInPlace(state, r.input, null); // refused now: it does not apply to the corrected game
  }
  state.now = Math.max(state.now, live.now);
  return { ok: true, state };
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

  /** What an undo would take back now, or null. */
  target(): HistoryRecord | null {
    return undoTarget(this.records);
  }

  /**
   * The host's `undo` (not yet recorded): the record it takes back, the undo's own input,
   * and the state after it with what it emits; or the rejection.
   */
  undo(reason: string, at: number, commandId: string): Correction {
    const target = this.target();
    if (!target) {
      const code = "nothing_to_undo";
      return { ok: false, rejection: { code, message: ERROR_MESSAGES[code] } };
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

export type Correction =
  | { ok: false; rejection: Rejection }
  | { ok: true; target: HistoryRecord; input: EngineInput; state: GameState; effects: Effect[] };
