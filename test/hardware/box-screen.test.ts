/** What the host box shows and when it buzzes, from the public state alone. */
import { describe, expect, it } from "vitest";
import { availableRulesets, rulesetById } from "../../hub/engine/rulesets/index.js";
import {
  boxScreen,
  boxWord,
  buzzerPlan,
  type Glance,
  stepSeat,
} from "../../hub/hardware/box-screen.js";
import { lcdText } from "../../hub/hardware/lcd-charset.js";
import { CORE_STEPS } from "../../protocol/manifest.js";
import { GAME_WORDS, WORD_LANGS } from "../../protocol/words/index.js";

const seats = Array.from({ length: 5 }, (_, i) => ({
  seat: i + 1,
  name: `P${i + 1}`,
  alive: i !== 2,
  out: null,
  fouls: 0,
  online: true,
  role: null,
}));

const speech: Glance = {
  phase: "day",
  step: "speech",
  round: 1,
  speaker: 4,
  until: 60_000,
  now: 1_000,
  paused: false,
  winner: null,
  seats,
};

describe("the host box's screen and buzzer", () => {
  it("shows the step, the speaker and the countdown, each row exactly the LCD's width", () => {
    expect(boxScreen(speech, 18_000, null, { cols: 16, rows: 2 })).toEqual([
      "Day 1 Speech    ",
      "Seat 4 0:42     ",
    ]);
    expect(boxScreen(speech, 18_000, "Foul seat 2?", { cols: 20, rows: 4 })).toEqual([
      "Day 1 Speech        ",
      "Foul seat 2?        ",
      "                    ",
      "                    ",
    ]);
    const night = { ...speech, phase: "night" as const, step: "mafia", speaker: null };
    expect(boxScreen(night, 55_500, null, { cols: 16, rows: 2 })[1]).toBe("0:05            ");
    expect(boxScreen({ ...speech, paused: true }, 0, null, { cols: 16, rows: 2 })[1]).toBe(
      "Paused: seat 4  ",
    );
    expect(boxScreen(null, 0, null, { cols: 16, rows: 2 })[0]).toBe("No hub          ");
    expect(
      boxScreen({ ...speech, phase: "ended", winner: "town" }, 0, null, { cols: 8, rows: 2 })[0],
    ).toBe("End: Tow"); // the team's word, cut to the width
  });

  it("warns `warnSeconds` before a speech ends and at its end, never when paused or at night", () => {
    expect(buzzerPlan(speech, 10)).toEqual([
      { at: 50_000, kind: "warn" },
      { at: 60_000, kind: "end" },
    ]);
    expect(buzzerPlan({ ...speech, now: 55_000 }, 10)).toEqual([{ at: 60_000, kind: "end" }]);
    expect(buzzerPlan({ ...speech, paused: true }, 10)).toEqual([]);
    expect(buzzerPlan({ ...speech, phase: "night" }, 10)).toEqual([]);
    expect(buzzerPlan({ ...speech, speaker: null }, 10)).toEqual([]);
  });

  it("moves the seat selector over the living seats, both ways, wrapping", () => {
    expect(stepSeat(speech, 2, 1)).toBe(4); // seat 3 is out
    expect(stepSeat(speech, 5, 1)).toBe(1);
    expect(stepSeat(speech, 1, -1)).toBe(5);
    expect(stepSeat(null, 2, 1)).toBe(2);
  });

  it("names the step by its short word in the table's language, each fitting the 16-column LCD", () => {
    const steps = new Set<string>(CORE_STEPS);
    for (const id of availableRulesets())
      for (const st of rulesetById(id)?.manifest.steps ?? []) steps.add(st.id);
    for (const lang of WORD_LANGS)
      for (const step of steps) {
        const word = (GAME_WORDS[lang] as Record<string, string>)[`short.${step}`];
        expect(word, `${lang} short.${step}`).toBeDefined();
        expect(word?.length, `${lang} short.${step}`).toBeLessThanOrEqual(16);
      }
    expect(boxScreen(speech, 18_000, null, { cols: 16, rows: 2 }, "de")[0]).toBe(
      "Tag 1 Rede      ",
    );
  });

  it("speaks the box's language in the LCD ROM's letters: German umlauts as its own, Russian in Latin", () => {
    const size = { cols: 16, rows: 2 };
    expect(boxScreen(speech, 18_000, null, size, "de")).toEqual([
      "Tag 1 Rede      ",
      "Platz 4 0:42    ",
    ]);
    expect(boxScreen({ ...speech, phase: "ended", winner: "town" }, 0, null, size, "de")[0]).toBe(
      `Ende: B${String.fromCharCode(0xf5)}rger    `,
    );
    expect(boxScreen(speech, 18_000, null, size, "ru")).toEqual([
      "Den 1 Rech      ",
      "Mesto 4 0:42    ",
    ]);
    expect(boxScreen({ ...speech, paused: true }, 0, null, size, "ru")[1]).toBe("Pauza: mesto 4  ");
    expect(boxScreen(null, 0, null, size, "ru")[0]).toBe("Net khaba       ");
    expect(lcdText("Ärger, Straße")).toBe(`Aerger, Stra${String.fromCharCode(0xe2)}e`);
    expect(lcdText("Щит Ёлки")).toBe("Schit Elki");
    expect(lcdText("café \\ ~ 🙂")).toBe("cafe / - ?");
  });

  it("writes every box word and step word of every language in codes the ROM has, a box line within 16", () => {
    const rom = new Set([0xe1, 0xe2, 0xef, 0xf5, 0xdf]);
    const inRom = (t: string) =>
      [...t].every((c) => (c >= " " && c <= "}" && c !== "\\") || rom.has(c.charCodeAt(0)));
    for (const lang of WORD_LANGS) {
      const words = GAME_WORDS[lang] as Record<string, string>;
      for (const [key, text] of Object.entries(words)) {
        if (!key.startsWith("box.") && !key.startsWith("short.") && !key.startsWith("team."))
          continue;
        expect(inRom(lcdText(text)), `${lang} ${key}: ${lcdText(text)}`).toBe(true);
        if (key.startsWith("box.") && key !== "box.end") {
          const line = lcdText(boxWord(lang, key, { seat: 20 }));
          expect(line.length, `${lang} ${key}: ${line}`).toBeLessThanOrEqual(16);
        }
      }
    }
  });
});
