/**
 * launch.mjs, what `npm start` runs: the hub bundled by esbuild, rebuilt when a source is
 * newer than the bundle; and the hub's worker threads both bundled and from the sources.
 */
import { spawnSync } from "node:child_process";
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ensureBundle } from "../../launch.mjs";
import { spawnHub } from "../helpers/cli-process.js";
import { removeDir, tempDir } from "../helpers/hub.js";

const REPO = join(import.meta.dirname, "..", "..");
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await removeDir(d);
});

/** Runs a bundle built from a fresh file URL (a module is cached by its URL). */
async function run(outdir: string, name: string, n: number): Promise<unknown> {
  const mod = await import(`${pathToFileURL(join(outdir, `${name}.mjs`)).href}?${n}`);
  return mod.value;
}

describe("launch.mjs", () => {
  it("bundles on the first start, reuses a fresh bundle, and rebuilds once any source is newer", async () => {
    const root = await tempDir("launch-");
    dirs.push(root);
    await mkdir(join(root, "src"));
    await writeFile(join(root, "tsconfig.json"), "{}");
    await writeFile(join(root, "src/part.ts"), "export const part: number = 1;\n");
    await writeFile(
      join(root, "main.ts"),
      'import { part } from "./src/part.js";\nexport const value: number = part + 1;\n',
    );
    const o = { root, outdir: join(root, "dist"), entries: { main: "main.ts" } };
    expect(await ensureBundle(o)).toBe(true);
    expect(await run(o.outdir, "main", 1)).toBe(2);
    expect(JSON.parse(await readFile(join(o.outdir, "meta.json"), "utf8")).sort()).toEqual([
      "main.ts",
      "src/part.ts",
    ]);
    expect(await ensureBundle(o)).toBe(false);

    // An imported file changed (its mtime past the bundle's): built again, with the change.
    await writeFile(join(root, "src/part.ts"), "export const part: number = 40;\n");
    expect(await ensureBundle(o)).toBe(true);
    expect(await run(o.outdir, "main", 2)).toBe(41);
    expect(await ensureBundle(o)).toBe(false);

    // The entry changed and no longer imports part.ts: the list of sources follows it.
    await writeFile(join(root, "main.ts"), "export const value = 7;\n");
    expect(await ensureBundle(o)).toBe(true);
    expect(await run(o.outdir, "main", 3)).toBe(7);
    expect(JSON.parse(await readFile(join(o.outdir, "meta.json"), "utf8"))).toEqual(["main.ts"]);
    // A source removed and written anew counts as changed too.
    await writeFile(join(root, "main.ts"), 'export { part as value } from "./src/part.js";\n');
    expect(await ensureBundle(o)).toBe(true);
    await rm(join(root, "src/part.ts"));
    await writeFile(join(root, "src/part.ts"), "export const part: number = 5;\n");
    expect(await ensureBundle(o)).toBe(true);
    expect(await run(o.outdir, "main", 4)).toBe(5);
  });

  it("refuses to start, with the reason, when the sources do not build: never a stale bundle", async () => {
    // Inside the repository, so that launch.mjs finds esbuild in its node_modules.
    const root = join(REPO, "test-artifacts", `launch-${process.pid}`);
    dirs.push(root);
    await mkdir(join(root, "hub", "workers"), { recursive: true });
    await copyFile(join(REPO, "launch.mjs"), join(root, "launch.mjs"));
    await writeFile(join(root, "tsconfig.json"), "{}");
    await writeFile(join(root, "start.ts"), "export const broken = ;\n");
    await writeFile(join(root, "hub/workers/table-worker.ts"), "export {};\n");
    const run = spawnSync(process.execPath, [join(root, "launch.mjs")], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`hub: cannot build ${join(root, "dist")} from the sources`);
    expect(run.stderr).toContain("start.ts:1:");
  });

  it("starts table workers from the bundle and from the TypeScript sources alike", async () => {
    for (const fromSources of [false, true]) {
      const dataDir = await tempDir("launch-workers-");
      dirs.push(dataDir);
      const hub = await spawnHub(
        [
          ...["--data-dir", dataDir, "--mqtt-port", "0", "--http-port", "0"],
          ...["--table", "t1,t2", "--workers", "2", "--log-level", "info"],
        ],
        45_000,
        { fromSources },
      );
      hub.proc.kill("SIGTERM");
      expect(await hub.exited).toEqual({ code: 0, signal: null });
      expect(hub.stderr()).not.toMatch(/worker\.(error|died)/);
    }
  });
});
