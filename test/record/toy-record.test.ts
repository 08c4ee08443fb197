/**
 * Issue 23's fifth ruleset in the record: the toy (test/helpers/toy-ruleset/), registered
 * with its own words (words.ts) in this process, has a word for every key its manifest and
 * options name, and its game sheet in en, de and ru shows those words, never a raw `a.b` key.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JournalHeader } from "../../hub/journal/journal.js";
import { sheetHtml } from "../../hub/record/html.js";
import { RECORD_LANGS } from "../../hub/record/i18n.js";
import { recordFromJournal } from "../../hub/record/index.js";
import { gameWord, optionWord, registerWords, WORD_LANGS } from "../../protocol/words/index.js";
import { EngineDriver, T0 } from "../helpers/engine-driver.js";
import { toy } from "../helpers/toy-ruleset/index.js";
import { registerToy, unregisterToy } from "../helpers/toy-ruleset/register.js";
import { toyWords } from "../helpers/toy-ruleset/words.js";

beforeAll(registerToy);
afterAll(unregisterToy);

/** A whole toy game from the seed's deal: a night kill, then the town votes the mafioso out. */
function finishedGame() {
  const d = new EngineDriver({ ruleset: "toy", seats: 5 }).start();
  const act = (seat: number, action: string, target: number) =>
    d.ok({ type: "seat", at: d.at, seat, action: { kind: "act", action, targets: [target] } });
  const mafia = d.state.seats.find((s) => s.role === "mafia")?.seat ?? 0;
  const victim = d.state.seats.find((s) => s.role === "civilian")?.seat ?? 0;
  act(mafia, "kill", victim);
  const living = d.state.seats.filter((x) => x.alive).map((x) => x.seat);
  const other = living.find((s) => s !== mafia) ?? 0;
  for (const s of living) act(s, "vote", s === mafia ? other : mafia);
  expect(d.state).toMatchObject({ phase: "ended", winner: "town" });
  const header: JournalHeader = {
    type: "header",
    v: 1,
    config: {
      table: "t1",
      ruleset: "toy",
      seats: d.state.seats.map((s) => ({ seat: s.seat, name: s.name })),
      options: {},
      seed: "0123456789abcdef0123456789abcdef",
      at: T0,
    },
    setupId: null,
    seen: {},
    hostIds: [],
  };
  return recordFromJournal({
    header,
    records: d.inputs.map((input, i) => ({ type: "input" as const, n: i + 1, input })),
  });
}

describe("the toy ruleset's words", () => {
  it("has a word for its name, roles, abilities, steps and options in every language", () => {
    const m = toy.manifest;
    const keys = [
      "ruleset.toy",
      ...m.roles.map((r) => `role.toy.${r.id}`),
      ...m.roles.flatMap((r) => r.abilities.map((a) => `action.${a}`)),
      ...m.steps.map((s) => `step.${s.id}`),
      ...m.steps.filter((s) => s.kind === "night").map((s) => `night.${s.id}`),
      ...m.outs.map((o) => `out.${o}`),
      ...m.announcements.map((a) => `log.${a}`),
    ];
    for (const lang of WORD_LANGS) {
      expect(keys.filter((k) => !gameWord(lang, k)?.trim())).toEqual([]);
      for (const o of toy.options) expect(optionWord(lang, o.name)?.label.trim()).toBeTruthy();
    }
    // Its own words, not a built-in's: the toy's steps are its own ids.
    expect(gameWord("de", "step.dusk")).toBe(toyWords.de["step.dusk"]);
    // A registration cannot reword a built-in option (`decoys`, which app, hunt and forum offer).
    expect(() => registerWords({ en: { "option.decoys.label": "Traps" } })).toThrow(/exists/);
    expect(optionWord("ru", "lullaby")).toEqual({
      label: toyWords.ru["option.lullaby.label"],
      about: toyWords.ru["option.lullaby.about"],
    });
  });

  it.each(RECORD_LANGS)(
    "its game sheet in %s names the roles in its words, with no raw key",
    (lang) => {
      const record = finishedGame();
      const html = sheetHtml(record, lang);
      for (const role of new Set(record.seats.map((s) => s.role)))
        expect(html).toContain(toyWords[lang][`role.toy.${role}` as keyof (typeof toyWords)["en"]]);
      const text = html.replace(/<style[\s\S]*?<\/style>/g, "").replace(/<[^>]+>/g, " ");
      expect(text.match(/\b[a-z]+\.[a-z_]+(\.[a-z_]+)*\b/g) ?? []).toEqual([]);
    },
  );
});
