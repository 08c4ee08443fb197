/**
 * Every option each ruleset offers (`host/rulesets`) has words in en, de and ru: a label,
 * a one-line description, a unit where it is a duration, and a word for every choice, so the
 * console's setup form shows no raw identifier (`shotQuorum`, `disconnectGraceSeconds`).
 */
import { describe, expect, it } from "vitest";
import { availableRulesets, rulesetById } from "../../hub/engine/index.js";
import { OPTION_WORDS, optionWord, WORD_LANGS } from "../../protocol/words/index.js";

const options = availableRulesets().flatMap((id) =>
  (rulesetById(id)?.options ?? []).map((o) => ({ ruleset: id, ...o })),
);

describe("option words", () => {
  it("finds the options (the walk itself works)", () => {
    expect(options.some((o) => o.name === "shotQuorum")).toBe(true);
    expect(options.some((o) => o.name === "disconnectGraceSeconds")).toBe(true);
  });

  for (const lang of WORD_LANGS) {
    it(`${lang}: every option of every ruleset has a label, a description and its choices`, () => {
      const missing: string[] = [];
      for (const o of options) {
        const w = optionWord(lang, o.name);
        const where = `${o.ruleset}.${o.name}`;
        if (!w?.label.trim() || !w.about.trim()) {
          missing.push(where);
          continue;
        }
        if (/(Seconds|Minutes)$/.test(o.name) && !w.unit) missing.push(`${where} (unit)`);
        for (const c of o.choices ?? [])
          if (!w.choices?.[c]?.trim()) missing.push(`${where}.${c} (choice)`);
        // A word, not the identifier again.
        if (w.label === o.name) missing.push(`${where} (label is the raw name)`);
      }
      expect(missing).toEqual([]);
    });
  }

  it("names no option no ruleset has (the words do not drift from the schemas)", () => {
    const names = new Set(options.map((o) => o.name));
    for (const lang of WORD_LANGS)
      expect(Object.keys(OPTION_WORDS[lang]).filter((n) => !names.has(n))).toEqual([]);
  });

  it("an unknown option has no word, an unknown language falls back to English", () => {
    expect(optionWord("en", "noSuchOption")).toBeUndefined();
    expect(optionWord("xx", "speechSeconds")?.label).toBe("Speech");
    expect(optionWord("ru", "speechSeconds")?.unit).toBe("с");
  });
});
