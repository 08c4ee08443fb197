/**
 * Issue 23's fifth ruleset on the real hub and every screen in Debian's chromium: the toy
 * (test/helpers/toy-ruleset/) and its words (words.ts) are registered only in this process,
 * where the test hub runs; the screens' bundle knows neither, and still shows the toy's
 * name, option, roles and steps in its own words (the hub publishes registered words on
 * `public/rulesets`): the console in en and de, the display in en, the audience screen in
 * ru and a phone in de, with no raw `a.b` key.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerToy, unregisterToy } from "../helpers/toy-ruleset/register.js";
import { toyWords } from "../helpers/toy-ruleset/words.js";
import { openConsole } from "./console-page.js";
import { namedSeats, seatedTable } from "./harness.js";
import { deepText, text, waitFor } from "./page.js";
import { Phone } from "./phone.js";
import { useHubSuite } from "./suite.js";

let en: Page;
let de: Page;
const SEATS = 5;
/** A game word's key left raw on a screen (`role.toy.veteran`, `step.dusk`, …). */
const RAW_KEY = /\b(ruleset|role|step|night|action|option|log|out)\.[a-z][\w.]*/g;
type Word = keyof (typeof toyWords)["en"];

beforeAll(registerToy);
afterAll(unregisterToy);
const suite = useHubSuite("toy-screens-");
beforeAll(async () => {
  [en, de] = await Promise.all([
    openConsole(suite.browser, suite.hub),
    openConsole(suite.browser, suite.hub, undefined, "de"),
  ]);
}, 30_000);

const link = (path: string, user: string, lang: string, hub = suite.hub) =>
  `http://127.0.0.1:${hub.httpPort}${path}${path.includes("?") ? "&" : "?"}lang=${lang}#k=${encodeURIComponent(hub.secrets.password(user) as string)}`;

describe("a ruleset registered only in the hub's process, on every screen", () => {
  it("the console's setup offers it and its option in its own words (en, de)", async () => {
    for (const [lang, page] of [
      ["en", en],
      ["de", de],
    ] as const) {
      const choice = page.locator('select[name="ruleset"] option[value="toy"]');
      await choice.waitFor({ state: "attached" });
      expect((await choice.textContent())?.trim()).toBe(toyWords[lang]["ruleset.toy"]);
      await page.locator('select[name="ruleset"]').selectOption("toy");
      await waitFor(page, '[data-option="lullaby"]');
      expect(await text(page, '[data-option="lullaby"]')).toBe(
        toyWords[lang]["option.lullaby.label"],
      );
      expect(await text(page, '[data-option="lullaby"] + [data-about]')).toBe(
        toyWords[lang]["option.lullaby.about"],
      );
    }
  });

  it("its roles and steps are in its words on the console, display, audience and phone", async () => {
    const browser = suite.browser;
    const table = await seatedTable(suite.hub, SEATS);
    const { host, paddles } = table;
    const display = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const audience = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    let phone: Phone | null = null;
    try {
      await host.ok({
        cmd: "setup",
        ruleset: "toy",
        seats: namedSeats(SEATS),
        options: {},
      });
      await display.goto(link("/", "display/t1", "en"));
      await audience.goto(link("/audience/?table=t1", "audience/t1", "ru"));
      await host.ok({ cmd: "start" });
      await host.until(() => host.state?.step === "dusk" && host.view?.seats[0]?.role, "dusk");
      const seats = host.view?.seats ?? [];
      const holder = (role: string) => seats.find((s) => s.role === role)?.seat as number;
      const [mafia, veteran] = [holder("mafia"), holder("veteran")];
      const role = (r: string) => `role.toy.${r}` as Word;

      // The console (en, de): every dealt role in the toy's words.
      for (const [lang, page] of [
        ["en", en],
        ["de", de],
      ] as const) {
        const cell = '[data-secret="host"] [data-role="veteran"]';
        await waitFor(page, cell);
        expect(await text(page, cell)).toBe(toyWords[lang][role("veteran")]);
        expect(await text(page, '[data-secret="host"] [data-role="mafia"]')).toBe(
          toyWords[lang][role("mafia")],
        );
      }
      // The display (en): the night's line is the toy's own.
      await expect
        .poll(() => deepText(display), { timeout: 5000 })
        .toContain(toyWords.en["night.dusk"]);
      // The audience screen (ru) shows every role.
      await waitFor(audience, `[data-role="veteran"]`, 8000);
      expect(await text(audience, '[data-role="veteran"]')).toBe(toyWords.ru[role("veteran")]);
      // The veteran's phone (de), revealed.
      phone = await Phone.open(
        browser,
        link(`/seat/?table=t1&seat=${veteran}`, `seat/t1/${veteran}`, "de"),
      );
      await phone.online();
      await phone.reveal(true);
      await expect
        .poll(() => phone?.screenText(), { timeout: 5000 })
        .toContain(toyWords.de[role("veteran")]);
      await phone.reveal(false);

      // The mafioso kills a townsman: the day's ballot, in the toy's word.
      const victim = seats.find((s) => s.role === "civilian")?.seat as number;
      await paddles[mafia - 1]?.act("kill", victim);
      await host.until(() => host.state?.step === "ballot", "the ballot");
      await expect
        .poll(() => deepText(display), { timeout: 5000 })
        .toContain(toyWords.en["step.ballot"]);
      await expect
        .poll(() => deepText(de), { timeout: 5000 })
        .toContain(toyWords.de["step.ballot"]);
      for (const page of [display, audience, en, de, phone.page])
        expect((await deepText(page)).match(RAW_KEY) ?? [], page.url()).toEqual([]);
      await host.ok({ cmd: "end" });
    } finally {
      await Promise.all([display.close(), audience.close(), phone?.close()]);
      await table.end();
    }
  }, 90_000);
});
