/**
 * The audience screen (`/audience/`, identity `audience/{table}`) in Debian's chromium
 * against the real hub: it shows every role from the deal on (SPORT-SETUP-05), each night
 * step's choices only once the step is over, and the vote per seat; its overlay mode paints
 * no background; its link comes from the host console. The public display beside it never
 * shows a role before the end.
 */
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { Hub } from "../../hub/server.js";
import { openTable, playGame, setUp } from "./game.js";
import { screenshot } from "./harness.js";
import { count, deepAttributes, waitFor } from "./page.js";
import { useBrowserSuite } from "./suite.js";

const suite = useBrowserSuite();
let hub: Hub;

/** A fresh hub for each test: each plays its own game from the start. */
beforeEach(async () => {
  hub = await suite.hub("audience-test-");
});

async function open(path: string, key: string): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: { width: 1920, height: 1080 } });
  page.on("pageerror", (err) => {
    throw err;
  });
  await page.goto(`http://127.0.0.1:${hub.httpPort}${path}#k=${encodeURIComponent(key)}`);
  return page;
}

/** Role attributes anywhere on the page, shadow roots included. */
async function roleAttributes(page: Page): Promise<string[]> {
  return (await deepAttributes(page)).filter((a) => a.startsWith("data-role="));
}

/** Whether anything at (x, y) paints a background: every element there, shadow hosts too. */
function paintsAt(page: Page, x: number, y: number): Promise<string[]> {
  return page.evaluate(
    ([px, py]) => {
      const painted: string[] = [];
      let root: Document | ShadowRoot = document;
      const seen = new Set<Element>();
      for (;;) {
        const els: Element[] = root.elementsFromPoint(px as number, py as number);
        for (const el of els) {
          if (seen.has(el)) continue;
          seen.add(el);
          const st = getComputedStyle(el);
          const clear = /rgba\(.*,\s*0\)|transparent/.test(st.backgroundColor);
          if (!clear || st.backgroundImage !== "none") painted.push(el.tagName.toLowerCase());
        }
        const inner: ShadowRoot | null | undefined = els[0]?.shadowRoot;
        if (!inner || inner === root) break;
        root = inner;
      }
      return painted;
    },
    [x, y],
  );
}

describe("audience screen", () => {
  it("SPORT-SETUP-05: shows every role after the deal, night choices after their step and the vote per seat; the display shows no role", async () => {
    const table = await openTable(hub);
    const audience = await open(
      "/audience/?table=t1&lang=en",
      hub.secrets.password("audience/t1") as string,
    );
    const display = await open("/?table=t1&lang=en", hub.secrets.password("display/t1") as string);
    const seen: string[] = [];
    await playGame(table, async (c) => {
      seen.push(c);
      const view = table.host.view;
      if (c === "setup") {
        await waitFor(audience, 'mafia-seat [data-seat="10"]');
        expect(await roleAttributes(audience)).toEqual([]); // no deal yet
      }
      if (c === "night0") {
        for (const s of view?.seats ?? [])
          await waitFor(audience, `[data-seat="${s.seat}"] [data-role="${s.role}"]`);
        await screenshot(audience, "audience-night0");
      }
      if (c === "vote") {
        const voters = table.host.state?.voters ?? {};
        const [nominee, seats] = Object.entries(voters)[0] ?? [];
        for (const v of seats ?? [])
          await waitFor(audience, `[data-seat="${v}"] [data-voted-for="${nominee}"]`);
      }
      if (c === "night") {
        // The shots are in, but the mafia's step still runs: nothing of them yet.
        await waitFor(audience, '[data-title="night"]');
        expect(await count(audience, '[data-choice="shoot"]')).toBe(0);
      }
      if (c === "killed") {
        await waitFor(audience, '[data-night="1"] [data-choice="shoot"]');
        await screenshot(audience, "audience-day");
      }
      if (c !== "end") expect(await roleAttributes(display), `display at ${c}`).toEqual([]);
    });
    expect(seen).toContain("end");
    await Promise.all([audience.close(), display.close(), table.close()]);
  }, 120_000);

  it("gives the host the audience link; its overlay mode has a transparent background", async () => {
    const table = await openTable(hub);
    await setUp(table.host);
    await table.host.ok({ cmd: "start" });
    const host = await suite.browser.newPage({ viewport: { width: 1440, height: 1100 } });
    await host.goto(`http://127.0.0.1:${hub.httpPort}/host/?table=t1&lang=en`);
    await host.locator("#pw").fill(hub.secrets.password("host/t1") as string);
    await host.locator('host-sign-in button[type="submit"]').click();
    await host.locator('[data-action="audience-link"]').click();
    const link = (await host
      .locator("[data-audience-link]")
      .getAttribute("data-audience-link")) as string;
    const key = hub.secrets.password("audience/t1") as string;
    expect(link).toBe(
      `http://127.0.0.1:${hub.httpPort}/audience/?table=t1#k=${encodeURIComponent(key)}`,
    );
    await host.close();

    const overlay = await suite.browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await overlay.goto(link.replace("?table=t1", "?table=t1&overlay=1&lang=de"));
    await waitFor(overlay, '[data-seat="1"] [data-role]');
    expect(overlay.url()).not.toContain("#k=");
    // The middle of the picture and its corners: nothing paints there, the stream shows through.
    for (const [x, y] of [
      [960, 450],
      [5, 5],
      [1915, 5],
    ] as const)
      expect(await paintsAt(overlay, x, y), `overlay at ${x},${y}`).toEqual([]);
    await screenshot(overlay, "audience-overlay");
    // The full screen at the same spot is opaque (the check can see a background).
    await overlay.goto(link.replace("?table=t1", "?table=t1&lang=de"));
    await waitFor(overlay, '[data-seat="1"] [data-role]');
    expect(await paintsAt(overlay, 5, 1075)).not.toEqual([]);
    await overlay.close();
    await table.host.ok({ cmd: "end" });
    await table.close();
  }, 60_000);
});
