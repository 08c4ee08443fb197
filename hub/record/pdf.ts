/**
 * The sheet as PDF: the HTML page printed by Chromium (playwright-core, the browser the
 * tests already use; CHROMIUM_PATH or /usr/bin/chromium). The print stylesheet does the
 * layout. playwright-core is loaded on the first PDF, not at start: importing it took about
 * a sixth of the hub's start-up (profile in docs/BENCHMARKS.md).
 */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function htmlToPdf(html: string): Promise<Buffer> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const page = await browser.newPage();
    // The page is self-contained: no request may leave it.
    await page.route("**/*", (route) => route.abort());
    await page.setContent(html, { waitUntil: "load" });
    return await page.pdf({ format: "A4", printBackground: true });
  } finally {
    await browser.close();
  }
}
