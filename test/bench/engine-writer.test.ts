/**
 * Issue 10: `npm run bench:engine` rewrote docs/BENCHMARKS.md in a shape Biome rejects, so
 * `npm test` failed right after a bench run. The writer now writes it formatted (here into
 * a copy, with a handful of games).
 */
import { execFileSync } from "node:child_process";
import { copyFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeDir, tempDir } from "../helpers/hub.js";

const ROOT = join(import.meta.dirname, "..", "..");
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await removeDir(d);
});

describe("bench:engine writes docs/BENCHMARKS.md", () => {
  it("already in Biome's format", async () => {
    const dir = await tempDir("bench-doc-");
    dirs.push(dir);
    const out = join(dir, "BENCHMARKS.md");
    await copyFile(join(ROOT, "docs/BENCHMARKS.md"), out);
    const run = (file: string, args: string[], input?: string) =>
      execFileSync(file, args, { cwd: ROOT, encoding: "utf8", input, stdio: "pipe" });
    run(process.execPath, [
      "--import",
      "tsx",
      "bench/engine.bench.ts",
      "--games",
      "3",
      "--out",
      out,
    ]);
    const written = await readFile(out, "utf8");
    expect(written).toMatch(/--games 3/);
    const biome = join(ROOT, "node_modules/.bin/biome");
    expect(run(biome, ["format", "--stdin-file-path=BENCHMARKS.md"], written)).toBe(written);
  }, 60_000);
});
