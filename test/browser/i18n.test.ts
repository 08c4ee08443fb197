/**
 * Every visible string exists in English, German and Russian: the dictionaries have the
 * same keys and placeholders, and every name the engine can put on a screen (announcement
 * keys read from the rulesets' own g.log calls, steps, roles, foul causes, error codes,
 * winners) has a translation. Runs in Node: no browser needed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { availableRulesets, rulesetById } from "../../hub/engine/rulesets/index.js";
import { FOUL_CAUSES } from "../../hub/engine/rulesets/sport/discipline.js";
import { NIGHT_STEPS } from "../../hub/engine/rulesets/sport/night.js";
import { SPORT_ROLES } from "../../hub/engine/rulesets/sport/roles/index.js";
import { SPEAKING_STEPS } from "../../hub/engine/rulesets/sport/speaking.js";
import { VOTE_STEPS } from "../../hub/engine/rulesets/sport/vote.js";
import { ERROR_CODES } from "../../protocol/errors.js";
import { HOST_COMMANDS, LANGS } from "../../protocol/host.js";
import { TEAMS, WINNERS } from "../../protocol/views.js";
import { DICTIONARIES, translator } from "../../web-display/src/i18n/index.js";

const ENGINE = fileURLToPath(new URL("../../hub/engine", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith(".ts")
        ? [readFileSync(join(dir, e.name), "utf8")]
        : [],
  );
}

/** The first argument of every g.log(...) and the step of every g.enter(...). */
function engineNames(): { logKeys: Set<string>; steps: Set<string>; nightSteps: Set<string> } {
  const logKeys = new Set<string>();
  const steps = new Set<string>();
  const nightSteps = new Set<string>();
  for (const text of sources(ENGINE)) {
    for (const m of text.matchAll(/g\.log\(([^,)]*)/g)) {
      // A literal, or the branches of a conditional: the strings after "(", "?" and ":".
      for (const lit of `(${m[1]}`.matchAll(/[(?:]\s*"([a-z][a-z.]*)"/g))
        logKeys.add(lit[1] as string);
    }
    for (const m of text.matchAll(/\.enter\(\s*"(\w+)",\s*"(\w+)"/g)) {
      steps.add(m[2] as string);
      if (m[1] === "night") nightSteps.add(m[2] as string);
    }
  }
  return { logKeys, steps, nightSteps };
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("display languages", () => {
  const en = DICTIONARIES.en as Record<string, string>;

  it("has the same keys and placeholders in every language", () => {
    for (const lang of LANGS) {
      const dict = DICTIONARIES[lang] as Record<string, string>;
      expect(Object.keys(dict).sort(), lang).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(dict)) {
        expect(text.trim().length, `${lang} ${key} is empty`).toBeGreaterThan(0);
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(en[key] as string));
      }
    }
  });

  it("names every host command in every language, so no reply shows a raw cmd.* key", () => {
    for (const lang of LANGS) {
      const dict = DICTIONARIES[lang] as Record<string, string>;
      expect(
        HOST_COMMANDS.filter((c) => !dict[`cmd.${c}`]),
        lang,
      ).toEqual([]);
    }
  });

  it("finds the engine's announcements and steps in its sources", () => {
    const { logKeys, steps } = engineNames();
    // A guard on the scanner itself: it must see the keys the brief names.
    for (const key of ["night.start", "morning.killed", "vote.counted", "vote.revote.start"])
      expect(logKeys).toContain(key);
    for (const step of ["mafia", "vote", "morning"]) expect(steps).toContain(step);
  });

  it("translates every announcement, step and night step of every ruleset", () => {
    const { logKeys, steps, nightSteps } = engineNames();
    const required = [
      ...[...logKeys].map((k) => `log.${k}`),
      ...[...steps, ...SPEAKING_STEPS, ...VOTE_STEPS, ...NIGHT_STEPS, "waiting", "end"].map(
        (s) => `step.${s}`,
      ),
      ...[...nightSteps].map((s) => `night.${s}`),
      ...NIGHT_STEPS.map((s) => `night.${s}.zero`),
    ];
    for (const lang of LANGS) {
      const missing = required.filter((k) => !Object.hasOwn(DICTIONARIES[lang], k));
      expect(missing, lang).toEqual([]);
    }
  });

  it("names every role, team, winner, foul cause, removal cause, error and ruleset", () => {
    const required = [
      ...availableRulesets().flatMap((id) =>
        Object.keys(rulesetById(id)?.roles ?? {}).map((role) => `role.${id}.${role}`),
      ),
      ...Object.values(SPORT_ROLES).flatMap((r) => (r.check ? [r.check.yes, r.check.no] : [])),
      ...TEAMS.map((t) => `team.${t}`),
      ...WINNERS.map((w) => `winner.${w}`),
      ...FOUL_CAUSES.map((c) => `foul.${c}`),
      ...["provocation", "peeking", "fouls", "host"].map((c) => `cause.${c}`),
      ...["killed", "voted", "removed", "disconnected", "hunted"].map((o) => `out.${o}`),
      ...ERROR_CODES.map((c) => `error.${c}`),
      ...availableRulesets().map((r) => `ruleset.${r}`),
      ...LANGS.map((l) => `lang.${l}`),
    ];
    for (const lang of LANGS) {
      const missing = required.filter((k) => !Object.hasOwn(DICTIONARIES[lang], k));
      expect(missing, lang).toEqual([]);
    }
  });

  it("fills placeholders and uses the glossary's seed words", () => {
    expect(translator("ru").t("log.morning.peaceful")).toBe(
      "Утро действительно доброе: ночью никто не пострадал",
    );
    expect(translator("de").t("title.night", { round: 2 })).toBe("Nacht 2");
    expect(translator("ru").t("role.sport.civilian")).toBe("Мирный житель");
    expect(translator("en").t("log.foul", { seat: "#3 Anna", cause: "x", fouls: 2 })).toBe(
      "Foul for #3 Anna: x (2 of 4)",
    );
  });
});
