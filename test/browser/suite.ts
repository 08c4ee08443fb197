/**
 * One test file's browser setup: the display built and chromium launched once in
 * `beforeAll`, and everything removed in `afterAll`; each test starts its own hub on a
 * fresh data dir (`hub()`), stopped with the file.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { Hub } from "../../hub/server.js";
import { buildDisplay, launchBrowser, removeDir, startTestHub, tempDir } from "./harness.js";

export interface BrowserSuite {
  readonly browser: Browser;
  /** A hub on a fresh data dir serving this file's build. */
  hub(prefix: string): Promise<Hub>;
}

export function useBrowserSuite(): BrowserSuite {
  let dist = "";
  let browser: Browser | null = null;
  const dirs: string[] = [];
  const hubs: Hub[] = [];
  beforeAll(async () => {
    [dist, browser] = await Promise.all([buildDisplay(), launchBrowser()]);
    dirs.push(dist);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await Promise.all(hubs.map((h) => h.stop().catch(() => undefined)));
    await Promise.all(dirs.map(removeDir));
  });
  return {
    get browser() {
      if (!browser) throw new Error("chromium starts in beforeAll");
      return browser;
    },
    async hub(prefix) {
      const data = await tempDir(prefix);
      dirs.push(data);
      const hub = await startTestHub(dist, data);
      hubs.push(hub);
      return hub;
    },
  };
}

export interface HubSuite {
  readonly browser: Browser;
  readonly hub: Hub;
}

/**
 * One hub for the whole file (its tests share the table), started in `beforeAll` once the
 * display is built and chromium is up. A file that registers a ruleset, a role or words
 * may do it before (a `beforeAll` declared first) or after: the hub tells them again when
 * the registered words change (test/browser/words-after-start.test.ts).
 */
export function useHubSuite(prefix: string): HubSuite {
  const suite = useBrowserSuite();
  let hub: Hub | null = null;
  beforeAll(async () => {
    hub = await suite.hub(prefix);
  }, 90_000);
  return {
    get browser() {
      return suite.browser;
    },
    get hub() {
      if (!hub) throw new Error("the hub starts in beforeAll");
      return hub;
    },
  };
}
