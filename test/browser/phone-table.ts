/**
 * One table for a file of phone tests: the display built, chromium launched and the real
 * hub started in `beforeAll`, all of it stopped in `afterAll`; plus the seat links the
 * console's QR codes encode, and the host console signed in.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { Hub } from "../../hub/server.js";
import { seatLink } from "../../web-display/src/host/pairing-panel.js";
import { buildDisplay, launchBrowser, removeDir, startTestHub, tempDir } from "./harness.js";

export interface PhoneTable {
  readonly browser: Browser;
  readonly hub: Hub;
  password(user: string): string;
  /** Seat N's pairing link, as the console's QR code has it (with `lang=` when given). */
  link(seat: number, lang?: string): string;
  /** The host console in its own page, signed in. */
  hostConsole(): Promise<Page>;
}

export function usePhoneTable(prefix: string): PhoneTable {
  let browser: Browser | null = null;
  let hub: Hub | null = null;
  const dirs: string[] = [];
  beforeAll(async () => {
    const [dist, b] = await Promise.all([buildDisplay(), launchBrowser()]);
    browser = b;
    const data = await tempDir(prefix);
    dirs.push(dist, data);
    hub = await startTestHub(dist, data);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await hub?.stop();
    await Promise.all(dirs.map(removeDir));
  });
  const table: PhoneTable = {
    get browser() {
      if (!browser) throw new Error("chromium starts in beforeAll");
      return browser;
    },
    get hub() {
      if (!hub) throw new Error("the hub starts in beforeAll");
      return hub;
    },
    password: (user) => table.hub.secrets.password(user) as string,
    link(seat, lang) {
      const origin = `http://127.0.0.1:${table.hub.httpPort}`;
      const link = seatLink(origin, "t1", seat, table.password(`seat/t1/${seat}`));
      return lang ? link.replace("#", `&lang=${lang}#`) : link;
    },
    async hostConsole() {
      const page = await table.browser.newPage({ viewport: { width: 1280, height: 1100 } });
      page.on("pageerror", (err) => {
        throw err;
      });
      page.on("dialog", (d) => d.accept());
      await page.goto(`http://127.0.0.1:${table.hub.httpPort}/host/?table=t1&lang=en`);
      await page.locator("#pw").fill(table.password("host/t1"));
      await page.locator('host-sign-in button[type="submit"]').click();
      await page.locator('[data-status="online"]').waitFor();
      return page;
    },
  };
  return table;
}
