/**
 * No text overflows its box, in English, German and Russian: the display at every step a
 * scripted sport game reaches (the end screen with every role included), the host console
 * signed in beside it, the audience screen (full and overlay) and a phone's seat (hidden
 * and revealed), all against the real hub in Debian's chromium.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Hub } from "../../hub/server.js";
import { seatLink } from "../../web-display/src/host/pairing-panel.js";
import { type Checkpoint, openTable, playGame } from "./game.js";
import { ARTIFACTS, screenshot } from "./harness.js";
import { type Overflow, overflows, overlaps } from "./overflow.js";
import { waitFor } from "./page.js";
import { Phone } from "./phone.js";
import { AUDIENCE_RING } from "./ring-boxes.js";
import { useBrowserSuite } from "./suite.js";
import { feed, snapshotOf, tableViews } from "./table-views.js";

const suite = useBrowserSuite();

async function open(hub: Hub, path: string, width: number, height: number): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: { width, height } });
  page.on("pageerror", (err) => {
    throw err;
  });
  page.on("dialog", (d) => d.accept());
  await page.goto(`http://127.0.0.1:${hub.httpPort}${path}`);
  return page;
}

const key = (hub: Hub, user: string) => encodeURIComponent(hub.secrets.password(user) as string);

/** What overflows now and still does a moment later (a layout in mid-update is not a fault). */
async function settled(page: Page): Promise<Overflow[]> {
  await page.waitForTimeout(250);
  const first = await overflows(page);
  if (first.length === 0) return first;
  await page.waitForTimeout(500);
  const again = await overflows(page);
  return again.filter((o) => first.some((f) => f.where === o.where && f.text === o.text));
}

/** The display's own sign that it shows checkpoint `c`. */
const SHOWN: Record<Checkpoint, string> = {
  setup: '[data-phase="setup"]',
  night0: '[data-title="night"]',
  day: '[data-step="speech"]',
  vote: '[data-step="vote"]',
  voted: '[data-step="lastword"]',
  night: '[data-title="night"]',
  killed: '[data-out="killed"]',
  end: "[data-winner]",
};

describe("text fits its box", () => {
  for (const lang of ["en", "de", "ru"]) {
    it(`in ${lang}: display, host console, audience screen and phone at every step`, async () => {
      const hub = await suite.hub(`overflow-${lang}-`);
      const table = await openTable(hub);
      const pages: Record<string, Page> = {
        display: await open(hub, `/?table=t1&lang=${lang}#k=${key(hub, "display/t1")}`, 1920, 1080),
        audience: await open(
          hub,
          `/audience/?table=t1&lang=${lang}#k=${key(hub, "audience/t1")}`,
          1920,
          1080,
        ),
        overlay: await open(
          hub,
          `/audience/?table=t1&overlay=1&lang=${lang}#k=${key(hub, "audience/t1")}`,
          1920,
          1080,
        ),
        console: await open(hub, `/host/?table=t1&lang=${lang}`, 1280, 1000),
      };
      await pages.console?.locator("#pw").fill(hub.secrets.password("host/t1") as string);
      await pages.console?.locator('host-sign-in button[type="submit"]').click();
      const origin = `http://127.0.0.1:${hub.httpPort}`;
      const link = seatLink(origin, "t1", 4, hub.secrets.password("seat/t1/4") as string);
      const phone = await Phone.open(suite.browser, link.replace("#", `&lang=${lang}#`));
      pages.phone = phone.page;

      const faults: string[] = [];
      const look = async (c: string) => {
        for (const [name, page] of Object.entries(pages))
          for (const o of await settled(page))
            faults.push(`${lang} ${c} ${name}: ${o.where} "${o.text}" ${o.how}`);
      };
      await playGame(
        table,
        async (c) => {
          await waitFor(pages.display as Page, SHOWN[c], 8000);
          // The phone's player keeps the blindfold on: one off at night is peeking (removed).
          if (c === "setup") await phone.blindfold(true);
          await look(c);
          if (c === "end" || c === "vote")
            for (const name of ["display", "console", "audience"])
              await screenshot(pages[name] as Page, `overflow-${lang}-${c}-${name}`);
          if (c === "night0" || c === "day") {
            await phone.reveal(true);
            for (const o of await settled(phone.page))
              faults.push(`${lang} ${c} phone revealed: ${o.where} "${o.text}" ${o.how}`);
            await phone.reveal(false);
          }
          // Looking at five pages takes longer than a vote window's default 5 s.
        },
        { voteWindowSeconds: 120 },
      );
      await Promise.all([
        ...Object.values(pages).map((p) => p.close()),
        phone.close(),
        table.close(),
      ]);
      await hub.stop();
      // The whole list as an artifact, one line each, to read when this fails.
      await mkdir(ARTIFACTS, { recursive: true });
      await writeFile(join(ARTIFACTS, `overflow-${lang}.txt`), `${faults.join("\n")}\n`);
      expect(faults).toEqual([]);
    }, 180_000);
  }
});

/**
 * The table laid out for 7 to 20 seats, on a real page: the geometry for every count is
 * checked pure (seat-layout.test.ts); here one page (the audience screen at 1280x720, whose
 * chips carry roles and vote tags) is fed crowded views in place (table-views.ts, no hub
 * game) at three counts, in Russian (the longest words): no seat chip overlaps another chip
 * or anything else, no text overflows, and the ring measures the box the pure test assumes.
 */
describe("the table fits 7 to 20 seats", () => {
  it("at 9, 13 and 20 seats, in ru, at 1280x720", async () => {
    const hub = await suite.hub("layout-");
    const page = await open(hub, "/audience/?table=t1", 1280, 720);
    const faults: string[] = [];
    for (const count of [9, 13, 20])
      for (const view of tableViews(count)) {
        await feed(page, snapshotOf(view, "audience"), "ru");
        const found = [
          ...(await overlaps(page)),
          ...(await overflows(page)).map((o) => `${o.where} "${o.text}" ${o.how}`),
        ];
        for (const f of found) faults.push(`${count} seats ${view.name}: ${f}`);
        if (count === 20) await screenshot(page, `layout-${count}-${view.name}`);
      }
    const box = await page.evaluate(() => {
      const find = (root: Document | ShadowRoot): Element | null =>
        root.querySelector("mafia-seat-ring") ??
        [...root.querySelectorAll("*")].reduce<Element | null>(
          (hit, el) => hit ?? (el.shadowRoot ? find(el.shadowRoot) : null),
          null,
        );
      return (find(document) as unknown as { box: { width: number; height: number } }).box;
    });
    await page.close();
    await mkdir(ARTIFACTS, { recursive: true });
    await writeFile(join(ARTIFACTS, "layout-seats.txt"), `${faults.join("\n")}\n`);
    expect(faults).toEqual([]);
    // seat-layout.test.ts's "audience 16:9" box.
    expect(box.width).toBeCloseTo(AUDIENCE_RING.width, 0);
    expect(box.height).toBeCloseTo(AUDIENCE_RING.height, 0);
  }, 60_000);
});
