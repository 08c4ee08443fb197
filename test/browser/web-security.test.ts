/**
 * Issue 28, the web side, in Debian's chromium against the real hub: every screen (display,
 * host console, audience, a seat's phone page) and the record's HTML work under the hub's
 * Content-Security-Policy (no violation reported, the MQTT socket opens and carries the
 * views), and a page on another origin (a second HTTP server on another port) cannot frame
 * the host console or a seat page.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hub } from "../../hub/server.js";
import {
  audienceUsername,
  displayUsername,
  hostUsername,
  seatUsername,
} from "../../protocol/index.js";
import { useBrowserSuite } from "./suite.js";

const suite = useBrowserSuite();
let hub: Hub;
let foreign: Server;
let foreignBase = "";

beforeAll(async () => {
  hub = await suite.hub("web-security-test-");
  // Another origin: same machine, another port.
  foreign = createServer((req, res) => {
    const target = new URL(req.url ?? "/", "http://x").searchParams.get("src") ?? "";
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>elsewhere</title><iframe id="f" src="${target}"></iframe>`);
  });
  await new Promise<void>((resolve) => foreign.listen(0, "127.0.0.1", resolve));
  foreignBase = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
}, 90_000);

afterAll(async () => {
  await new Promise((resolve) => foreign?.close(resolve));
});

const key = (user: string) => encodeURIComponent(hub.secrets.password(user) as string);

/** Opens a page and records every CSP violation and the MQTT socket's frames. */
async function openWatched(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ page: Page; violations: string[]; mqttFrames: () => number }> {
  const page = await suite.browser.newPage({ extraHTTPHeaders: headers });
  const violations: string[] = [];
  let frames = 0;
  page.on("console", (m) => {
    if (/Content[- ]Security[- ]Policy/i.test(m.text())) violations.push(m.text());
  });
  page.on("websocket", (ws) => {
    ws.on("framereceived", () => {
      frames += 1;
    });
  });
  await page.exposeFunction("reportViolation", (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { reportViolation(v: string): void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  await page.goto(url, { waitUntil: "load" });
  return { page, violations, mqttFrames: () => frames };
}

describe("the hub's pages under its Content-Security-Policy", () => {
  it("every screen runs, connects over MQTT-over-WebSocket and reports no violation", async () => {
    const base = `http://127.0.0.1:${hub.httpPort}`;
    const screens = [
      ["display", `${base}/?table=t1#k=${key(displayUsername("t1"))}`, "mafia-display"],
      ["console", `${base}/host/?table=t1`, "mafia-host"],
      ["audience", `${base}/audience/?table=t1#k=${key(audienceUsername("t1"))}`, "mafia-audience"],
      ["seat", `${base}/seat/?table=t1&seat=3#k=${key(seatUsername("t1", 3))}`, "mafia-seat"],
    ] as const;
    for (const [name, url, element] of screens) {
      const { page, violations, mqttFrames } = await openWatched(url);
      // The element is defined only if the hub's module script ran.
      await page.waitForFunction((el) => customElements.get(el) !== undefined, element, {
        timeout: 20_000,
      });
      if (name === "console") {
        // The console asks for the host password instead of taking a key from the link.
        await page.locator("#pw").fill(hub.secrets.password(hostUsername("t1")) as string);
        await page.locator('host-sign-in button[type="submit"]').click();
      }
      // CONNACK and the retained views arrive: connect-src and the Origin check let it in.
      await expect.poll(mqttFrames, { timeout: 20_000, message: name }).toBeGreaterThan(0);
      expect(violations, name).toEqual([]);
      await page.close();
    }
  }, 120_000);

  it("the record's HTML shows under its own stricter policy", async () => {
    const password = hub.secrets.password(hostUsername("t1")) as string;
    // A game may not be over yet: the record of the running journal is still a sheet.
    const { page, violations } = await openWatched(
      `http://127.0.0.1:${hub.httpPort}/record/t1/latest`,
      { authorization: `Bearer ${password}` },
    );
    expect(await page.locator("body").textContent()).not.toBe("");
    expect(violations).toEqual([]);
    await page.close();
  }, 60_000);
});

describe("framing by another origin", () => {
  it("a page on another port cannot frame the host console or a seat page", async () => {
    const base = `http://127.0.0.1:${hub.httpPort}`;
    for (const [name, path, element] of [
      ["console", "/host/?table=t1", "mafia-host"],
      ["seat", "/seat/?table=t1&seat=3", "mafia-seat"],
    ] as const) {
      const page = await suite.browser.newPage();
      const src = encodeURIComponent(`${base}${path}`);
      await page.goto(`${foreignBase}/?src=${src}`, { waitUntil: "load" });
      const child = page.frames().find((f) => f !== page.mainFrame());
      expect(child, name).toBeDefined();
      // Blocked, the frame holds Chromium's error page instead of the hub's.
      const loaded = await child
        ?.evaluate((el) => document.querySelector(el) !== null, element)
        .catch(() => false);
      expect(loaded, name).toBe(false);
      expect(child?.url(), name).not.toBe(`${base}${path}`);
      await page.close();
    }
  }, 60_000);
});
