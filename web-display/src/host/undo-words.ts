/**
 * An input the hub lists on `host/undoable` (or names in an undo's reply), in the console's
 * words: who did what. The same sentence is on the picker's button row and in the reply
 * line, so the judge reads after the correction exactly what he chose; the record's
 * corrections say it with the same words (protocol/words/undo.ts).
 */
import type { UndoableEntry } from "../../../protocol/undoable.js";
import type { PublicSeat } from "../../../protocol/views.js";
import { inputWords } from "../../../protocol/words/undo.js";
import { seatRef, type Translator } from "../i18n/index.js";

type Seats = readonly Pick<PublicSeat, "seat" | "name">[];

export function describeInput(
  tr: Translator,
  seats: Seats,
  input: UndoableEntry["input"],
  removal?: UndoableEntry["removal"],
): string {
  return inputWords(
    (key, params, fallback) => tr.t(key, params, fallback),
    (n) => seatRef(tr, seats, n),
    input,
    removal,
  );
}
