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
import { type HistoryRecord, isUndoable, takenBack } from "./history.js";

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

/** The newest `limit` records, and every one that made a removal however old. */
function newestKeeping(
  shown: readonly HistoryRecord[],
  removals: ReadonlyMap<number, unknown>,
  limit: number,
): HistoryRecord[] {
  const others = Math.max(0, limit - removals.size);
  let room = others;
  const kept: HistoryRecord[] = [];
  for (let i = shown.length - 1; i >= 0; i--) {
    const r = shown[i] as HistoryRecord;
    if (removals.has(r.n)) kept.push(r);
    else if (room > 0) {
      kept.push(r);
      room -= 1;
    }
  }
  return kept.slice(0, limit);
}

export function undoableEntries(
  records: readonly HistoryRecord[],
  state: GameState,
  limit: number = UNDOABLE_SHOWN,
): UndoableEntry[] {
  if (state.phase === "setup") return [];
  const taken = takenBack(records);
  const live = records.filter((r) => isUndoable(r) && !taken.has(r.n));
  const removals = sensorRemovals(live, state);
  const shown = live.filter((r) => !isBareReport(r) || removals.has(r.n));
  return newestKeeping(shown, removals, limit).map((r) => {
    const removal = removals.get(r.n);
    const input = hideAuthor(r.input) as UndoableEntry["input"] & { at?: number };
    const { at: _at, ...wire } = input;
    return { n: r.n, at: r.input.at, input: wire, ...(removal ? { removal } : {}) };
  });
}

/** Sensor edge record → the removal the hub made from it, for the removals still in effect. */
function sensorRemovals(
  live: readonly HistoryRecord[],
  state: GameState,
): Map<number, { seat: number; cause: string }> {
  const found = new Map<number, { seat: number; cause: string }>();
  for (const entry of state.removals ?? []) {
    const cause = entry.params.cause;
    const seat = entry.seats[0];
    if (typeof cause !== "string" || seat === undefined) continue;
    if (HOST_MADE_CAUSES.has(cause) || state.seats[seat - 1]?.out !== "removed") continue;
    const kind = CAUSE_SENSOR[cause];
    const edge = live.findLast(
      (r) =>
        r.input.type === "seat" &&
        isSensorEdge(r) &&
        r.input.seat === seat &&
        (kind === undefined || r.input.action.kind === kind) &&
        r.input.at <= entry.at,
    );
    if (edge) found.set(edge.n, { seat, cause });
  }
  return found;
}
