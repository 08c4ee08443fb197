/**
 * Words of the public display's live details and of the audience screen, in every
 * language: kept apart from the big dictionaries so that those stay readable. index.ts
 * merges them in; test/browser/i18n.test.ts checks keys and placeholders across languages.
 */
import type { Lang } from "../../../protocol/host.js";

const enScreens = {
  "ui.foulCount": "fouls",
  "ui.votedFor": "for {n}",
  "ui.voters": "Voted",
  "ui.noVoters": "nobody",
  "audience.title": "Audience",
  "audience.roles": "Roles",
  "audience.night": "The night",
  "audience.nothingYet": "Nothing yet",
  "audience.shot": "{seat} shoots {target}",
  "audience.check": "{seat} checks {target}: {answer}",
  "audience.vote": "The vote",
  "audience.noExtra": "This game gives the audience nothing beyond the table",
  "audience.unpaired": "This audience screen is not paired yet",
  "audience.pairHint": "Open the audience link from the host console, or type the audience key:",
  "audience.keyLabel": "Audience key",
  "audience.refused": "The hub refused this audience key",
  "pair.audience": "Audience screen",
  "pair.audienceHint":
    "For the hall or a stream: it shows every role. Add ?overlay=1 for a transparent overlay.",
} as const;

export type ScreenKey = keyof typeof enScreens;

const deScreens: Record<ScreenKey, string> = {
  "ui.foulCount": "Fouls",
  "ui.votedFor": "für {n}",
  "ui.voters": "Gestimmt",
  "ui.noVoters": "niemand",
  "audience.title": "Publikum",
  "audience.roles": "Rollen",
  "audience.night": "Die Nacht",
  "audience.nothingYet": "Noch nichts",
  "audience.shot": "{seat} schießt auf {target}",
  "audience.check": "{seat} prüft {target}: {answer}",
  "audience.vote": "Die Abstimmung",
  "audience.noExtra": "Dieses Spiel zeigt dem Publikum nicht mehr als dem Tisch",
  "audience.unpaired": "Dieser Publikumsbildschirm ist noch nicht gekoppelt",
  "audience.pairHint":
    "Öffne den Publikumslink aus der Spielleiter-Konsole oder gib den Publikumsschlüssel ein:",
  "audience.keyLabel": "Publikumsschlüssel",
  "audience.refused": "Der Hub hat diesen Publikumsschlüssel abgelehnt",
  "pair.audience": "Publikumsbildschirm",
  "pair.audienceHint":
    "Für den Saal oder einen Stream: er zeigt jede Rolle. Mit ?overlay=1 als transparentes Overlay.",
};

const ruScreens: Record<ScreenKey, string> = {
  "ui.foulCount": "фолы",
  "ui.votedFor": "за {n}",
  "ui.voters": "Голосовали",
  "ui.noVoters": "никто",
  "audience.title": "Зрители",
  "audience.roles": "Роли",
  "audience.night": "Ночь",
  "audience.nothingYet": "Пока ничего",
  "audience.shot": "{seat} стреляет в {target}",
  "audience.check": "{seat} проверяет {target}: {answer}",
  "audience.vote": "Голосование",
  "audience.noExtra": "В этой игре зрители видят не больше, чем стол",
  "audience.unpaired": "Экран зрителей ещё не подключён",
  "audience.pairHint":
    "Откройте ссылку для зрителей из консоли ведущего или введите ключ зрителей:",
  "audience.keyLabel": "Ключ зрителей",
  "audience.refused": "Хаб отклонил этот ключ зрителей",
  "pair.audience": "Экран зрителей",
  "pair.audienceHint":
    "Для зала или трансляции: на нём видны все роли. С ?overlay=1 — прозрачный оверлей.",
};

export const SCREEN_WORDS: Record<Lang, Record<ScreenKey, string>> = {
  en: enScreens,
  de: deScreens,
  ru: ruScreens,
};

/** The place in an order: "1st", "1.", "1-й". */
export function ordinal(lang: Lang, n: number): string {
  if (lang === "de") return `${n}.`;
  if (lang === "ru") return `${n}-й`;
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}
