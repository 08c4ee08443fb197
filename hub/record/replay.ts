/**
 * Replays a game journal through the pure engine and keeps every step: the state before
 * and after each accepted input and the announcements it made. Everything in a record is
 * read from this trace; no rule is decided here.
 *
 * Corrections (issue 13, hub/table/history.ts): an undo is a host input `{cmd: "undo", undoes: M,
 * reason}`. The game is as if record M had never been accepted: the records after M are
 * applied again without it (undos among them are superseded), then the undo itself (which
 * announces the correction and pauses the game). A later input that the engine refuses once
 * M is gone is listed as void, never silently dropped. This gives the states the live table
 * had; the trace needs each step's before and after, which replayHistory() does not keep.
 */

import type { LogEntry } from "../../protocol/index.js";
import { createGame, type EngineInput, type GameState, step } from "../engine/index.js";
import type { JournalContents, JournalRecord } from "../journal/journal.js";

export interface TraceStep {
  n: number;
  input: EngineInput;
  before: GameState;
  after: GameState;
  logs: LogEntry[];
  /** A night act the rules refused, taken as the seat's answer and dropped (QUIET-REFUSED-01). */
  dropped?: true;
}

export interface Correction {
  /** The undo record's own number, time and reason. */
  n: number;
  at: number;
  reason: string | null;
  /** The record taken back. */
  undoes: number;
  undone: EngineInput | null;
}

export interface Trace {
  header: JournalContents["header"];
  initial: GameState;
  steps: TraceStep[];
  final: GameState;
  corrections: Correction[];
  /** Records the engine refused on replay (after a correction changed what came before). */
  void: { n: number; input: EngineInput; code: string }[];
}

interface UndoAction {
  cmd: "undo";
  undoes: number;
  reason?: string;
}

export function undoOf(input: EngineInput): UndoAction | null {
  if (input.type !== "host") return null;
  const action = input.action as unknown as { cmd: string; undoes?: unknown; reason?: unknown };
  if (action.cmd !== "undo" || typeof action.undoes !== "number") return null;
  return {
    cmd: "undo",
    undoes: action.undoes,
    ...(typeof action.reason === "string" ? { reason: action.reason } : {}),
  };
}

/** The records still in force after every correction, and the corrections themselves. */
function effectiveRecords(records: JournalRecord[]): {
  kept: JournalRecord[];
  corrections: Correction[];
} {
  const byN = new Map(records.map((r) => [r.n, r]));
  const corrections: Correction[] = [];
  for (const r of records) {
    const undo = undoOf(r.input);
    if (!undo) continue;
    corrections.push({
      n: r.n,
      at: r.input.at,
      reason: undo.reason ?? null,
      undoes: undo.undoes,
      undone: byN.get(undo.undoes)?.input ?? null,
    });
  }
  // hub/table/history.ts: taking back M replays what followed M without M and without the undos
  // in between, then applies the undo.
  let kept: JournalRecord[] = [];
  for (const r of records) {
    const undo = undoOf(r.input);
    if (undo) {
      const at = kept.findIndex((k) => k.n === undo.undoes);
      if (at >= 0)
        kept = [...kept.slice(0, at), ...kept.slice(at + 1).filter((k) => !undoOf(k.input))];
    }
    kept.push(r);
  }
  return { kept, corrections };
}

export function replay(journal: Pick<JournalContents, "header" | "records">): Trace {
  const created = createGame(journal.header.config);
  if (!created.ok)
    throw new Error(`the journal's header is not a valid game: ${created.errors.join("; ")}`);
  const { kept, corrections } = effectiveRecords(journal.records);
  const steps: TraceStep[] = [];
  const voided: Trace["void"] = [];
  let state = created.state;
  for (const r of kept) {
    const result = step(state, r.input);
    if (!result.ok) {
      voided.push({ n: r.n, input: r.input, code: result.rejection.code });
      continue;
    }
    const logs = result.effects.flatMap((e) => (e.type === "log" ? [e.entry] : []));
    const traced: TraceStep = { n: r.n, input: r.input, before: state, after: result.state, logs };
    // Only a refusal the hub took as an answer signals an error from an accepted input.
    if (result.effects.some((e) => e.type === "signal" && "error" in e.signal))
      traced.dropped = true;
    steps.push(traced);
    state = result.state;
  }
  return {
    header: journal.header,
    initial: created.state,
    steps,
    final: state,
    corrections,
    void: voided.filter((v) => v.input.type !== "timer"),
  };
}
