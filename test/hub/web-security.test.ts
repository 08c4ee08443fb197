/**
 * Issue 28, the web side: every answer of the hub carries the security headers (pages,
 * assets, the API, errors, the record's HTML with its own stricter policy), and MQTT over
 * WebSocket refuses a page of another origin before the upgrade while a client without
 * `Origin` (a paddle, mqtt.js in Node), the hub's own origins and `--public-url` get in.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createMemoryLogger } from "../../hub/process/logger.js";
import { startHub } from "../../hub/server.js";
import { parsePublicUrl } from "../../hub/web/web-security.js";
import { hostUsername } from "../../protocol/index.js";
import { removeDir, startTestHub, type TestHub, tempDir } from "../helpers/hub.js";
import { scriptedSportGame } from "../record/scripted-game.js";

let dir: string;
let staticDir: string;
let hub: TestHub;
let base: string;

beforeAll(async () => {
  dir = await tempDir();
  staticDir = await tempDir("hub-static-");
  await writeFile(`${staticDir}/index.html`, "<!doctype html><title>display</title>");
  await writeFile(`${staticDir}/app.js`, "console.log(1)");
  await mkdir(`${staticDir}/host`);
  await writeFile(`${staticDir}/host/index.html`, "<!doctype html><title>host</title>");
  hub = await startTestHub({ dataDir: dir, staticDir, publicUrl: "https://mafia.example" });
  base = `http://127.0.0.1:${hub.httpPort}`;
  const g = scriptedSportGame();
  const lines = [g.header, ...g.records].map((x) => JSON.stringify(x)).join("\n");
  await writeFile(join(dir, "t1", "game-0999.jsonl"), `${lines}\n`);
});

afterAll(async () => {
  await hub?.stop();
  await removeDir(dir);
  await removeDir(staticDir);
});

function expectHardened(r: Response, what: string): void {
  const csp = r.headers.get("content-security-policy") ?? "";
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toMatch(/script-src 'self'|default-src 'none'/);
  expect(r.headers.get("x-frame-options"), what).toBe("DENY");
  expect(r.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(r.headers.get("referrer-policy"), what).toBe("no-referrer");
}

describe("security headers", () => {
  it("on pages, assets, the health check, the API and errors", async () => {
    for (const path of ["/", "/host/", "/app.js", "/healthz", "/nothing", "/api/pairing?table=t1"])
      expectHardened(await fetch(`${base}${path}`), path);
    const folder = await fetch(`${base}/host`, { redirect: "manual" });
    expectHardened(folder, "/host (redirect)");
  });

  it("on the record's HTML, which may load and run nothing", async () => {
    const password = hub.secrets.password(hostUsername("t1")) as string;
    const r = await fetch(`${base}/record/t1/game-0999`, {
      headers: { authorization: `Bearer ${password}` },
    });
    expect(r.status).toBe(200);
    expectHardened(r, "record html");
    const csp = r.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src");
    expectHardened(await fetch(`${base}/record/t1/game-0999`), "record 401");
  });
});

/** The handshake's answer: "open", or the HTTP status of the refusal. */
function handshake(origin: string | undefined): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${hub.httpPort}/mqtt`, "mqtt", {
      ...(origin !== undefined ? { origin } : {}),
    });
    ws.on("open", () => {
      ws.close();
      resolve("open");
    });
    ws.on("unexpected-response", (_req, res) => {
      resolve(String(res.statusCode));
      res.resume();
    });
    ws.on("error", (err) => resolve(`error ${err.message}`));
  });
}

describe("MQTT over WebSocket: Origin", () => {
  it("lets in clients without Origin, the hub's own origins and --public-url", async () => {
    expect(await handshake(undefined)).toBe("open");
    const port = hub.httpPort;
    for (const own of [
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      `http://[::1]:${port}`,
    ])
      expect(await handshake(own), own).toBe("open");
    expect(await handshake("https://mafia.example")).toBe("open");
  });

  it("refuses another site, another port, another scheme and null with 403", async () => {
    const port = hub.httpPort;
    for (const foreign of [
      "http://evil.example",
      `http://evil.example:${port}`,
      `http://127.0.0.1:${port + 1}`,
      `https://127.0.0.1:${port}`,
      "http://mafia.example",
      "null",
    ])
      expect(await handshake(foreign), foreign).toBe("403");
    const refused = hub.records.filter((r) => r.event === "ws.origin_refused");
    expect(refused.length).toBeGreaterThanOrEqual(6);
  });

  it("--public-url must be an origin: a clear error for anything else", async () => {
    expect(parsePublicUrl("https://mafia.club").origin).toBe("https://mafia.club");
    expect(parsePublicUrl("http://hub.local:8080/").origin).toBe("http://hub.local:8080");
    for (const bad of ["mafia.club", "ftp://x", "https://u:p@x", "https://x/?a=1", "https://x/hub"])
      expect(() => parsePublicUrl(bad), bad).toThrow(/--public-url/);
    // The hub refuses to start with it, before taking the data dir.
    await expect(
      startHub({
        dataDir: dir,
        publicUrl: "mafia.club",
        logger: createMemoryLogger("warn").logger,
      }),
    ).rejects.toThrow(/--public-url "mafia.club": not a URL/);
  });
});
