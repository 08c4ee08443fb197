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
 * Words by language, then key: what registerWords added, as it travels on the wire
 * (`public/rulesets`'s `words`, docs/PROTOCOL.md).
 */
export type WordSet = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * The words a hub registered at run time, as a screen received them (receiveWords): a page
 * runs no registration of its own, so a role or ruleset the hub's process registered would
 * otherwise show its bare id there.
 */
let RECEIVED: WordSet = {};

/**
 * Adds a registered role's or ability's words (a test's toy role: its `role.<ruleset>.<role>`,
 * `action.<ability>`, …), read by gameWord as the built-in ones are. Refuses a key the
 * dictionary already has (or a built-in option's), so a registration cannot reword a real
 * role or option; a refused registration adds none of its words.
 */
export function registerWords(words: WordSet) {
  for (const [lang, byKey] of Object.entries(words)) {
    for (const key of Object.keys(byKey)) {
      if (gameWord(lang, key) !== undefined || builtInOption(key))
        throw new Error(`word "${key}" (${lang}) exists`);
    }
  }
  let added = false;
  for (const [lang, byKey] of Object.entries(words)) {
    for (const [key, text] of Object.entries(byKey)) {
      const mine = REGISTERED.get(lang) ?? new Map<string, string>();
      mine.set(key, text);
      REGISTERED.set(lang, mine);
      added = true;
    }
  }
  if (added) wordsChanged();
}

/** Whether the key words a built-in option (`option.<name>.…`), which optionWord reads first. */
function builtInOption(key: string): boolean {
  const [head, name] = key.split(".");
  return head === "option" && name !== undefined && Object.hasOwn(OPTION_WORDS.en, name);
}

/** Removes registered words (the built-in dictionary stays as it is). */
export function unregisterWords(words: WordSet) {
  let removed = false;
  for (const [lang, byKey] of Object.entries(words))
    for (const key of Object.keys(byKey)) removed = REGISTERED.get(lang)?.delete(key) || removed;
  if (removed) wordsChanged();
}

/** Who is told when the registered words change (the hub, which republishes them). */
const WORDS_LISTENERS = new Set<() => void>();

/**
 * Calls `listener` after every registerWords or unregisterWords that changed the registered
 * words, so that a hub already running re-sends them (`public/rulesets`): a registration
 * made after it started would otherwise reach no screen. Returns the way to stop listening.
 * Plain calls, no I/O here: what to do with the news is the listener's.
 */
export function onRegisteredWordsChange(listener: () => void): () => void {
  WORDS_LISTENERS.add(listener);
  return () => WORDS_LISTENERS.delete(listener);
}

function wordsChanged(): void {
  for (const listener of [...WORDS_LISTENERS]) listener();
}

/** Every word registered in this process, by language (the hub publishes them). */
export function registeredWords(): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [lang, byKey] of REGISTERED)
    if (byKey.size > 0)
      out[lang] = Object.fromEntries([...byKey].sort(([a], [b]) => (a < b ? -1 : 1)));
  return out;
}

/**
 * Takes the hub's registered words as received (`public/rulesets`), replacing the last
 * ones: a page follows one hub, and a hub that restarted without a registration drops it.
 * A received word never replaces a built-in one (gameWord reads those first).
 */
export function receiveWords(words: WordSet | undefined): void {
  RECEIVED = words ?? {};
}

/** The word for a key in `lang`, or undefined (the caller decides what a missing word shows). */
export function gameWord(lang: string, key: string): string | undefined {
  const words = (GAME_WORDS as Record<string, Record<string, string> | undefined>)[lang];
  if (words && Object.hasOwn(words, key)) return words[key];
  const received = Object.hasOwn(RECEIVED, lang) ? RECEIVED[lang] : undefined;
  return (
    REGISTERED.get(lang)?.get(key) ??
    (received && Object.hasOwn(received, key) ? received[key] : undefined)
  );
}

/**
 * Announcement words beyond the manifests' keys: a removal said without its cause (the table
 * is not told it), a warning said with its cause, and a vote whose start names no seats
 * (every living seat is on the ballot, as where nobody nominates). The screens pick them
 * (web-display i18n `announcement`); the words test accepts them as used.
 */
export const ANNOUNCEMENT_VARIANTS = ["removed.plain", "warned.cause", "vote.start.all"] as const;

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
  if (Object.hasOwn(words, name)) return words[name as OptionName];
  return registeredOption(lang, name) ?? registeredOption("en", name);
}

/**
 * A registered ruleset's option in words, from flat keys (so that one word list, and one
 * wire shape, carries them): `option.<name>.label`, `.about`, `.unit` and `.choice.<id>`.
 */
function registeredOption(lang: string, name: string): OptionWord | undefined {
  const at = (key: string) => gameWord(lang, `option.${name}.${key}`);
  const label = at("label");
  const about = at("about");
  if (label === undefined || about === undefined) return undefined;
  const unit = at("unit");
  const prefix = `option.${name}.choice.`;
  const received = Object.hasOwn(RECEIVED, lang) ? RECEIVED[lang] : undefined;
  const all = { ...received, ...Object.fromEntries(REGISTERED.get(lang) ?? []) };
  const choices = Object.fromEntries(
    Object.entries(all).flatMap(([k, v]) =>
      k.startsWith(prefix) ? [[k.slice(prefix.length), v]] : [],
    ),
  );
  return {
    label,
    about,
    ...(unit === undefined ? {} : { unit }),
    ...(Object.keys(choices).length > 0 ? { choices } : {}),
  };
}
