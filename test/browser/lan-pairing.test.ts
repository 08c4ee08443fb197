/**
 * Issue 24: a console opened as `localhost` on the hub's machine draws its phone codes on
 * the hub's LAN address, and a phone that opens that link over the LAN is the seat. (Before,
 * the code said `localhost`, which no phone can open.) Needs a machine with a LAN address.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../hub/process/logger.js";
import { type Hub, startHub } from "../../hub/server.js";
import { lanAddresses } from "../../hub/web/links.js";
import { buildDisplay, launchBrowser, removeDir, tempDir } from "./harness.js";
import { Phone } from "./phone.js";

const lan = lanAddresses()[0];
let browser: Browser | null = null;
let hub: Hub | null = null;
const dirs: string[] = [];

beforeAll(async () => {
  if (!lan) return;
  const [dist, b] = await Promise.all([buildDisplay(), launchBrowser()]);
  browser = b;
  const data = await tempDir("lan-pair-");
  dirs.push(dist, data);
  // Every interface, as `npm start` listens.
  hub = await startHub({
    dataDir: data,
    staticDir: dist,
    mqttPort: 0,
    httpPort: 0,
    logger: createMemoryLogger("warn").logger,
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await hub?.stop();
  await Promise.all(dirs.map(removeDir));
});

describe("pairing over the LAN", () => {
  it.skipIf(!lan)(
    "the console opened as localhost shows a code on the LAN address; the phone pairs by it",
    async () => {
      if (!browser || !hub) throw new Error("set up in beforeAll");
      const host = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
      host.on("dialog", (d) => d.accept());
      await host.goto(`http://localhost:${hub.httpPort}/host/?table=t1&lang=en`);
      await host.locator("#pw").fill(hub.secrets.password("host/t1") as string);
      await host.locator('host-sign-in button[type="submit"]').click();
      await host.locator('[data-status="online"]').waitFor({ timeout: 20_000 });
      await host.locator('host-pairing tr[data-pair-seat="2"] [data-action="qr"]').click();
      const figure = host.locator('host-pairing figure[data-qr-seat="2"]');
      await figure.waitFor({ timeout: 20_000 });
      const link = (await figure.getAttribute("data-link")) as string;
      const password = hub.secrets.password("seat/t1/2") as string;
      expect(link).toBe(
        `http://${lan}:${hub.httpPort}/seat/?table=t1&seat=2#k=${encodeURIComponent(password)}`,
      );
      // The console no longer warns about localhost: its codes are reachable.
      expect(await host.locator('host-pairing [data-warn="localhost"]').count()).toBe(0);
      const phone = await Phone.open(browser, link);
      await phone.online();
      await host
        .locator('host-pairing tr[data-pair-seat="2"][data-phones="1"]')
        .waitFor({ timeout: 20_000 });
    },
    120_000,
  );
});
