/**
 * The display's `vite build`, done once per `vitest run` for the browser project (its
 * `globalSetup`): every browser file used to build it again in its own `beforeAll`, a few
 * CPU-heavy seconds each on a machine that runs two files at a time. Each file still gets
 * a folder of its own (harness.ts buildDisplay copies this one), so a file that removes or
 * changes its copy cannot disturb another.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The display built by this setup; absent when the file runs without it. */
    displayDist?: string;
  }
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** `vite build` of web-display into `out` (emptied first). */
export async function viteBuild(out: string): Promise<void> {
  const vite = join(ROOT, "node_modules", "vite", "bin", "vite.js");
  const args = [vite, "build", "--config", "web-display/vite.config.ts", "--outDir", out];
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST") && k !== "NODE_ENV"),
  );
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [...args, "--emptyOutDir", "--logLevel", "error"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let err = "";
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${code}): ${err}`)),
    );
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const out = await mkdtemp(join(tmpdir(), "display-shared-"));
  await viteBuild(out);
  project.provide("displayDist", out);
  return () => rm(out, { recursive: true, force: true });
}
