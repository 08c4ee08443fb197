/** HTTP: /healthz, the display (or a placeholder) at /, and nothing secret. */
import { mkdir, writeFile } from "node:fs/promises";
import { get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDir, startTestHub, type TestHub, tempDir } from "../helpers/hub.js";

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
  hub = await startTestHub({ dataDir: dir, staticDir });
  base = `http://127.0.0.1:${hub.httpPort}`;
});

afterAll(async () => {
  await hub?.stop();
  await removeDir(dir);
  await removeDir(staticDir);
});

describe("HTTP", () => {
  it("/healthz answers 200 and ok, with the journal's data dir writable", async () => {
    const r = await fetch(`${base}/healthz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ ok: true, checks: { journal: { ok: true } } });
  });

  it("serves the built display at /", async () => {
    const r = await fetch(`${base}/`);
    expect(await r.text()).toContain("<title>display</title>");
    const js = await fetch(`${base}/app.js`);
    expect(js.headers.get("content-type")).toMatch(/javascript/);
  });

  it("never serves secrets or anything outside the display", async () => {
    for (const path of [
      "/secrets.json",
      "/../secrets.json",
      "/%2e%2e/secrets.json",
      "/..%2fsecrets.json",
      "/t1/game-0001.jsonl",
    ]) {
      const r = await fetch(`${base}${path}`);
      expect(r.status, path).toBe(404);
      const body = await r.text();
      expect(body).not.toContain(hub.secrets.password("host/t1") as string);
    }
  });

  it("redirects a folder to its slash form, never to another host (issue 10: open redirect)", async () => {
    // The path exactly as sent: fetch() would normalise it first.
    const location = (path: string) =>
      new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        get({ host: "127.0.0.1", port: hub.httpPort, path }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, location: res.headers.location });
        }).on("error", reject);
      });
    expect(await location("/host?table=t1")).toEqual({ status: 301, location: "/host/?table=t1" });
    expect(await location("/.//evil.example/..%2fhost")).toEqual({
      status: 301,
      location: "/host/",
    });
    for (const path of [
      "//evil.example/..%2fhost",
      "/.%2f%2fx/../host",
      "//evil.example/host/..",
    ]) {
      const r = await location(path);
      // Either not found, or a redirect to a path on this hub (one slash, no backslash).
      if (r.status === 301) expect([path, r.location]).toEqual([path, "/host/"]);
      else expect([path, r.status]).toEqual([path, 404]);
    }
  });

  it("shows a placeholder page when the display is not built", async () => {
    const d = await tempDir();
    const other = await startTestHub({ dataDir: d, staticDir: `${d}/missing` });
    const r = await fetch(`http://127.0.0.1:${other.httpPort}/`);
    expect(await r.text()).toContain("Mafia table hub");
    await other.stop();
    await removeDir(d);
  });
});
