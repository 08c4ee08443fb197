/**
 * One dictionary of game words (roles per ruleset, ways out, steps, announcements, options),
 * in en, de and ru, read by the screens (display, console, audience, phone) and the record
 * alike: `role.<ruleset>.<role>`, `out.<out>`, `step.<step>`, `night.<step>` and
 * `log.<announcement>` for the keys of each ruleset's manifest (protocol/manifest.ts).
 * `test/protocol/manifest-words.test.ts` checks that every step and announcement a manifest
 * declares has a word in every language and that no such word is unused;
 * `test/record/words.test.ts` does the same for roles and ways out.
 */
import { de } from "./de.js";
import { en, type GameWords } from "./en.js";
import { deOptions } from "./options-de.js";
import { enOptions, type OptionName, type OptionWord, type OptionWords } from "./options-en.js";
import { ruOptions } from "./options-ru.js";
import { ru } from "./ru.js";

export type { GameWordKey, GameWords } from "./en.js";
export const WORD_LANGS = ["en", "de", "ru"] as const;
export const GAME_WORDS: Record<(typeof WORD_LANGS)[number], GameWords> = { en, de, ru };

/** Words a registered role or ability brings (registerWords), by language, then key. */
const REGISTERED = new Map<string, Map<string, string>>();

/**
 * Adds a registered role's or ability's words (a test's toy role: its `role.<ruleset>.<role>`,
 * `action.<ability>`, …), read by gameWord as the built-in ones are. Refuses a key the
 * dictionary already has, so a registration cannot reword a real role.
 */
export function registerWords(words: Readonly<Record<string, Readonly<Record<string, string>>>>) {
  for (const [lang, byKey] of Object.entries(words)) {
    for (const [key, text] of Object.entries(byKey)) {
      if (gameWord(lang, key) !== undefined) throw new Error(`word "${key}" (${lang}) exists`);
      const mine = REGISTERED.get(lang) ?? new Map<string, string>();
      mine.set(key, text);
      REGISTERED.set(lang, mine);
    }
  }
}

/** Removes registered words (the built-in dictionary stays as it is). */
export function unregisterWords(words: Readonly<Record<string, Readonly<Record<string, string>>>>) {
  for (const [lang, byKey] of Object.entries(words))
    for (const key of Object.keys(byKey)) REGISTERED.get(lang)?.delete(key);
}

/** The word for a key in `lang`, or undefined (the caller decides what a missing word shows). */
export function gameWord(lang: string, key: string): string | undefined {
  const words = (GAME_WORDS as Record<string, Record<string, string> | undefined>)[lang];
  if (words && Object.hasOwn(words, key)) return words[key];
  return REGISTERED.get(lang)?.get(key);
}

/**
 * Announcement words beyond the manifests' keys: a removal said without its cause (the table
 * is not told it) and a warning said with its cause. The screens pick them (web-display
 * i18n `announcement`); the words test accepts them as used.
 */
export const ANNOUNCEMENT_VARIANTS = ["removed.plain", "warned.cause"] as const;

/** Step words beyond the manifests' steps: what a night step shows when it has no word. */
export const STEP_FALLBACKS = ["night.sleep"] as const;

export type WordParams = Record<string, string | number | boolean | null | undefined>;

/**
 * A word's `{name}` placeholders filled from `params`. A missing or null param keeps its
 * placeholder, so a word that asks for something the caller lacks shows it, not a blank.
 */
export function fillWord(text: string, params: WordParams | undefined): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined || v === null ? whole : String(v);
  });
}

export type { OptionName, OptionWord, OptionWords } from "./options-en.js";

/** Every option's label, description, unit and choices, per language (options-en.ts). */
export const OPTION_WORDS: Record<(typeof WORD_LANGS)[number], OptionWords> = {
  en: enOptions,
  de: deOptions,
  ru: ruOptions,
};

/** An option in `lang`'s words (English where the language is unknown), or undefined. */
export function optionWord(lang: string, name: string): OptionWord | undefined {
  const words = Object.hasOwn(OPTION_WORDS, lang)
    ? OPTION_WORDS[lang as keyof typeof OPTION_WORDS]
    : OPTION_WORDS.en;
  return Object.hasOwn(words, name) ? words[name as OptionName] : undefined;
}
