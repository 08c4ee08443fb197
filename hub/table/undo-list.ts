/**
 * What the judge may take back, in the order he thinks of it: the newest inputs still in
 * effect, for `host/undoable` (protocol/undoable.ts). Pure: the records and the state in,
 * the list out.
 *
 * Listed: host commands and seat inputs that are not bare sensor edges. A thumb or
 * blindfold edge, or a paddle's hello, is a fact the seat reports many times a game; the
 * list would be nothing else. An edge is listed when the hub removed its seat because of it
 * (a removal whose cause is not the host's own command or fouls the host gave): the newest
 * such edge of that seat at or before the removal is what made it, at once (provocation,
 * a blindfold off at night) or when the step ended (a blindfold left off), and taking it
 * back takes the removal back.
 *
 * A night is noisy: every living seat answers every step (a silent night's decoys, which the
 * hub throws away, so they are not listed), sensors chatter, and the host view keeps only
 * the last few announcements. A removal still in effect therefore stays on the list however
 * many inputs follow it (only the rest is cut to the limit), found from the game's whole
 * list of removals (`state.removals`). Edges a removed paddle reports later are not it.
 */
import type { UndoableEntry } from "../../protocol/index.js";
import { UNDOABLE_SHOWN } from "../../protocol/index.js";
import { DECOY_ACTION, type GameState } from "../engine/index.js";
import { hideAuthor } from "./actions.js";
import { type HistoryRecord, isUndo, isUndoable } from "./history.js";

/** Removals the host made himself (a `remove`, the fourth `foul`): their command is listed. */
const HOST_MADE_CAUSES = new Set(["host", "fouls"]);

const SENSOR_KINDS = new Set(["thumb", "blindfold"]);

/** The sensor each removal cause reads (sport: SPORT-FOUL-15/16, SPORT-VOTE-04); else any. */
const CAUSE_SENSOR: Record<string, string> = { peeking: "blindfold", provocation: "thumb" };

function isSensorEdge(r: HistoryRecord): boolean {
  return r.input.type === "seat" && SENSOR_KINDS.has(r.input.action.kind);
}

function isBareReport(r: HistoryRecord): boolean {
  // A voice input (issue 26) is a level report a speaking seat sends twice a second: the
  // judge takes back a speech's foul (its `foul` command), never a level.
  const kind = r.input.type === "seat" ? r.input.action.kind : null;
  return isSensorEdge(r) || kind === "hello" || kind === "voice" || isDecoyAnswer(r);
}

/** A silent night's decoy answer: thrown away by the hub, so there is nothing to take back. */
function isDecoyAnswer(r: HistoryRecord): boolean {
  const action = r.input.type === "seat" ? r.input.action : null;
  return action?.kind === "act" && action.action === DECOY_ACTION;
}

/**
 * Where the records that are not bare reports are, per records array, extended as it grows
 * (a GameHistory only appends). A night's decoys and sensor reports are most of a game's
 * records: walking over them on every write was 3.3% of the hub's CPU at 200 tables
 * (docs/BENCHMARKS.md, issue 29).
 */
const notBare = new WeakMap<readonly HistoryRecord[], { scanned: number; at: number[] }>();

function notBareReports(records: readonly HistoryRecord[]): readonly number[] {
  let index = notBare.get(records);
  if (!index || index.scanned > records.length) {
    index = { scanned: 0, at: [] };
    notBare.set(records, index);
  }
  for (; index.scanned < records.length; index.scanned++)
    if (!isBareReport(records[index.scanned] as HistoryRecord)) index.at.push(index.scanned);
  return index.at;
}

/**
 * The edge found for each removal, per records array: its index, and how far the records
 * were walked when it was found. A removal stays in effect for the rest of a game while
 * sensors and decoys keep reporting, and walking back to its edge on every write was most
 * of this module's 3.2% of the hub's busy time at 200 tables (docs/BENCHMARKS.md). A later
 * call only looks at the records added since: the edge stays the same unless one of them
 * is an undo (which may take it, or what made the removal, back) or another edge that
 * could have made the removal; either sends it back to the whole walk.
 */
const foundEdges = new WeakMap<
  readonly HistoryRecord[],
  Map<string, { index: number; upTo: number; edge: HistoryRecord; last: HistoryRecord }>
>();

const removalKey = (p: PendingRemoval) => `${p.seat}|${p.cause}|${p.at}`;

/** Fills each removal's edge from the cache where the records added since cannot move it. */
function edgesFromCache(
  records: readonly HistoryRecord[],
  pending: PendingRemoval[],
  upTo: number,
): void {
  const cache = foundEdges.get(records);
  if (!cache) return;
  for (const p of pending) {
    const found = cache.get(removalKey(p));
    // Only for the same records, grown since (an array cut and grown again is walked anew).
    if (!found || found.upTo > upTo || records[found.upTo - 1] !== found.last) continue;
    if (records[found.index] !== found.edge) continue;
    let moved = false;
    for (let i = found.upTo; i < upTo && !moved; i++) {
      const r = records[i] as HistoryRecord;
      moved = isUndo(r) || madeIt(r, p);
    }
    if (moved) {
      cache.delete(removalKey(p));
      continue;
    }
    p.edge = found.edge;
    p.edgeIndex = found.index;
    found.upTo = upTo;
    found.last = records[upTo - 1] as HistoryRecord;
  }
}

