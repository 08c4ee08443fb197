/**
 * Words of the forum ruleset on every screen (GLOSSARY.md's forum column): the night's
 * private answers, the phone's questions and options for every forum action, the public
 * vote and the clock on the display, inactivity warnings, the host's `warn`. Kept apart
 * from the big dictionaries; index.ts merges them in; test/browser/i18n.test.ts checks
 * keys and placeholders across languages.
 */
import type { Lang } from "../../../protocol/host.js";

const enForum = {
  "phone.whichAction": "What do you do?",
  "phone.action.successor": "Who takes the office?",
  "phone.action.compare": "Which two do you compare?",
  "phone.action.protect": "Whom do you protect tonight?",
  "phone.action.guard": "Whom do you guard tonight?",
  "phone.action.frame": "Whom do you frame?",
  "phone.action.attack": "Whom do you attack? You die too",
  "phone.action.suspect": "Who is the detective?",
  "phone.action.forum.kill": "Whom does the mafia murder?",
  "phone.action.forum.vote": "Whom do you vote to lynch? Everyone sees it",
  "phone.action.forum.check": "Whose party do you check?",
  "phone.option.straight": "Count my vote straight (+1)",
  "phone.option.heir": "Succeeds me at my death",
  "phone.option.handover": "Takes the office now",
  "phone.bare": "Send without an option",
  "phone.bare.vote": "My vote as it is (counts −1)",

  "forum.votes": "The public vote",
  "forum.noVotes": "No votes yet",
  "forum.tally": "Total",
  "forum.tallyHint": "Totals as counted: a vote may count −1",
  "forum.until.day": "The vote closes at {time}",
  "forum.until.night": "The night's results at {time}",
  "forum.clock.table": "Table evening",
  "forum.clock.calendar":
    "Forum calendar: the day ends at {dayEnds}, the night at {nightEnds} ({zone})",
  "forum.composition": "{town} citizens, {mafia} mafiosi",
  "forum.warnings": "Warnings",
  "forum.warningCount": "{n} of {max}",
  "forum.out": "Out of the game",

  "host.warn": "Warn",
  "host.confirmWarn": "Give {who} an inactivity warning? The last one disqualifies.",
  "host.forum": "Forum",
  "host.office": "Holds the boss's office",
  "host.straight": "The liar's vote counts straight (+1)",
  "cmd.warn": "Warning for {seat}",
} as const;

export type ForumKey = keyof typeof enForum;

const deForum: Record<ForumKey, string> = {
  "phone.whichAction": "Was tust du?",
  "phone.action.successor": "Wer übernimmt das Amt?",
  "phone.action.compare": "Welche zwei vergleichst du?",
  "phone.action.protect": "Wen beschützt du heute Nacht?",
  "phone.action.guard": "Wen bewachst du heute Nacht?",
  "phone.action.frame": "Wen rufmordest du?",
  "phone.action.attack": "Wen greifst du an? Du stirbst mit",
  "phone.action.suspect": "Wer ist der Detektiv?",
  "phone.action.forum.kill": "Wen ermordet die Mafia?",
  "phone.action.forum.vote": "Wen willst du hinrichten? Alle sehen es",
  "phone.action.forum.check": "Wessen Partei fragst du ab?",
  "phone.option.straight": "Meine Stimme zählt normal (+1)",
  "phone.option.heir": "Nachfolger bei meinem Tod",
  "phone.option.handover": "Übernimmt das Amt jetzt",
  "phone.bare": "Ohne Option senden",
  "phone.bare.vote": "Meine Stimme, wie sie ist (zählt −1)",

  "forum.votes": "Die öffentliche Abstimmung",
  "forum.noVotes": "Noch keine Stimmen",
  "forum.tally": "Stand",
  "forum.tallyHint": "Stand wie gezählt: eine Stimme kann −1 zählen",
  "forum.until.day": "Einsendeschluss {time}",
  "forum.until.night": "Ergebnisse der Nacht um {time}",
  "forum.clock.table": "Spielabend am Tisch",
  "forum.clock.calendar":
    "Forumskalender: der Tag endet um {dayEnds}, die Nacht um {nightEnds} ({zone})",
  "forum.composition": "{town} Bürger, {mafia} Mafiosi",
  "forum.warnings": "Verwarnungen",
  "forum.warningCount": "{n} von {max}",
  "forum.out": "Ausgeschieden",

  "host.warn": "Verwarnen",
  "host.confirmWarn": "{who} wegen Inaktivität verwarnen? Die letzte Verwarnung disqualifiziert.",
  "host.forum": "Forum",
  "host.office": "Hat das Amt des Mafiabosses",
  "host.straight": "Die Stimme des Lügners zählt normal (+1)",
  "cmd.warn": "Verwarnung für {seat}",
};

const ruForum: Record<ForumKey, string> = {
  "phone.whichAction": "Что вы делаете?",
  "phone.action.successor": "Кто примет пост?",
  "phone.action.compare": "Каких двоих вы сравниваете?",
  "phone.action.protect": "Кого вы защищаете этой ночью?",
  "phone.action.guard": "Кого вы охраняете этой ночью?",
  "phone.action.frame": "Кого вы оклевещете?",
  "phone.action.attack": "На кого вы нападаете? Вы тоже погибнете",
  "phone.action.suspect": "Кто детектив?",
  "phone.action.forum.kill": "Кого убивает мафия?",
  "phone.action.forum.vote": "Кого вы линчуете? Это видят все",
  "phone.action.forum.check": "Чью партию вы проверяете?",
  "phone.option.straight": "Мой голос считается прямо (+1)",
  "phone.option.heir": "Преемник после моей смерти",
  "phone.option.handover": "Принимает пост сейчас",
  "phone.bare": "Отправить без выбора",
  "phone.bare.vote": "Мой голос как есть (считается −1)",

  "forum.votes": "Открытое голосование",
  "forum.noVotes": "Голосов пока нет",
  "forum.tally": "Итог",
  "forum.tallyHint": "Итог по подсчёту: голос может считаться −1",
  "forum.until.day": "Голосование до {time}",
  "forum.until.night": "Итоги ночи в {time}",
  "forum.clock.table": "Вечер за столом",
  "forum.clock.calendar": "Календарь форума: день до {dayEnds}, ночь до {nightEnds} ({zone})",
  "forum.composition": "мирных: {town}, мафии: {mafia}",
  "forum.warnings": "Предупреждения",
  "forum.warningCount": "{n} из {max}",
  "forum.out": "Выбыли",

  "host.warn": "Предупредить",
  "host.confirmWarn":
    "Предупредить {who} за неактивность? Последнее предупреждение дисквалифицирует.",
  "host.forum": "Форум",
  "host.office": "Пост босса мафии",
  "host.straight": "Голос лжеца считается прямо (+1)",
  "cmd.warn": "Предупреждение: {seat}",
};

export const FORUM_WORDS: Record<Lang, Record<ForumKey, string>> = {
  en: enForum,
  de: deForum,
  ru: ruForum,
};
