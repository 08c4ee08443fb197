/** HTTP: /healthz, the display (or a placeholder) at /, and nothing secret. */
import { writeFile } from "node:fs/promises";
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
  hub = await startTestHub({ dataDir: dir, staticDir });
  base = `http://127.0.0.1:${hub.httpPort}`;
});

afterAll(async () => {
  await hub?.stop();
  await removeDir(dir);
  await removeDir(staticDir);
});

describe("HTTP", () => {
  it("/healthz answers {ok:true}", async () => {
    const r = await fetch(`${base}/healthz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ ok: true });
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

  it("shows a placeholder page when the display is not built", async () => {
    const d = await tempDir();
    const other = await startTestHub({ dataDir: d, staticDir: `${d}/missing` });
    const r = await fetch(`http://127.0.0.1:${other.httpPort}/`);
    expect(await r.text()).toContain("Mafia table hub");
    await other.stop();
    await removeDir(d);
  });
});
