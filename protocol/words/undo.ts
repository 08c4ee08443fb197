/**
 * An input in words, as the judge's undo picker (web-display/src/host/undo-picker.ts) and
 * the record's corrections (hub/record/html.ts) say it: what each input the hub lists on
 * `host/undoable` was, and what a correction took back, with the host commands' names. One
 * place for both: the console merges these words into its dictionary (i18n/index.ts), the
 * record reads them here; test/browser/i18n.test.ts checks keys and placeholders.
 */
import type { Lang } from "../host.js";

const enUndo = {
  "undo.title": "Take back an input",
  "undo.hint": "Newest first. Taking one back replays the rest and pauses the game.",
  "undo.none": "Nothing to take back yet",
  "undo.button": "Take back",
  "undo.reason": "Take back “{what}”? Why? (kept in the journal, not shown to the table)",
  "undo.done": "Taken back: {what}",
  "undo.act": "{seat}: {action} {targets}",
  "undo.pass": "{seat}: passes / thank you",
  "undo.thumbDown": "{seat}: thumb down",
  "undo.thumbUp": "{seat}: thumb up",
  "undo.blindfoldOn": "{seat}: blindfold on",
  "undo.blindfoldOff": "{seat}: blindfold off",
  "undo.hello": "{seat}: device connected",
  "undo.text": "{seat}: text ({kind})",
  "undo.secretAuthor": "a secret author",
  "undo.host": "Host: {what}",
  "undo.removal": "the hub then removed {seat} ({cause})",
  "undo.action.nominate": "nominates",
  "undo.action.vote": "votes against",
  "undo.action.shoot": "shoots",
  "undo.action.check": "checks",
  "undo.action.kill": "kills",
  "undo.action.heal": "heals",
  "cmd.setup": "Set up",
  "cmd.start": "Start",
  "cmd.next": "Next",
  "cmd.pause": "Pause",
  "cmd.resume": "Resume",
  "cmd.end": "End",
  "cmd.foul": "Foul for {seat}",
  "cmd.remove": "Remove {seat}",
  "cmd.undo": "Undo the last input",
  "cmd.dismiss": "Dismiss a voice candidate",
  "cmd.bestmove": "Best move for {seat}",
} as const;

export type UndoKey = keyof typeof enUndo;

const deUndo: Record<UndoKey, string> = {
  "undo.title": "Eine Eingabe zurücknehmen",
  "undo.hint": "Neueste zuerst. Zurücknehmen spielt den Rest neu ab und pausiert das Spiel.",
  "undo.none": "Noch nichts zurückzunehmen",
  "undo.button": "Zurücknehmen",
  "undo.reason": "„{what}“ zurücknehmen? Warum? (steht im Journal, wird dem Tisch nicht gezeigt)",
  "undo.done": "Zurückgenommen: {what}",
  "undo.act": "{seat}: {action} {targets}",
  "undo.pass": "{seat}: passt / danke",
  "undo.thumbDown": "{seat}: Daumen runter",
  "undo.thumbUp": "{seat}: Daumen hoch",
  "undo.blindfoldOn": "{seat}: Augenbinde auf",
  "undo.blindfoldOff": "{seat}: Augenbinde ab",
  "undo.hello": "{seat}: Gerät verbunden",
  "undo.text": "{seat}: Text ({kind})",
  "undo.secretAuthor": "ein geheimer Autor",
  "undo.host": "Spielleiter: {what}",
  "undo.removal": "danach hat der Hub {seat} entfernt ({cause})",
  "undo.action.nominate": "nominiert",
  "undo.action.vote": "stimmt gegen",
  "undo.action.shoot": "schießt auf",
  "undo.action.check": "prüft",
  "undo.action.kill": "tötet",
  "undo.action.heal": "heilt",
  "cmd.setup": "Einrichten",
  "cmd.start": "Starten",
  "cmd.next": "Weiter",
  "cmd.pause": "Pause",
  "cmd.resume": "Fortsetzen",
  "cmd.end": "Beenden",
  "cmd.foul": "Foul für {seat}",
  "cmd.remove": "{seat} entfernen",
  "cmd.undo": "Letzte Eingabe zurücknehmen",
  "cmd.dismiss": "Sprach-Kandidaten verwerfen",
  "cmd.bestmove": "Bester Zug für {seat}",
};

