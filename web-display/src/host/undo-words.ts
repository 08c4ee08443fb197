/**
 * An input the hub lists on `host/undoable` (or names in an undo's reply), in the console's
 * words: who did what. The same sentence is on the picker's button row and in the reply
 * line, so the judge reads after the correction exactly what he chose.
 */
import type { UndoableEntry } from "../../../protocol/undoable.js";
import type { PublicSeat } from "../../../protocol/views.js";
import { seatList, seatRef, type Translator } from "../i18n/index.js";

type Seats = readonly Pick<PublicSeat, "seat" | "name">[];

export function describeInput(
  tr: Translator,
  seats: Seats,
  input: UndoableEntry["input"],
  removal?: UndoableEntry["removal"],
): string {
  const what =
    input.type === "host" ? hostWords(tr, seats, input.action) : seatWords(tr, seats, input);
  if (!removal) return what;
  const cause = tr.t(`cause.${removal.cause}`, undefined, removal.cause);
  return `${what} — ${tr.t("undo.removal", { seat: seatRef(tr, seats, removal.seat), cause })}`;
}

function hostWords(tr: Translator, seats: Seats, action: Record<string, unknown>): string {
  const cmd = String(action.cmd);
  const seat = typeof action.seat === "number" ? seatRef(tr, seats, action.seat) : undefined;
  const said = tr.t(`cmd.${cmd}`, seat === undefined ? undefined : { seat }, cmd);
  const cause =
    typeof action.cause === "string"
      ? ` (${tr.t(`cause.${action.cause}`, undefined, action.cause)})`
      : "";
  return tr.t("undo.host", { what: `${said}${cause}` });
}

function seatWords(tr: Translator, seats: Seats, input: UndoableEntry["input"]): string {
  const a = input.action;
  const seat =
    typeof input.seat === "number" ? seatRef(tr, seats, input.seat) : tr.t("undo.secretAuthor");
  switch (a.kind) {
    case "act": {
      const id = String(a.action);
      const targets = Array.isArray(a.targets) ? (a.targets as number[]) : [];
      const action = tr.t(`undo.action.${id}`, undefined, id);
      return tr.t("undo.act", { seat, action, targets: seatList(tr, seats, targets) }).trim();
    }
    case "pass":
      return tr.t("undo.pass", { seat });
    case "thumb":
      return tr.t(a.down ? "undo.thumbDown" : "undo.thumbUp", { seat });
    case "blindfold":
      return tr.t(a.on ? "undo.blindfoldOn" : "undo.blindfoldOff", { seat });
    case "hello":
      return tr.t("undo.hello", { seat });
    default:
      return tr.t("undo.text", { seat, kind: String(a.kind) });
  }
}
