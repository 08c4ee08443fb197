/** Reading a page of Lit components: Playwright's CSS selectors pierce shadow roots already. */
import type { Page } from "playwright-core";

/** Every text node of the page, shadow roots included, joined by spaces. */
export function deepText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) parts.push(n.textContent ?? "");
      for (const el of root.querySelectorAll("*")) if (el.shadowRoot) walk(el.shadowRoot);
    };
    walk(document);
    return parts.join(" ").replace(/\s+/g, " ");
  });
}

/** Every attribute value of every element, shadow roots included (`name=value`). */
export function deepAttributes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll("*")) {
        for (const a of el.attributes) out.push(`${a.name}=${a.value}`);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return out;
  });
}

// 15 s by default: a loaded CI machine once took more than 5 s to show the console's update
// after a seat's vote (forum-display.test.ts); a wait that succeeds returns at once anyway.
export async function waitFor(page: Page, selector: string, timeout = 15_000): Promise<void> {
  await page.locator(selector).first().waitFor({ state: "attached", timeout });
}

export function count(page: Page, selector: string): Promise<number> {
  return page.locator(selector).count();
}

export async function text(page: Page, selector: string): Promise<string> {
  return ((await page.locator(selector).first().textContent()) ?? "").replace(/\s+/g, " ").trim();
}
