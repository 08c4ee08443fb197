/**
 * The forum's inactivity warnings on the host console, in Debian's chromium against the
 * real hub: the forum panel's `warn` button per seat sends the command (FORUM-INACT-01/02);
 * the third disqualifies (FORUM-INACT-03).
 */
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Hub } from "../../hub/server.js";
import { openConsole } from "./console-page.js";
import { HostClient, namedSeats } from "./harness.js";
import { waitFor } from "./page.js";
import { useHubSuite } from "./suite.js";

let browser: Browser;
let hub: Hub;
let page: Page;

const suite = useHubSuite("console-forum-");
beforeAll(async () => {
  browser = suite.browser;
  hub = suite.hub;
  page = await openConsole(browser, hub);
}, 30_000);

describe("the console in a forum game", () => {
  it("FORUM-INACT-01: the host warns a seat from its row; three warnings disqualify it", async () => {
    const host = await HostClient.connect(hub);
    try {
      await host.ok({
        cmd: "setup",
        ruleset: "forum",
        seats: namedSeats(13),
        options: { statusSeconds: 0, daySeconds: 3600 },
      });
      await host.ok({ cmd: "start" });
      await host.until(() => host.state?.step === "day", "Day 1");
      const warn = 'host-forum tr[data-seat="5"] button[data-action="warn"]';
      await waitFor(page, `${warn}:not([disabled])`);
      for (let i = 1; i <= 3; i++) {
        await page.locator(warn).click();
        await host.until(
          () => ((host.state?.extras.warnings as Record<string, number>)?.["5"] ?? 0) === i,
          `warning ${i}`,
        );
      }
      expect(hub.tables.get("t1")?.game?.seats[4]).toMatchObject({
        alive: false,
        out: "disqualified",
      });
      // The disqualified seat leaves the panel's list of the living.
      await page
        .locator('host-forum tr[data-seat="5"]')
        .waitFor({ state: "detached", timeout: 5000 });
      expect(await page.locator('host-forum tr[data-seat="6"]').count()).toBe(1);
    } finally {
      await host.end();
    }
  }, 60_000);
});