function rememberEdges(
  records: readonly HistoryRecord[],
  pending: readonly PendingRemoval[],
  upTo: number,
): void {
  const last = records[upTo - 1] as HistoryRecord;
  for (const p of pending) {
    if (p.edge === null || p.edgeIndex === null) continue;
    const cache = foundEdges.get(records) ?? new Map();
    foundEdges.set(records, cache);
    cache.set(removalKey(p), { index: p.edgeIndex, upTo, edge: p.edge, last });
  }
}

/** A removal the hub made from a sensor, still looking for the edge that made it. */
interface PendingRemoval {
  seat: number;
  cause: string;
  kind: string | undefined;
  at: number;
  edge: HistoryRecord | null;
  edgeIndex: number | null;
}

/** The removals still in effect that a sensor edge made (not the host's own), oldest first. */
function sensorMadeRemovals(state: GameState): PendingRemoval[] {
  const pending: PendingRemoval[] = [];
  for (const entry of state.removals ?? []) {
    const cause = entry.params.cause;
    const seat = entry.seats[0];
    if (typeof cause !== "string" || seat === undefined) continue;
    if (HOST_MADE_CAUSES.has(cause) || state.seats[seat - 1]?.out !== "removed") continue;
    pending.push({
      seat,
      cause,
      kind: CAUSE_SENSOR[cause],
      at: entry.at,
      edge: null,
      edgeIndex: null,
    });
  }
  return pending;
}

function madeIt(r: HistoryRecord, p: PendingRemoval): boolean {
  return (
    r.input.type === "seat" &&
    isSensorEdge(r) &&
    r.input.seat === p.seat &&
    (p.kind === undefined || r.input.action.kind === p.kind) &&
    r.input.at <= p.at
  );
}

/**
 * The newest `limit` records in effect that the judge may take back, and every edge that made
 * a removal however old, newest first. `records[0..upTo)` are walked from the newest and the
 * walk stops once the list is full and every removal's edge is found: it runs once per
 * journal write, and a game's whole history grows to thousands of records. Walking back, an
 * undo is met before the record it takes back (an undo names an older record), so `taken`
 * is complete for every record reached.
 */
export function undoableEntries(
  records: readonly HistoryRecord[],
  state: GameState,
  limit: number = UNDOABLE_SHOWN,
  upTo: number = records.length,
): UndoableEntry[] {
  if (state.phase === "setup") return [];
  const taken = new Set<number>();
  const pending = sensorMadeRemovals(state);
  edgesFromCache(records, pending, upTo);
  let unmatched = pending.filter((p) => p.edge === null).length;
  const listed: HistoryRecord[] = []; // not bare reports, newest first, at most `limit`
  // With no removal to match, a bare report changes nothing here: only the others are walked.
  const walked = unmatched === 0 ? notBareReports(records) : null;
  for (let k = walked ? walked.length - 1 : upTo - 1; k >= 0; k--) {
    if (listed.length >= limit && unmatched === 0) break;
    const i = walked ? (walked[k] as number) : k;
    if (i >= upTo) continue; // pushed for a later write
    const r = records[i] as HistoryRecord;
    if (isUndo(r)) taken.add(r.input.action.undoes);
    if (!isUndoable(r) || taken.has(r.n)) continue;
    if (!isBareReport(r)) {
      if (listed.length < limit) listed.push(r);
      continue;
    }
    for (const p of pending) {
      if (p.edge === null && madeIt(r, p)) {
        p.edge = r; // the newest edge at or before the removal (the walk goes back in time)
        p.edgeIndex = i;
        unmatched -= 1;
      }
    }
  }
  rememberEdges(records, pending, upTo);
  // One edge may have made two removals: the later removal's cause is the one shown.
  const removals = new Map<number, { rec: HistoryRecord; seat: number; cause: string }>();
  for (const p of pending)
    if (p.edge) removals.set(p.edge.n, { rec: p.edge, seat: p.seat, cause: p.cause });
  const others = listed.slice(0, Math.max(0, limit - removals.size));
  const kept = [...others, ...[...removals.values()].map((v) => v.rec)]
    .sort((a, b) => b.n - a.n)
    .slice(0, limit);
  return kept.map((r) => {
    const made = removals.get(r.n);
    const removal = made ? { seat: made.seat, cause: made.cause } : undefined;
    const input = hideAuthor(r.input) as UndoableEntry["input"] & { at?: number };
    const { at: _at, ...wire } = input;
    return { n: r.n, at: r.input.at, input: wire, ...(removal ? { removal } : {}) };
  });
}
