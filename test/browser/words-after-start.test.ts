/**
 * Words registered while the hub runs reach a console already open, in Debian's chromium:
 * the hub tells `public/rulesets` again when the registered words change (protocol/words
 * onRegisteredWordsChange), with the manifests as they stand then, so the toy ruleset
 * (test/helpers/toy-ruleset/) registered after the hub started, and after the console
 * signed in, shows in the setup form in its own words, not as its bare id.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerToy, unregisterToy } from "../helpers/toy-ruleset/register.js";
import { toyWords } from "../helpers/toy-ruleset/words.js";
import { openConsole } from "./console-page.js";
import { text, waitFor } from "./page.js";
import { useHubSuite } from "./suite.js";

let page: Page;
let registered = false;
const suite = useHubSuite("words-after-start-");
beforeAll(async () => {
  page = await openConsole(suite.browser, suite.hub);
}, 30_000);
afterAll(() => {
  if (registered) unregisterToy();
});

describe("words registered after the hub started", () => {
  it("reach the open console: the toy ruleset and its option in its words", async () => {
    const choice = page.locator('select[name="ruleset"] option[value="toy"]');
    await waitFor(page, 'select[name="ruleset"] option');
    expect(await choice.count()).toBe(0);
    registerToy();
    registered = true;
    await choice.waitFor({ state: "attached", timeout: 15_000 });
    const words = toyWords.en;
    await expect.poll(async () => (await choice.textContent())?.trim()).toBe(words["ruleset.toy"]);
    await page.locator('select[name="ruleset"]').selectOption("toy");
    await waitFor(page, '[data-option="lullaby"]');
    expect(await text(page, '[data-option="lullaby"]')).toBe(words["option.lullaby.label"]);
    expect(await text(page, '[data-option="lullaby"] + [data-about]')).toBe(
      words["option.lullaby.about"],
    );
  });
});
