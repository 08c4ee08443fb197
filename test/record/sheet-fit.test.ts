/**
 * The sheet fits its paper (issue 24, "Screens that fit": the record's PDF tables were cut
 * at the right edge, corrections showed raw JSON, the appeal picture's long names ran into
 * the chart and dead seats' thumbs looked live). A 20-seat record with long names is
 * printed by the hub's printer (Chromium) in en, de and ru, and poppler's `pdftotext -bbox`
 * says where every word landed: none past the page's printable right edge. The HTML and the
 * appeal picture are checked as text, and the picture's words by their boxes in Chromium.
 */
import { execFile } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appealSvg } from "../../hub/record/appeal.js";
import { sheetHtml } from "../../hub/record/html.js";
import { type RecordLang, translator } from "../../hub/record/i18n.js";
import { recordFromJournal } from "../../hub/record/index.js";
import type { GameRecord } from "../../hub/record/model.js";
import { PdfPrinter } from "../../hub/record/pdf.js";
import { launchBrowser, tempDir } from "../browser/harness.js";
import { scriptedSportGame } from "./scripted-game.js";

const run = promisify(execFile);
const LONG = "KonstantinopolitanischeDudelsackpfeifenmacherinWilhelmina";

/** The scripted game's record at 20 seats, seats 3 and 11..20 with long names. */
function twentySeats(): GameRecord {
  const r = recordFromJournal(scriptedSportGame());
  const extra = Array.from({ length: 10 }, (_, i) => ({
    ...(r.seats[0] as GameRecord["seats"][number]),
    seat: 11 + i,
    name: `${LONG} ${i + 11}`,
    out: null,
    outRound: null,
  }));
  const seats = r.seats.map((s) => (s.seat === 3 ? { ...s, name: `${LONG} Clara` } : s));
  return { ...r, seats: [...seats, ...extra] };
}

const record = twentySeats();
let dir = "";
const printer = new PdfPrinter();
beforeAll(async () => {
  dir = await tempDir("record-fit-");
});
afterAll(async () => {
  await printer.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the sheet's corrections", () => {
  it("say in words what was taken back, in each language, never the input's keys", () => {
    const words: Record<RecordLang, string> = {
      en: "6: Host: Foul for 3. Konstantinopolitanische",
      de: "6: Spielleiter: Foul für 3. Konstantinopolitanische",
      ru: "6: Ведущий: Фол игроку 3. Konstantinopolitanische",
    };
    for (const lang of ["en", "de", "ru"] as const) {
      const html = sheetHtml(record, lang);
      expect(html).toContain(words[lang]);
      // The foul's cause in the sheet's words, not its code.
      expect(html).toContain(translator(lang)("foul.swearing"));
      expect(html).not.toContain('"cmd"');
      expect(html).not.toContain("<code>");
    }
  });
});

