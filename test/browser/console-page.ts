/** The host console in a browser page, signed in with the table's host password. */
import type { Browser, Page } from "playwright-core";
import type { HubAccess } from "./harness.js";
import { waitFor } from "./page.js";

/**
 * A 1440×1200 console page in English (or `lang`), online; page errors fail the test, dialogs are
 * accepted, a prompt (the undo's reason) with `answer` when given.
 */
export async function openConsole(
  browser: Browser,
  hub: HubAccess,
  answer?: string,
  lang: "en" | "de" | "ru" = "en",
): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1200 } });
  page.on("pageerror", (err) => {
    throw err;
  });
  page.on("dialog", (d) => void d.accept(d.type() === "prompt" ? answer : undefined));
  await page.goto(`http://127.0.0.1:${hub.httpPort}/host/?table=t1&lang=${lang}`);
  await page.locator("#pw").fill(hub.secrets.password("host/t1") as string);
  await page.locator('host-sign-in button[type="submit"]').click();
  await waitFor(page, '[data-status="online"]');
  return page;
}
