/**
 * Every visible string goes through a Translator. The wording of game facts (titles,
 * announcements, seats) is built here once, so the display and the console say the same.
 */
import type { Lang } from "../../../protocol/host.js";
import type { LogEntry, PublicSeat, PublicState } from "../../../protocol/views.js";
import { fillWord, gameWord, type WordParams } from "../../../protocol/words/index.js";
import { UNDO_WORDS, type UndoKey } from "../../../protocol/words/undo.js";
import { CONSOLE_WORDS, type ConsoleKey } from "./console.js";
import { de } from "./de.js";
import { en, type MessageKey } from "./en.js";
import { FORUM_WORDS, type ForumKey } from "./forum.js";
import { ru } from "./ru.js";
import { SCREEN_WORDS, type ScreenKey } from "./screens.js";
import { TEXT_WORDS, type TextKey } from "./texts.js";

export { ordinal } from "./screens.js";
export type { MessageKey };
export const DICTIONARIES: Record<
  Lang,
  Record<MessageKey | ScreenKey | TextKey | ForumKey | ConsoleKey | UndoKey, string>
> = {
  en: {
    ...en,
    ...SCREEN_WORDS.en,
    ...TEXT_WORDS.en,
    ...FORUM_WORDS.en,
    ...CONSOLE_WORDS.en,
    ...UNDO_WORDS.en,
  },
  de: {
    ...de,
    ...SCREEN_WORDS.de,
    ...TEXT_WORDS.de,
    ...FORUM_WORDS.de,
    ...CONSOLE_WORDS.de,
    ...UNDO_WORDS.de,
  },
  ru: {
    ...ru,
    ...SCREEN_WORDS.ru,
    ...TEXT_WORDS.ru,
    ...FORUM_WORDS.ru,
    ...CONSOLE_WORDS.ru,
    ...UNDO_WORDS.ru,
  },
};

export type Params = WordParams;

export interface Translator {
  lang: Lang;
  /** A known key, or a dynamic one (`role.sport.don`); unknown keys fall back to `fallback`. */
  t(key: MessageKey | string, params?: Params, fallback?: string): string;
  has(key: string): boolean;
}

export function translator(lang: Lang): Translator {
  const dict = DICTIONARIES[lang] as Record<string, string>;
  const base = DICTIONARIES.en as Record<string, string>;
  return {
    lang,
    t(key, params, fallback) {
      // Then the words the hub registered at run time (public/rulesets), which no bundle has.
      const text = dict[key] ?? gameWord(lang, key) ?? base[key] ?? gameWord("en", key);
      return fillWord(text ?? fallback ?? key, params);
    },
    has: (key) => Object.hasOwn(dict, key) || gameWord(lang, key) !== undefined,
  };
}

type SeatNames = readonly Pick<PublicSeat, "seat" | "name">[];

export function seatRef(tr: Translator, seats: SeatNames, n: number): string {
  const name = seats.find((s) => s.seat === n)?.name ?? "";
  return tr.t("seat.ref", { n, name }).trim();
}

export function seatList(tr: Translator, seats: SeatNames, list: readonly number[]): string {
  return list.map((n) => seatRef(tr, seats, n)).join(", ");
}

export function roleName(tr: Translator, ruleset: string, role: string): string {
  return tr.t(`role.${ruleset}.${role}`, undefined, role);
}

/** "Night 1", "Day 0", "Game over". */
export function phaseTitle(tr: Translator, state: Pick<PublicState, "phase" | "round">): string {
  switch (state.phase) {
    case "night":
      return state.round === 0 ? tr.t("title.night0") : tr.t("title.night", state);
    case "day":
      return state.round === 0 ? tr.t("title.day0") : tr.t("title.day", state);
    case "ended":
      return tr.t("title.ended");
    default:
      return tr.t("title.setup");
  }
}

/** What the night is doing, without a word about who: "the mafia goes hunting". */
export function nightLine(tr: Translator, state: Pick<PublicState, "step" | "round">): string {
  const plain = `night.${state.step}`;
  const key = state.round === 0 && tr.has(`${plain}.zero`) ? `${plain}.zero` : plain;
  return tr.t(key, undefined, tr.t("night.sleep"));
}

export function stepName(tr: Translator, step: string): string {
  return tr.t(`step.${step}`, undefined, step);
}

/** "Night 1 — the mafia goes hunting", "Day 2 — Vote". */
export function stepTitle(tr: Translator, state: PublicState): string {
  if (state.phase === "ended" || state.phase === "setup") return phaseTitle(tr, state);
  const detail = state.phase === "night" ? nightLine(tr, state) : stepName(tr, state.step);
  return `${phaseTitle(tr, state)} — ${detail}`;
}

function causeText(tr: Translator, key: string, cause: unknown): string {
  if (typeof cause !== "string") return "";
  const prefix = key === "removed" ? "cause" : key === "warned" ? "warn" : "foul";
  return tr.t(`${prefix}.${cause}`, undefined, cause);
}

/** One announcement in words. Seats are named by number and name. */
export function announcement(
  tr: Translator,
  entry: LogEntry,
  seats: SeatNames,
  ruleset: string,
): string {
  const p = entry.params;
  const [a, b] = entry.seats;
  const winner = typeof p.winner === "string" ? tr.t(`winner.${p.winner}`) : "";
  const params: Params = {
    ...p,
    seat: a === undefined ? "" : seatRef(tr, seats, a),
    a: a === undefined ? "" : seatRef(tr, seats, a),
    b: b === undefined ? "" : seatRef(tr, seats, b),
    seats: seatList(tr, seats, entry.seats),
    cause: causeText(tr, entry.key, p.cause),
    winner,
  };
  // The forum's warnings say why, where the entry says it (FORUM-INACT-02); a removal says
  // why only where the table shows it (the `showRemovalCause` option, or the host's view);
  // a vote that names no seats has every living seat on its ballot (nobody nominates).
  const key =
    entry.key === "warned" && params.cause
      ? "warned.cause"
      : entry.key === "removed" && !params.cause
        ? "removed.plain"
        : entry.key === "vote.start" && entry.seats.length === 0
          ? "vote.start.all"
          : entry.key;
  const text = tr.t(`log.${key}`, params, entry.key);
  const reason = typeof p.reason === "string" && p.reason.length > 0 ? ` (${p.reason})` : "";
  // Rulesets that reveal a role on elimination say it in the announcement itself.
  const role = typeof p.role === "string" ? ` — ${roleName(tr, ruleset, p.role)}` : "";
  return text + reason + role;
}

/** A private result (a check's answer) in words, for the host's secret view. */
export function resultText(tr: Translator, ruleset: string, key: string): string {
  if (key.startsWith("role.") && !tr.has(key)) return roleName(tr, ruleset, key.slice(5));
  return tr.t(key, undefined, key);
}

/** An error code in words (an unknown code keeps the hub's own message). */
export function errorText(tr: Translator, code: string, message?: string): string {
  return tr.t(`error.${code}`, undefined, message ?? tr.t("error.unknown"));
}