describe("the appeal picture", () => {
  const revote = record.votes.findIndex((v) => v.kind === "revote");

  it("names every seat by number and name, a long name cut before the chart", () => {
    const svg = appealSvg(record, revote, "en");
    expect(svg).toContain(">1. Anna<");
    expect(svg).toContain(">3. Konstantinopolita…<");
    expect(svg).toContain(`<title>3. ${LONG} Clara</title>`);
    // The windows name their nominee too, as far as the band holds.
    expect(svg).toMatch(/>№\d+ [A-Z]/);
  });

  it("draws a seat out before the round grey and struck through, its thumb hollow", () => {
    const round = record.votes[revote] as GameRecord["votes"][number];
    const first = round.windows[0]?.opened as number;
    // Seat 4 held its thumb down through the revote's first window; here it was killed the
    // night before (its paddle still reported), while seat 10, removed during the revote,
    // was in play when it began.
    const before = record.eliminations[0] as GameRecord["eliminations"][number];
    const killed = { ...before, seat: 4, at: first - 60_000, how: "killed" };
    const r = { ...record, eliminations: [killed, ...record.eliminations] };
    const svg = appealSvg(r, revote, "en");
    expect(svg).toContain('class="seat dead" data-seat="4"');
    expect(svg).toContain("<title>4. Dmitri (");
    expect(svg).toContain('class="seat" data-seat="10"');
    const bars = (seat: number) =>
      (svg.match(/<rect class="down[^>]*>/g) ?? []).filter((b) =>
        b.includes(`data-seat="${seat}"`),
      );
    expect(bars(4).length).toBeGreaterThan(0);
    for (const bar of bars(4)) expect(bar).toMatch(/class="down dead"[^>]*fill="none"/);
    expect(bars(1).some((b) => b.includes('fill="#2da44e"'))).toBe(true);
    // Without the night's kill, the same seat's bar is solid.
    expect(appealSvg(record, revote, "en")).toContain('class="seat" data-seat="4"');
  });
});

describe("the appeal picture in Chromium", () => {
  it("keeps every word inside the picture, a removal's cause at the round's very end too (en, de, ru)", async () => {
    // The cause of a removal at the end of the round was written right of its mark and ran
    // out of the picture ("провокация" printed as "провокаци").
    const revote = record.votes.findIndex((v) => v.kind === "revote");
    const round = record.votes[revote] as GameRecord["votes"][number];
    const end = (round.windows.at(-1)?.closed as number) + 1000;
    const removal = { ...(record.removals[0] as GameRecord["removals"][number]), at: end };
    const r = { ...record, removals: [removal, ...record.removals] };
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const faults: string[] = [];
      for (const lang of ["en", "de", "ru"] as const) {
        await page.setContent(appealSvg(r, revote, lang));
        const out = await page.evaluate(() => {
          const svg = document.querySelector("svg") as SVGSVGElement;
          const width = svg.viewBox.baseVal.width;
          return [...svg.querySelectorAll("text")].flatMap((t) => {
            const b = t.getBBox();
            return b.x < 0 || b.x + b.width > width
              ? [`"${t.textContent}" ${b.x.toFixed(0)}..${(b.x + b.width).toFixed(0)} of ${width}`]
              : [];
          });
        });
        faults.push(...out.map((f) => `${lang}: ${f}`));
        expect(await page.locator('text[fill="#cf222e"]').count(), lang).toBeGreaterThan(0);
      }
      expect(faults).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

describe("the sheet as PDF at 20 seats with long names", () => {
  it("is no wider than A4's printable width in print layout, so Chromium neither shrinks nor cuts it", async () => {
    // Chromium shrinks a page wider than the paper (to a limit, then cuts): a sheet that is
    // laid out within 186 mm (A4 less 12 mm margins) needs neither.
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({
        viewport: { width: Math.floor((186 / 25.4) * 96), height: 1000 },
      });
      await page.emulateMedia({ media: "print" });
      for (const lang of ["en", "de", "ru"] as const) {
        await page.setContent(sheetHtml(record, lang));
        const wide = await page.evaluate(() => {
          const limit = document.documentElement.clientWidth + 1;
          const over = [...document.querySelectorAll("table, svg, figure, p, h2, h3")].filter(
            (e) => e.getBoundingClientRect().right > limit,
          );
          return {
            page: document.documentElement.scrollWidth,
            limit,
            over: over.map((e) => e.outerHTML.slice(0, 80)),
          };
        });
        expect(wide.over, lang).toEqual([]);
        expect(wide.page, lang).toBeLessThanOrEqual(wide.limit);
      }
    } finally {
      await browser.close();
    }
  }, 60_000);

  it("keeps every word inside the page in en, de and ru (pdftotext -bbox)", async () => {
    const faults: string[] = [];
    for (const lang of ["en", "de", "ru"] as const) {
      const file = join(dir, `sheet-${lang}.pdf`);
      await writeFile(file, await printer.print(sheetHtml(record, lang)));
      const { stdout } = await run("pdftotext", ["-bbox", file, "-"], {
        maxBuffer: 64 * 1024 * 1024,
      });
      const pages = [...stdout.matchAll(/<page width="([\d.]+)"[\s\S]*?<\/page>/g)];
      expect(pages.length).toBeGreaterThan(0);
      for (const page of pages) {
        // A4 at 12 mm margins (html.ts's @page): nothing past 12 mm from the right edge.
        const right = Number(page[1]) - (12 / 25.4) * 72 + 1;
        for (const w of page[0].matchAll(
          /<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)</g,
        ))
          if (Number(w[1]) > right)
            faults.push(`${lang}: "${w[2]}" ends at ${w[1]} > ${right.toFixed(1)}`);
      }
      // The long names are there, whole words and all (broken only at the cell's edge).
      expect(stdout).toContain("Wilhelmina");
    }
    expect(faults.slice(0, 20)).toEqual([]);
  }, 60_000);
});
