/**
 * Words of the judge's undo picker (web-display/src/host/undo-picker.ts): what each input
 * the hub lists on `host/undoable` was, in words, and what a correction took back. Kept
 * apart from console.ts so that the picker's words are found in one place; index.ts
 * merges them in, and test/browser/i18n.test.ts checks keys and placeholders.
 */
import type { Lang } from "../../../protocol/host.js";

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
};

export const UNDO_WORDS: Record<Lang, Record<UndoKey, string>> = {
  en: enUndo,
  de: deUndo,
  ru: ruUndo,
};
