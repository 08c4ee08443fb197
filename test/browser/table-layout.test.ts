/**
 * The table laid out for 7 to 20 seats (issue 24, "Screens that fit"), in real Chromium:
 * the display and the audience screen (the two pages that draw the seat ring; the judge's
 * console lists seats in a table, not a ring), every count from 7 to 20, in en, de and ru,
 * at 1280x720 and 1920x1080, in each ruleset's day vote, speech (where it has one) and
 * night (ruleset-looks.ts, built from the manifests). No seat chip overlaps another chip
 * or the ring's middle (the moon, the question, the countdown), no text overflows its box,
 * nothing leaves the window (overflow.ts).
 *
 * Fast on purpose (CI runs near its limit): one hub only serves the pages, one page is
 * navigated to each screen, and every state is fed in place through the app's own table
 * context (as table-views.ts `feed` does), not played; the page is measured as soon as it
 * has settled, not after a fixed wait.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { TableSnapshot } from "../../web-display/src/connection.js";
import { ARTIFACTS, screenshot } from "./harness.js";
import { overflows, overlaps } from "./overflow.js";
import { rulesetLooks } from "./ruleset-looks.js";
import { useBrowserSuite } from "./suite.js";
import { snapshotOf } from "./table-views.js";

const suite = useBrowserSuite();

const SCREENS = [
  { identity: "display", path: "/?table=t1" },
  { identity: "audience", path: "/audience/?table=t1" },
] as const;
const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;
const LANGS = ["en", "de", "ru"] as const;
const COUNTS = Array.from({ length: 14 }, (_, i) => i + 7);

/**
 * Shows `snap` in `lang` and resolves once the page is as it will stay: every Lit element
 * updated, every seat ring laid out for its box and its middle as they are now, and the chips' transitions (a speaker's chip grows in 0.3 s) run to
 * their end at once instead of waited out.
 */
async function show(page: Page, snap: TableSnapshot, lang: string): Promise<void> {
  await page.evaluate(
    async ([s, l]) => {
      type App = HTMLElement & {
        connection: unknown;
        tableProvider: { setValue(v: unknown): void };
        requestUpdate(): void;
      };
      type Lit = Element & { updateComplete: Promise<unknown>; isUpdatePending: boolean };
      type Ring = Element & { measure(): void };
      const app = document.querySelector("mafia-display, mafia-audience") as App;
      if (document.documentElement.lang !== l)
        app.dispatchEvent(new CustomEvent("lang-change", { detail: { lang: l } }));
      app.connection = { snapshot: s, close() {} };
      app.tableProvider.setValue(s);
      app.requestUpdate();
      const all = (root: Document | ShadowRoot, out: Element[] = []): Element[] => {
        for (const el of root.querySelectorAll("*")) {
          out.push(el);
          if (el.shadowRoot) all(el.shadowRoot, out);
        }
        return out;
      };
      // The rings measure what they hold at once (their ResizeObserver would a frame later).
      for (let round = 0; round < 20; round++) {
        const els = all(document);
        const lit = els.filter((e): e is Lit => "updateComplete" in e);
        await Promise.all(lit.map((e) => e.updateComplete));
        for (const e of els) if (e.tagName === "MAFIA-SEAT-RING") (e as Ring).measure();
        if (!lit.some((e) => e.isUpdatePending)) break;
      }
      for (const a of document.getAnimations())
        if (Number(a.effect?.getComputedTiming().endTime) < 5000) a.finish();
    },
    [snap, lang] as const,
  );
}

describe("the table fits 7 to 20 seats", () => {
  it("display and audience, 7..20 seats, en/de/ru, 1280x720 and 1920x1080, every ruleset's day and night", async () => {
    const started = Date.now();
    const hub = await suite.hub("table-layout-");
    const page = await suite.browser.newPage({ viewport: VIEWPORTS[0] });
    page.on("pageerror", (err) => {
      throw err;
    });
    const faults: string[] = [];
    let shown = 0;
    const looks = new Map(COUNTS.map((n) => [n, rulesetLooks(n)]));
    for (const screen of SCREENS) {
      await page.goto(`http://127.0.0.1:${hub.httpPort}${screen.path}`);
      await page.locator("mafia-display, mafia-audience").waitFor({ state: "attached" });
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        // Look by look, the counts inside: a look keeps its ring and its middle.
        for (const lang of LANGS)
          for (let look = 0; look < (looks.get(7)?.length ?? 0); look++)
            for (const count of COUNTS) {
              const view = looks.get(count)?.[look];
              if (!view) continue;
              await show(page, snapshotOf(view, screen.identity), lang);
              shown += 1;
              const where = `${screen.identity} ${viewport.width} ${lang} ${count} seats ${view.name}`;
              for (const f of await overlaps(page)) faults.push(`${where}: ${f}`);
              for (const o of await overflows(page))
                faults.push(`${where}: ${o.where} "${o.text}" ${o.how}`);
            }
      }
    }
    // The fullest table, to look at when this fails (test-artifacts, not the docs).
    await screenshot(page, "table-layout-20-last");
    await page.close();
    await mkdir(ARTIFACTS, { recursive: true });
    await writeFile(join(ARTIFACTS, "table-layout.txt"), `${faults.join("\n")}\n`);
    console.log(
      `table-layout: ${shown} views in ${Date.now() - started} ms, ${faults.length} faults`,
    );
    expect(faults).toEqual([]);
  }, 120_000);
});
