/**
 * No text overflows its box, in English, German and Russian: the display at every step a
 * scripted sport game reaches (the end screen with every role included), the host console
 * signed in beside it, the audience screen (full and overlay) and a phone's seat (hidden
 * and revealed), all against the real hub in Debian's chromium; one game, each page
 * switched through the three languages in place.
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
  const first = await overflows(page);
  if (first.length === 0) return first;
  await page.waitForTimeout(500);
  const again = await overflows(page);
  return again.filter((o) => first.some((f) => f.where === o.where && f.text === o.text));
}

const LANGS = ["en", "de", "ru"] as const;

/**
 * Switches the page's app to `lang` in place, through the language switch's own event (as
 * a click on EN · DE · RU does), and waits until it has drawn: one page measured in every
 * language instead of a page, a hub and a game per language.
 */
async function inLang(page: Page, lang: string): Promise<void> {
  await page.evaluate(async (l) => {
    const app = document.querySelector("mafia-display, mafia-audience, mafia-host, mafia-seat");
    if (!app) throw new Error("no app on the page");
    if (document.documentElement.lang !== l)
      app.dispatchEvent(new CustomEvent("lang-change", { detail: { lang: l } }));
    await (app as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
  }, lang);
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

/*
 * One game, every language: each page is switched in place to en, de and ru at every
 * checkpoint and measured in each. It was a hub and a game per language (160 s in CI, 288 s
 * on a loaded 2-core machine on 2026-12-05); the words are what differs, not the game.
 */
describe("text fits its box", () => {
  it("in en, de and ru: display, host console, audience screen and phone at every step", async () => {
    const hub = await suite.hub("overflow-");
    const table = await openTable(hub);
    const origin = `http://127.0.0.1:${hub.httpPort}`;
    const link = seatLink(origin, "t1", 4, hub.secrets.password("seat/t1/4") as string);
    // Opened side by side: one after the other, five page loads took 17 s on a loaded machine.
    const [display, audience, overlay, hostConsole, phone] = await Promise.all([
      open(hub, `/?table=t1#k=${key(hub, "display/t1")}`, 1920, 1080),
      open(hub, `/audience/?table=t1#k=${key(hub, "audience/t1")}`, 1920, 1080),
      open(hub, `/audience/?table=t1&overlay=1#k=${key(hub, "audience/t1")}`, 1920, 1080),
      open(hub, "/host/?table=t1", 1280, 1000),
      Phone.open(suite.browser, link),
    ]);
    await hostConsole.locator("#pw").fill(hub.secrets.password("host/t1") as string);
    await hostConsole.locator('host-sign-in button[type="submit"]').click();
    const pages: Record<string, Page> = {
      display,
      audience,
      overlay,
      console: hostConsole,
      phone: phone.page,
    };

    const faults: string[] = [];
    /** Every language on one page, one after the other; the pages side by side. */
    const measure = (c: string, named: [string, Page][]) =>
      Promise.all(
        named.map(async ([name, page]) => {
          for (const lang of LANGS) {
            await inLang(page, lang);
            for (const o of await settled(page))
              faults.push(`${lang} ${c} ${name}: ${o.where} "${o.text}" ${o.how}`);
            if (lang === "ru" && (c === "end" || c === "vote") && name !== "phone")
              await screenshot(page, `overflow-${lang}-${c}-${name}`);
          }
        }),
      );
    await playGame(
      table,
      async (c) => {
        await waitFor(pages.display as Page, SHOWN[c], 8000);
        // The phone's player keeps the blindfold on: one off at night is peeking (removed).
        if (c === "setup") await phone.blindfold(true);
        // The other screens catch up with the display.
        await pages.display?.waitForTimeout(250);
        await measure(c, Object.entries(pages));
        if (c === "night0" || c === "day") {
          await phone.reveal(true);
          await measure(c, [["phone revealed", phone.page]]);
          await phone.reveal(false);
        }
        // Looking at five pages in three languages takes longer than a vote window's 5 s.
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
    await writeFile(join(ARTIFACTS, "overflow.txt"), `${faults.join("\n")}\n`);
    expect(faults).toEqual([]);
  }, 180_000);
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
