/**
 * One dictionary of game words (protocol/words): every role and way out a ruleset's
 * manifest names has a word in en, de and ru, and each ruleset's game sheet, in each
 * language, shows words, never a raw `a.b` key.
 */
import { describe, expect, it } from "vitest";
import { createGame, type EngineInput, type GameState, step } from "../../hub/engine/index.js";
import { availableRulesets, rulesetById } from "../../hub/engine/rulesets/index.js";
import type { JournalHeader } from "../../hub/journal/journal.js";
import { sheetHtml } from "../../hub/record/html.js";
import { RECORD_LANGS, translator } from "../../hub/record/i18n.js";
import { recordFromJournal } from "../../hub/record/index.js";
import type { RulesetId } from "../../protocol/index.js";
import { gameWord, WORD_LANGS } from "../../protocol/words/index.js";
import { T0 } from "../helpers/engine-driver.js";
import { seedHex } from "../helpers/random-forum.js";
import { mulberry32, nextInputs, playRandom } from "../helpers/random-game.js";
import { nextHuntInputs } from "../helpers/random-hunt.js";

const SEATS: Record<RulesetId, number> = { sport: 10, app: 8, hunt: 12, forum: 13 };

/** A finished random game's accepted inputs, as its journal holds them. */
function randomJournal(ruleset: RulesetId, seed: number) {
  const seats = SEATS[ruleset];
  if (seats === undefined) throw new Error(`no table size for ${ruleset}`);
  const config = {
    table: "t1",
    ruleset,
    seats: Array.from({ length: seats }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
    options: {},
    seed: seedHex(seed),
    at: T0,
  };
  const created = createGame(config);
  if (!created.ok) throw new Error(created.errors.join("; "));
  const next = (s: GameState, r: () => number, at: number) =>
    ruleset === "sport" ? nextInputs(s, r, at, true) : nextHuntInputs(s, r, at);
  const { offered } = playRandom(created.state, mulberry32(seed), next, {
    batches: 3000,
    gapMs: 3000,
  });
  const accepted: EngineInput[] = [];
  let state = created.state;
  for (const input of offered) {
    const r = step(state, input);
    if (!r.ok) continue;
    accepted.push(input);
    state = r.state;
  }
  const header: JournalHeader = {
    type: "header",
    v: 1,
    config,
    setupId: null,
    seen: {},
    hostIds: [],
  };
  return {
    header,
    records: accepted.map((input, i) => ({ type: "input" as const, n: i + 1, input })),
  };
}

describe.each(availableRulesets())("%s words", (id) => {
  const manifest = rulesetById(id)?.manifest;
  if (!manifest) throw new Error(id);

  it("has a word for every role and way out of the manifest, in every language", () => {
    const keys = [
      ...manifest.roles.map((r) => `role.${id}.${r.id}`),
      ...manifest.roles.flatMap((r) => r.abilities.map((a) => `action.${a}`)),
      ...manifest.outs.map((o) => `out.${o}`),
    ];
    const missing = WORD_LANGS.flatMap((lang) =>
      keys.filter((k) => !gameWord(lang, k)?.trim()).map((k) => `${lang}: ${k}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(RECORD_LANGS)("renders a random game's sheet in %s with no raw key", (lang) => {
    const record = recordFromJournal(randomJournal(id, 11));
    const text = sheetHtml(record, lang)
      .replace(/<style[\s\S]*?<\/style>/g, "")
      .replace(/<[^>]+>/g, " ");
    expect(text.match(/\b[a-z]+\.[a-z_]+(\.[a-z_]+)*\b/g) ?? []).toEqual([]);
    expect(record.seats.some((s) => s.role)).toBe(true);
    // Column heads are words of the language: the last words' length was a bare "s".
    const heads = [...sheetHtml(record, lang).matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(heads.filter((h) => /^\p{L}$/u.test((h ?? "").trim()))).toEqual([]);
  });

  it.each(RECORD_LANGS.filter((l) => l !== "en"))(
    "names the night's actions in %s, not by their English ids",
    (lang) => {
      const record = recordFromJournal(randomJournal(id, 11));
      const nights = sheetHtml(record, lang)
        .split("<h2>")
        .find((part) => part.startsWith(translator(lang)("nights")));
      const acted = [...new Set(record.nights.flatMap((n) => n.actions.map((a) => a.action)))];
      for (const action of acted) {
        expect(nights).toContain(gameWord(lang, `action.${action}`));
        expect(nights).not.toMatch(new RegExp(`: ${action} →`));
      }
    },
  );
});

it("the record's translator knows every ruleset's roles (it had no hunt or forum roles)", () => {
  expect(translator("de")("role.forum.detective")).toBe("Detektiv");
  expect(translator("ru")("out.hunted")).toBe(gameWord("ru", "out.hunted"));
});
