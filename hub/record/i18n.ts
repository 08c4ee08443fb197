/**
 * The sheet's words in en, de and ru, following shared/GLOSSARY.md. The game words
 * (`role.<ruleset>.<role>`, `out.<out>`, `step.<step>`, `log.<announcement>`, the causes
 * `cause.`/`foul.`/`warn.`) are protocol/words', shared with the screens.
 * Unknown keys fall back to English, then to the key itself.
 */
import { gameWord } from "../../protocol/words/index.js";
import { type Say, UNDO_WORDS } from "../../protocol/words/undo.js";
import { VOICE_DE, VOICE_EN, VOICE_RU } from "./voice-words.js";

export const RECORD_LANGS = ["en", "de", "ru"] as const;
export type RecordLang = (typeof RECORD_LANGS)[number];

const en = {
  title: "Game sheet",
  table: "Table",
  ruleset: "Ruleset",
  started: "Started",
  ended: "Ended",
  result: "Result",
  aborted: "Ended by the host without a result",
  running: "Not finished",
  seats: "Seats",
  seat: "Seat",
  name: "Name",
  role: "Role",
  out: "Left the game",
  fouls: "Fouls",
  points: "Points",
  time: "Time",
  round: "Round",
  day: "Day",
  night: "Night",
  cause: "Cause",
  reason: "Reason",
  nominations: "Nominations",
  nominatedBy: "nominated by",
  votes: "Votes",
  window: "Window",
  count: "Count",
  voters: "Voters (time of the thumb edge)",
  byDefault: "by default",
  shootouts: "Shootouts",
  nights: "Nights",
  shots: "Shots and choices",
  checks: "Checks",
  killed: "Killed",
  nobody: "nobody",
  lastWords: "Last words",
  seconds: "Seconds",
  bestMove: "Best move",
  removals: "Removals",
  corrections: "Corrections",
  texts: "Texts",
  "text.will": "Will",
  "text.to": "To",
  "text.published": "published",
  "text.edition": "Paper",
  "text.when": "At the end of",
  "text.day": "day",
  "text.night": "night",
  "text.pseudonym": "Pseudonym",
  "text.ad": "Ad",
  "text.author": "Placed by",
  "text.victim": "Victim",
  "text.message": "Death message",
  undoes: "takes back record",
  void: "Inputs void after a correction",
  "kind.main": "Vote",
  "kind.revote": "Revote after the shootout",
  "kind.leave": "All leave or all stay",
  "kind.secret": "Secret vote",
  leave: "leave",
  stay: "stay",
  abstain: "abstain",
  appeal: "Thumb edges against the counting windows",
  ...VOICE_EN,
};

type Dict = Partial<Record<keyof typeof en, string>>;

const de: Dict = {
  title: "Spielprotokoll",
  table: "Tisch",
  ruleset: "Regelwerk",
  started: "Beginn",
  ended: "Ende",
  result: "Ergebnis",
  aborted: "Vom Spielleiter ohne Ergebnis beendet",
  running: "Nicht beendet",
  seats: "Plätze",
  seat: "Platz",
  name: "Name",
  role: "Rolle",
  out: "Ausgeschieden",
  fouls: "Fouls",
  points: "Punkte",
  time: "Zeit",
  round: "Runde",
  day: "Tag",
  night: "Nacht",
  cause: "Grund",
  reason: "Begründung",
  nominations: "Nominierungen",
  nominatedBy: "nominiert von",
  votes: "Abstimmungen",
  window: "Zählfenster",
  count: "Stimmen",
  voters: "Wähler (Zeit der Daumenflanke)",
  byDefault: "ohne Stimme",
  shootouts: "Stechen",
  nights: "Nächte",
  shots: "Schüsse und Entscheidungen",
  checks: "Prüfungen",
  killed: "Getötet",
  nobody: "niemand",
  lastWords: "Letzte Worte",
  seconds: "Sekunden",
  bestMove: "Bester Zug",
  removals: "Entfernungen",
  corrections: "Korrekturen",
  texts: "Texte",
  "text.will": "Testament",
  "text.to": "An",
  "text.published": "veröffentlicht",
  "text.edition": "Zeitung",
  "text.when": "Am Ende von",
  "text.day": "Tag",
  "text.night": "Nacht",
  "text.pseudonym": "Pseudonym",
  "text.ad": "Anzeige",
  "text.author": "Aufgegeben von",
  "text.victim": "Opfer",
  "text.message": "Todesbotschaft",
  undoes: "nimmt zurück: Eintrag",
  void: "Eingaben, die nach einer Korrektur ungültig sind",
  "kind.main": "Abstimmung",
  "kind.revote": "Neue Abstimmung nach dem Stechen",
  "kind.leave": "Alle gehen oder alle bleiben",
  "kind.secret": "Geheime Abstimmung",
  leave: "gehen",
  stay: "bleiben",
  abstain: "Enthaltung",
  appeal: "Daumenflanken und Zählfenster",
  ...VOICE_DE,
};

