/**
 * The test-only veteran (HUNT-TOY-01..04) on the real hub, the console and the display in
 * Debian's chromium: registered in this process (the test hub runs in it), dealt for a
 * civilian, his alert's book is on the judge's console beside the built-in ones, his role
 * and his book in his own words in en and ru (the hub publishes registered words on
 * `public/rulesets`), and the mafia's executor who shoots him dies, with no hub or screen
 * file naming him.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerVeteran, unregisterVeteran } from "../helpers/hunt-veteran/index.js";
import { veteranWords } from "../helpers/hunt-veteran/words.js";
import { openConsole } from "./console-page.js";
import { namedSeats, seatedTable } from "./harness.js";
import { deepText, text, waitFor } from "./page.js";
import { useHubSuite } from "./suite.js";

let page: Page;
let ru: Page;
const SEATS = 8;

beforeAll(registerVeteran);
afterAll(unregisterVeteran);
const suite = useHubSuite("hunt-veteran-");
beforeAll(async () => {
  page = await openConsole(suite.browser, suite.hub);
  ru = await openConsole(suite.browser, suite.hub, undefined, "ru");
}, 30_000);

describe("a registered hunt role on the hub, the console and the display", () => {
  it("HUNT-TOY-02: the alert is on the console in its words, and the executor who shoots the veteran dies", async () => {
    const hub = suite.hub;
    const table = await seatedTable(hub, SEATS);
    const { host, paddles } = table;
    const display = await suite.browser.newPage({ viewport: { width: 1280, height: 720 } });
    try {
      await host.ok({
        cmd: "setup",
        ruleset: "hunt",
        seats: namedSeats(SEATS),
        options: { allowAnySeatCount: true, firstPhase: "night", autoAdvance: false },
      });
      const key = hub.secrets.password("display/t1") as string;
      await display.goto(`http://127.0.0.1:${hub.httpPort}/?lang=en#k=${encodeURIComponent(key)}`);
      await host.ok({ cmd: "start" });
      await host.until(() => host.state?.phase === "night" && host.view?.seats[0]?.role, "night");
      const seats = host.view?.seats ?? [];
      const holder = (role: string) => seats.find((s) => s.role === role)?.seat as number;
      const [vet, shooter, doctor] = [holder("veteran"), holder("mafia"), holder("doctor")];
      expect(vet).toBeGreaterThan(0);
      await paddles[vet - 1]?.act("alert", vet);
      await paddles[shooter - 1]?.act("shoot", vet);
      await paddles[doctor - 1]?.act("heal", doctor);
      // The console's bundle has no word for a registered role or book: the hub's registered
      // words reach it on `public/rulesets`, in each language (HUNT-TOY-01).
      const row = '[data-secret="host"] [data-night="alerts"]';
      const role = `[data-secret="host"] [data-role="veteran"]`;
      for (const [lang, console, sign] of [
        ["en", page, "#"],
        ["ru", ru, "№"],
      ] as const) {
        const pair = `${sign}${vet} P${vet} → ${sign}${vet} P${vet}`;
        await waitFor(console, row);
        expect(await text(console, row)).toBe(
          `${veteranWords[lang]["host.night.alerts"]}: ${pair}`,
        );
        expect(await text(console, role)).toBe(veteranWords[lang]["role.hunt.veteran"]);
      }
      await host.ok({ cmd: "next" });
      await host.until(() => host.state?.phase === "day", "the morning");
      const after = host.state?.seats ?? [];
      expect(after.find((s) => s.seat === shooter)?.alive).toBe(false);
      expect(after.find((s) => s.seat === vet)?.alive).toBe(true);
      await waitFor(display, "[data-step], [data-title]");
      expect(await deepText(display)).not.toContain("veteran");
      await host.ok({ cmd: "end" });
    } finally {
      await display.close();
      await table.end();
    }
  }, 60_000);
});
