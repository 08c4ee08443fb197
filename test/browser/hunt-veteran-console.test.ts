/**
 * The test-only veteran (HUNT-TOY-01..04) on the real hub, the console and the display in
 * Debian's chromium: registered in this process (the test hub runs in it), dealt for a
 * civilian, his alert's book is on the judge's console beside the built-in ones, his role
 * and his book in his own words in en and ru (the hub publishes registered words on
 * `public/rulesets`), and the mafia's executor who shoots him dies, with no hub or screen
 * file naming him.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  registerHuntAbility,
  unregisterHuntAbility,
} from "../../hub/engine/rulesets/hunt/abilities/index.js";
import {
  registerHuntRole,
  unregisterHuntRole,
} from "../../hub/engine/rulesets/hunt/roles/index.js";
import type { Hub } from "../../hub/server.js";
import { registerWords, unregisterWords } from "../../protocol/words/index.js";
import { alert } from "../helpers/hunt-veteran/alert.js";
import { veteran } from "../helpers/hunt-veteran/veteran.js";
import { veteranWords } from "../helpers/hunt-veteran/words.js";
import { openConsole } from "./console-page.js";
import {
  buildDisplay,
  HostClient,
  launchBrowser,
  Paddle,
  removeDir,
  startTestHub,
  tempDir,
} from "./harness.js";
import { deepText, text, waitFor } from "./page.js";

let browser: Browser;
let hub: Hub;
let page: Page;
let ru: Page;
const dirs: string[] = [];
const SEATS = 8;

beforeAll(async () => {
  registerHuntAbility(alert);
  registerHuntRole(veteran);
  registerWords(veteranWords);
  const [dist, b] = await Promise.all([buildDisplay(), launchBrowser()]);
  browser = b;
  const data = await tempDir("hunt-veteran-");
  dirs.push(dist, data);
  hub = await startTestHub(dist, data);
  page = await openConsole(browser, hub);
  ru = await openConsole(browser, hub, undefined, "ru");
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await hub?.stop();
  await Promise.all(dirs.map(removeDir));
  unregisterWords(veteranWords);
  unregisterHuntRole("veteran");
  unregisterHuntAbility("alert");
});

describe("a registered hunt role on the hub, the console and the display", () => {
  it("HUNT-TOY-02: the alert is on the console in its words, and the executor who shoots the veteran dies", async () => {
    const host = await HostClient.connect(hub);
    const paddles = await Promise.all(
      Array.from({ length: SEATS }, (_, i) => Paddle.connect(hub, i + 1)),
    );
    const display = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    try {
      await host.ok({
        cmd: "setup",
        ruleset: "hunt",
        seats: Array.from({ length: SEATS }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
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
      await Promise.all([host.end(), ...paddles.map((p) => p.end())]);
    }
  }, 60_000);
});
