/**
 * The judge's undo picker on the host console, in Debian's chromium against the real hub
 * (issue 24, "The judge"): the last inputs in words, newest first; the judge takes back the
 * nomination (not the newer foul), and the reply line says in words what went back.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hub } from "../../hub/server.js";
import { openConsole } from "./console-page.js";
import { HostClient, namedSeats, Paddle } from "./harness.js";
import { text, waitFor } from "./page.js";
import { useHubSuite } from "./suite.js";

let browser: Browser;
let hub: Hub;
let page: Page;
/** One host client for the file: command ids are per client, and the hub drops a re-used one. */
let host: HostClient;
const REASON = "meant seat 7";

const suite = useHubSuite("console-undo-");
beforeAll(async () => {
  browser = suite.browser;
  hub = suite.hub;
  // The picker asks for the reason in a prompt.
  page = await openConsole(browser, hub, REASON);
  host = await HostClient.connect(hub);
}, 30_000);

afterAll(async () => {
  await host?.end();
});

describe("the console's undo picker", () => {
  it("shows the last inputs in words and takes back the one the judge picks", async () => {
    const seats = namedSeats(10);
    const paddles: Paddle[] = [];
    try {
      await host.ok({ cmd: "setup", ruleset: "sport", seats, options: { autoAdvance: false } });
      await host.ok({ cmd: "start" });
      while (host.state?.phase !== "day") {
        await host.ok({ cmd: "next" });
        await host.until(() => host.state, "state");
      }
      const speaker = (await host.until(() => host.state?.speaker, "a speaker")) as number;
      const nominee = speaker === 5 ? 6 : 5;
      const paddle = await Paddle.connect(hub, speaker);
      paddles.push(paddle);
      await paddle.act("nominate", nominee);
      await host.ok({ cmd: "foul", seat: 3 });

      const rows = "host-undo-picker li[data-undo-n]";
      await page.locator(rows).nth(1).waitFor({ timeout: 10_000 });
      const first = page.locator(rows).first();
      const second = page.locator(rows).nth(1);
      expect((await first.textContent()) ?? "").toContain("Foul for #3");
      const nominationWords = (await second.textContent()) ?? "";
      expect(nominationWords).toContain(`#${speaker}`);
      expect(nominationWords).toContain("nominates");
      expect(nominationWords).toContain(`#${nominee}`);
      expect(nominationWords).toMatch(/\d\d:\d\d:\d\d/);

      await second.locator("button[data-undo-pick]").click();
      await host.until(() => host.state?.nominations.length === 0 && host.state.paused, "undone");
      expect(hub.tables.get("t1")?.game?.seats[2]?.fouls).toBe(1);
      await waitFor(page, 'host-replies li[data-cmd="undo"][data-reply="ok"]');
      const reply = await text(page, 'host-replies li[data-cmd="undo"]');
      expect(reply).toContain("Taken back:");
      expect(reply).toContain("nominates");
      // The command in words, not its key (the reply once read `cmd.undo`).
      expect(reply).not.toMatch(/\b(cmd|undo|host)\.[a-z]\w*/);
    } finally {
      await Promise.all(paddles.map((p) => p.end()));
    }
  }, 90_000);

  it("keeps the last setup: the form starts with the last game's timings and options", async () => {
    const seats = namedSeats(10);
    {
      const before = await host.until(() => host.state, "the table's state");
      if (before.phase === "day" || before.phase === "night") await host.ok({ cmd: "end" });
      await host.ok({
        cmd: "setup",
        ruleset: "sport",
        seats,
        options: { autoAdvance: false, speechSeconds: 45 },
      });
      await host.ok({ cmd: "start" });
      await host.ok({ cmd: "end" });
      await host.until(() => host.state?.phase === "ended", "ended");
      const field = page.locator('host-setup input[name="speechSeconds"]');
      await field.waitFor({ timeout: 10_000 });
      await page.waitForFunction(
        () => {
          const find = (root: Document | ShadowRoot): HTMLInputElement | null => {
            const hit = root.querySelector<HTMLInputElement>('input[name="speechSeconds"]');
            if (hit) return hit;
            for (const e of root.querySelectorAll("*")) {
              const found = e.shadowRoot ? find(e.shadowRoot) : null;
              if (found) return found;
            }
            return null;
          };
          return find(document)?.value === "45";
        },
        undefined,
        { timeout: 10_000 },
      );
      expect(await field.inputValue()).toBe("45");
      expect(await page.locator('host-setup input[name="autoAdvance"]').isChecked()).toBe(false);
    }
  }, 90_000);
});
