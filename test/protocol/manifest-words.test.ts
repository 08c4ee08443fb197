/**
 * Step and announcement words live once, in protocol/words, keyed by what each ruleset's
 * manifest declares (protocol/manifest.ts): every step has a `step.<id>` word, every night
 * step a `night.<id>` line, every announcement key a `log.<key>` word, in en, de and ru, and
 * no such word is left over from a step or announcement that no manifest declares. The
 * display, console, audience screen and record read them from there (issue 23).
 */
import { describe, expect, it } from "vitest";
import { availableRulesets, rulesetById } from "../../hub/engine/index.js";
import { CORE_STEPS, type RulesetManifest } from "../../protocol/manifest.js";
import {
  ANNOUNCEMENT_VARIANTS,
  GAME_WORDS,
  gameWord,
  STEP_FALLBACKS,
  WORD_LANGS,
} from "../../protocol/words/index.js";

const manifests = availableRulesets().map((id) => {
  const manifest = rulesetById(id)?.manifest;
  if (!manifest) throw new Error(`no manifest for ${id}`);
  return [id, manifest] as const;
});

/** Every step and announcement word a manifest needs. */
function neededKeys(manifest: RulesetManifest): string[] {
  return [
    ...CORE_STEPS.map((s) => `step.${s}`),
    ...manifest.steps.map((s) => `step.${s.id}`),
    ...manifest.steps.filter((s) => s.kind === "night").map((s) => `night.${s.id}`),
    ...manifest.announcements.map((a) => `log.${a}`),
  ];
}

describe.each(manifests)("%s: step and announcement words", (_id, manifest) => {
  it.each(WORD_LANGS)("has each in %s", (lang) => {
    const missing = neededKeys(manifest).filter((k) => !gameWord(lang, k)?.trim());
    expect(missing).toEqual([]);
  });

  it.each(WORD_LANGS)("asks in %s for the same placeholders as in English", (lang) => {
    const slots = (text: string | undefined) => [...(text ?? "").matchAll(/\{\w+\}/g)].sort();
    const differ = neededKeys(manifest).filter(
      (k) => slots(gameWord(lang, k)).join() !== slots(gameWord("en", k)).join(),
    );
    expect(differ).toEqual([]);
  });
});

it("finds the manifests' keys and the words (the walk itself works)", () => {
  const keys = manifests.flatMap(([, m]) => neededKeys(m));
  expect(keys).toContain("step.stayvote");
  expect(keys).toContain("night.sheriff");
  expect(keys).toContain("log.forum.paper");
  expect(Object.keys(GAME_WORDS.ru)).toContain("log.vote.leave.yes");
});

it("no step or announcement word is unused by every manifest", () => {
  const used = new Set([
    ...manifests.flatMap(([, m]) => neededKeys(m)),
    ...ANNOUNCEMENT_VARIANTS.map((v) => `log.${v}`),
    ...STEP_FALLBACKS,
  ]);
  // A night step's `.zero` line is its line on night 0 (the meeting), where it has one.
  const base = (k: string) => (k.startsWith("night.") ? k.replace(/\.zero$/, "") : k);
  const unused = WORD_LANGS.flatMap((lang) =>
    Object.keys(GAME_WORDS[lang])
      .filter((k) => /^(step|night|log)\./.test(k) && !used.has(base(k)))
      .map((k) => `${lang}: ${k}`),
  );
  expect(unused).toEqual([]);
});
