/**
 * The record's pictures really render: the sheet printed to PDF by Chromium and read back
 * by poppler's pdftoppm into a PNG that is not blank; the appeal picture drawn by Chromium
 * with each window, thumb edge and the provocation where the sensors put them.
 */
import { execFile } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appealSvg } from "../../hub/record/appeal.js";
import { sheetHtml } from "../../hub/record/html.js";
import { recordFromJournal } from "../../hub/record/index.js";
import { htmlToPdf } from "../../hub/record/pdf.js";
import { launchBrowser, tempDir } from "../browser/harness.js";
import { scriptedSportGame } from "./scripted-game.js";

const run = promisify(execFile);
const record = recordFromJournal(scriptedSportGame());

/** Share of pixels darker than near-white in a binary PGM (P5) image. */
function inkShare(pgm: Buffer): number {
  const header = pgm.toString("latin1", 0, 40).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!header) throw new Error("not a binary PGM");
  const [all, w, h] = header;
  const pixels = pgm.subarray((all as string).length);
  expect(pixels.length).toBe(Number(w) * Number(h));
  let ink = 0;
  for (const p of pixels) if (p < 200) ink++;
  return ink / pixels.length;
}

let dir = "";
let browser: Browser;
beforeAll(async () => {
  dir = await tempDir("record-render-");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the sheet as PDF", () => {
  it("prints with Chromium, and pdftoppm turns its first page into a non-blank PNG", async () => {
    const pdf = await htmlToPdf(sheetHtml(record, "ru"));
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const file = join(dir, "sheet.pdf");
    await writeFile(file, pdf);
    await run("pdftoppm", [
      "-png",
      "-r",
      "40",
      "-f",
      "1",
      "-l",
      "1",
      "-singlefile",
      file,
      join(dir, "page"),
    ]);
    const png = await readFile(join(dir, "page.png"));
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    // The same page in grey, to count the ink: a blank page has none.
    await run("pdftoppm", [
      "-gray",
      "-r",
      "40",
      "-f",
      "1",
      "-l",
      "1",
      "-singlefile",
      file,
      join(dir, "page"),
    ]);
    const share = inkShare(await readFile(join(dir, "page.pgm")));
    expect(share).toBeGreaterThan(0.01);
    expect(share).toBeLessThan(0.6);
  }, 60_000);
});

describe("the appeal picture", () => {
  it("draws the revote's windows, every thumb edge and the provocation", async () => {
    const revote = record.votes.findIndex((v) => v.kind === "revote");
    const svg = appealSvg(record, revote, "en");
    const page = await browser.newPage();
    try {
      await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
      expect(await page.locator("rect.window").count()).toBe(2);
      // Seat 10's down and up edges, 150 ms apart, inside the first window.
      const edges = await page
        .locator('line.edge[data-seat="10"]')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-at"))));
      expect(edges).toHaveLength(2);
      expect((edges[1] as number) - (edges[0] as number)).toBe(150);
      const window = record.votes[revote]?.windows[0];
      expect(
        edges.every((at) => at > (window?.opened as number) && at < (window?.closed as number)),
      ).toBe(true);
      expect(await page.locator("circle.removal").count()).toBe(1);
      // Seats 1..4 held the thumb down through the first window's close: four bars.
      expect(await page.locator("rect.down").count()).toBeGreaterThanOrEqual(5);
      const box = await page.locator("svg").boundingBox();
      expect(box?.width).toBeGreaterThan(500);
      const shot = await page.locator("svg").screenshot();
      await writeFile(join(dir, "appeal.png"), shot);
      expect(shot.length).toBeGreaterThan(2000);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("escapes names and refuses a vote that does not exist", () => {
    expect(appealSvg(record, 0)).toContain("Eva &lt;b&gt;&amp;");
    expect(() => appealSvg(record, 9)).toThrow(/no vote 9/);
  });
});
