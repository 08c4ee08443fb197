/**
 * One dictionary of game words (roles per ruleset, ways out, options), in en, de and ru, read by the
 * screens and the record alike: `role.<ruleset>.<role>` and `out.<out>` for the keys of
 * each ruleset's manifest (protocol/manifest.ts). `test/record/words.test.ts` checks that
 * every key a manifest can name has a word in every language.
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

/** The word for a key in `lang`, or undefined (the caller decides what a missing word shows). */
export function gameWord(lang: string, key: string): string | undefined {
  const words = (GAME_WORDS as Record<string, Record<string, string> | undefined>)[lang];
  return words && Object.hasOwn(words, key) ? words[key] : undefined;
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
