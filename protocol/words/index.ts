/**
 * One dictionary of game words (roles per ruleset, ways out), in en, de and ru, read by the
 * screens and the record alike: `role.<ruleset>.<role>` and `out.<out>` for the keys of
 * each ruleset's manifest (protocol/manifest.ts). `test/record/words.test.ts` checks that
 * every key a manifest can name has a word in every language.
 */
import { de } from "./de.js";
import { en, type GameWords } from "./en.js";
import { ru } from "./ru.js";

export type { GameWordKey, GameWords } from "./en.js";
export const WORD_LANGS = ["en", "de", "ru"] as const;
export const GAME_WORDS: Record<(typeof WORD_LANGS)[number], GameWords> = { en, de, ru };

/** The word for a key in `lang`, or undefined (the caller decides what a missing word shows). */
export function gameWord(lang: string, key: string): string | undefined {
  const words = (GAME_WORDS as Record<string, Record<string, string> | undefined>)[lang];
  return words && Object.hasOwn(words, key) ? words[key] : undefined;
}