const ruUndo: Record<UndoKey, string> = {
  "undo.title": "Отменить ввод",
  "undo.hint": "Сначала новые. Отмена переигрывает остальное и ставит игру на паузу.",
  "undo.none": "Отменять пока нечего",
  "undo.button": "Отменить",
  "undo.reason": "Отменить «{what}»? Почему? (остаётся в журнале, столу не показывается)",
  "undo.done": "Отменено: {what}",
  "undo.act": "{seat}: {action} {targets}",
  "undo.pass": "{seat}: пас / спасибо",
  "undo.thumbDown": "{seat}: палец вниз",
  "undo.thumbUp": "{seat}: палец вверх",
  "undo.blindfoldOn": "{seat}: маска надета",
  "undo.blindfoldOff": "{seat}: маска снята",
  "undo.hello": "{seat}: устройство подключено",
  "undo.text": "{seat}: текст ({kind})",
  "undo.secretAuthor": "тайный автор",
  "undo.host": "Ведущий: {what}",
  "undo.removal": "затем хаб удалил {seat} ({cause})",
  "undo.action.nominate": "выставляет",
  "undo.action.vote": "голосует против",
  "undo.action.shoot": "стреляет в",
  "undo.action.check": "проверяет",
  "undo.action.kill": "убивает",
  "undo.action.heal": "лечит",
  "cmd.setup": "Настройка",
  "cmd.start": "Начать",
  "cmd.next": "Дальше",
  "cmd.pause": "Пауза",
  "cmd.resume": "Продолжить",
  "cmd.end": "Завершить",
  "cmd.foul": "Фол игроку {seat}",
  "cmd.remove": "Удалить игрока {seat}",
  "cmd.undo": "Отменить последний ввод",
  "cmd.dismiss": "Отклонить кандидата по голосу",
  "cmd.bestmove": "Лучший ход игрока {seat}",
};

export const UNDO_WORDS: Record<Lang, Record<UndoKey, string>> = {
  en: enUndo,
  de: deUndo,
  ru: ruUndo,
};

/** Looks a word up (with {placeholders} filled in), `fallback` or the key where none is known. */
export type Say = (key: string, params?: Record<string, string>, fallback?: string) => string;

/** The input as the undo list has it (protocol/undoable.ts): journaled, without its time. */
export interface InputToSay {
  type: string;
  seat?: number | null | undefined;
  action: Record<string, unknown>;
}

/** Who did what: "#4 Anna: nominates #5 Boris", "Host: Foul for #3 Clara (peeking)". */
export function inputWords(
  say: Say,
  seatRef: (n: number) => string,
  input: InputToSay,
  removal?: { seat: number; cause: string },
): string {
  const what =
    input.type === "host" ? hostWords(say, seatRef, input.action) : seatWords(say, seatRef, input);
  if (!removal) return what;
  const cause = say(`cause.${removal.cause}`, undefined, removal.cause);
  return `${what} — ${say("undo.removal", { seat: seatRef(removal.seat), cause })}`;
}

function hostWords(
  say: Say,
  seatRef: (n: number) => string,
  action: Record<string, unknown>,
): string {
  const cmd = String(action.cmd);
  const seat = typeof action.seat === "number" ? seatRef(action.seat) : undefined;
  const said = say(`cmd.${cmd}`, seat === undefined ? undefined : { seat }, cmd);
  // A foul's cause is one of the foul causes (`foul.<cause>`), a removal's a removal cause.
  const causeKey = cmd === "foul" ? "foul" : "cause";
  const cause =
    typeof action.cause === "string"
      ? ` (${say(`${causeKey}.${action.cause}`, undefined, action.cause)})`
      : "";
  return say("undo.host", { what: `${said}${cause}` });
}

function seatWords(say: Say, seatRef: (n: number) => string, input: InputToSay): string {
  const a = input.action;
  const seat = typeof input.seat === "number" ? seatRef(input.seat) : say("undo.secretAuthor");
  switch (a.kind) {
    case "act": {
      const id = String(a.action);
      const targets = Array.isArray(a.targets) ? (a.targets as number[]) : [];
      const action = say(`undo.action.${id}`, undefined, id);
      return say("undo.act", { seat, action, targets: targets.map(seatRef).join(", ") }).trim();
    }
    case "pass":
      return say("undo.pass", { seat });
    case "thumb":
      return say(a.down ? "undo.thumbDown" : "undo.thumbUp", { seat });
    case "blindfold":
      return say(a.on ? "undo.blindfoldOn" : "undo.blindfoldOff", { seat });
    case "hello":
      return say("undo.hello", { seat });
    default:
      return say("undo.text", { seat, kind: String(a.kind) });
  }
}