const ru: Dict = {
  title: "Протокол игры",
  table: "Стол",
  ruleset: "Правила",
  started: "Начало",
  ended: "Конец",
  result: "Результат",
  aborted: "Игра остановлена ведущим без результата",
  running: "Не окончена",
  seats: "Игроки",
  seat: "Место",
  name: "Имя",
  role: "Роль",
  out: "Выбыл",
  fouls: "Фолы",
  points: "Баллы",
  time: "Время",
  round: "Круг",
  day: "День",
  night: "Ночь",
  cause: "Причина",
  reason: "Пояснение",
  nominations: "Выставления",
  nominatedBy: "выставил",
  votes: "Голосования",
  window: "Окно подсчёта",
  count: "Голоса",
  voters: "Голосовавшие (время опускания пальца)",
  byDefault: "по умолчанию",
  shootouts: "Перестрелки",
  nights: "Ночи",
  shots: "Выстрелы и решения",
  checks: "Проверки",
  killed: "Убит",
  nobody: "никто",
  lastWords: "Последние слова",
  seconds: "Секунды",
  bestMove: "Лучший ход",
  removals: "Удаления",
  corrections: "Исправления",
  texts: "Тексты",
  "text.will": "Завещание",
  "text.to": "Кому",
  "text.published": "опубликовано",
  "text.edition": "Газета",
  "text.when": "В конце",
  "text.day": "дня",
  "text.night": "ночи",
  "text.pseudonym": "Псевдоним",
  "text.ad": "Объявление",
  "text.author": "Подал",
  "text.victim": "Жертва",
  "text.message": "Послание о смерти",
  undoes: "отменяет запись",
  void: "Действия, недействительные после исправления",
  "kind.main": "Голосование",
  "kind.revote": "Переголосование после перестрелки",
  "kind.leave": "Все уходят или все остаются",
  "kind.secret": "Тайное голосование",
  leave: "уходят",
  stay: "остаются",
  abstain: "воздержался",
  appeal: "Движения пальцев и окна подсчёта",
  ...VOICE_RU,
};

const DICTS: Record<RecordLang, Dict> = { en, de, ru };

export type Translate = (key: string) => string;

export function translator(lang: RecordLang): Translate {
  const dict = DICTS[lang] as Record<string, string | undefined>;
  const base = en as Record<string, string | undefined>;
  return (key) => dict[key] ?? gameWord(lang, key) ?? base[key] ?? gameWord("en", key) ?? key;
}

/**
 * The sheet's words with {placeholders}, for the sentences it shares with the console (an
 * input in words, protocol/words/undo.ts): those words first, then the sheet's own.
 */
export function sayer(lang: RecordLang): Say {
  const t = translator(lang);
  const undo = UNDO_WORDS[lang] as Record<string, string | undefined>;
  return (key, params, fallback) => {
    const own = t(key);
    const text = undo[key] ?? (own === key ? (fallback ?? key) : own);
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => params?.[name] ?? whole);
  };
}
