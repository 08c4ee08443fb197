/**
 * The sheet as PDF: the HTML page printed by Chromium (playwright-core, the browser the
 * tests already use; CHROMIUM_PATH or /usr/bin/chromium). The print stylesheet does the
 * layout. playwright-core is loaded on the first PDF, not at start: importing it took about
 * a sixth of the hub's start-up (profile in docs/BENCHMARKS.md).
 *
 * Two ways in: `htmlToPdf` starts a browser for one page and closes it (the record command
 * line, one file at a time), and `PdfPrinter` is the hub's: a browser started per request
 * let 8 requests at once start 8 Chromiums next to a running table (issue 28: its PUBACK
 * p95 went from 9 to 234 ms), so the hub keeps one browser, prints one page at a time,
 * answers "busy" past a short queue and keeps the PDFs it printed.
 */
import { createHash } from "node:crypto";
import type { Browser } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

async function launch(): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}

async function printPage(browser: Browser, html: string): Promise<Buffer> {
  // A context per page: nothing of one record (storage, cache) is seen by the next.
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // The page is self-contained: no request may leave it.
    await page.route("**/*", (route) => route.abort());
    await page.setContent(html, { waitUntil: "load" });
    return await page.pdf({ format: "A4", printBackground: true });
  } finally {
    await context.close();
  }
}

/** One PDF with a browser of its own (the command line). */
export async function htmlToPdf(html: string): Promise<Buffer> {
  const browser = await launch();
  try {
    return await printPage(browser, html);
  } finally {
    await browser.close();
  }
}

/** Thrown when the queue is full: the HTTP route answers 503 with Retry-After. */
export class PrinterBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("the record's PDF printer is busy; try again shortly");
  }
}

export interface PrinterLimits {
  /** Pages waiting behind the one being printed; one more is refused as busy. Default 3. */
  maxWaiting?: number;
  /** PDFs kept, newest used last out. Default 16 (a sheet is tens of KiB). */
  cacheEntries?: number;
}

export interface PrinterStats {
  launches: number;
  printed: number;
  cacheHits: number;
  busy: number;
}

/**
 * The hub's printer. The cache key is the SHA-256 of the page: the sheet is a pure function
 * of the journal and the options (language, scoring, authors), so the same journal state
 * asked for again gets the same bytes without Chromium, and a journal that grew gets a new
 * page. Requests for a page already being printed wait for that print.
 */
export class PdfPrinter {
  private browser: Promise<Browser> | null = null;
  private readonly cache = new Map<string, Buffer>();
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private tail: Promise<unknown> = Promise.resolve();
  private queued = 0;
  private closed = false;
  readonly stats: PrinterStats = { launches: 0, printed: 0, cacheHits: 0, busy: 0 };
  private readonly maxWaiting: number;
  private readonly cacheEntries: number;

  constructor(limits: PrinterLimits = {}) {
    this.maxWaiting = limits.maxWaiting ?? 3;
    this.cacheEntries = limits.cacheEntries ?? 16;
  }

  /** The PDF of `html`, from the cache, from a print under way, or printed in turn. */
  print(html: string): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error("the PDF printer is closed"));
    const key = createHash("sha256").update(html).digest("hex");
    const cached = this.cache.get(key);
    if (cached) {
      this.stats.cacheHits += 1;
      this.cache.delete(key);
      this.cache.set(key, cached);
      return Promise.resolve(cached);
    }
    const running = this.inFlight.get(key);
    if (running) return running;
    // One printing plus maxWaiting behind it.
    if (this.queued > this.maxWaiting) {
      this.stats.busy += 1;
      return Promise.reject(new PrinterBusy(5));
    }
    this.queued += 1;
    const job = this.tail.then(() => this.printNow(key, html));
    this.tail = job.catch(() => undefined);
    const done = job.finally(() => {
      this.queued -= 1;
      this.inFlight.delete(key);
    });
    this.inFlight.set(key, done);
    return done;
  }

  private async printNow(key: string, html: string): Promise<Buffer> {
    if (this.closed) throw new Error("the PDF printer is closed");
    const browser = await this.ensureBrowser();
    const pdf = await printPage(browser, html);
    this.stats.printed += 1;
    this.cache.set(key, pdf);
    while (this.cache.size > this.cacheEntries) {
      const oldest = this.cache.keys().next().value as string;
      this.cache.delete(oldest);
    }
    return pdf;
  }

  private ensureBrowser(): Promise<Browser> {
    if (!this.browser) {
      this.stats.launches += 1;
      const started = launch();
      this.browser = started;
      started.then(
        (b) =>
          b.on("disconnected", () => {
            // Crashed or killed: the next print starts a new one.
            if (this.browser === started) this.browser = null;
          }),
        () => {
          if (this.browser === started) this.browser = null;
        },
      );
    }
    return this.browser;
  }

  /** At the hub's stop: waits for the print under way, then closes the browser. */
  async close(): Promise<void> {
    this.closed = true;
    await this.tail;
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }
}
