/**
 * The hub and the relays as child processes of the bench: spawned from the repository's
 * root, the hub as `npm start` runs it, its ready line awaited, stopped with SIGTERM.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { openSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { ensureHubBundle } from "../launch.mjs";

export function waitLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(() => reject(new Error(`no line matching ${pattern}`)), 60_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      const m = pattern.exec(buffer);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code} before ${pattern}`)));
  });
}

/** A TypeScript script run through tsx; see spawnNode. */
export function spawnTsx(
  script: string,
  args: string[],
  nodeArgs: string[] = [],
  stderrFile?: string,
): ChildProcess {
  return spawnNode(script, args, [...nodeArgs, "--import", "tsx"], stderrFile);
}

/** `stderrFile`: where the child's stderr goes (a crash's stack), else it is dropped. */
function spawnNode(
  script: string,
  args: string[],
  nodeArgs: string[],
  stderrFile?: string,
): ChildProcess {
  const stderr = stderrFile ? openSync(stderrFile, "a") : "ignore";
  return spawn(process.execPath, [...nodeArgs, script, ...args], {
    stdio: ["ignore", "pipe", stderr],
    cwd: join(import.meta.dirname, ".."),
    // As `npm start` runs the hub (package.json): libuv's pool for the journals' fsyncs.
    env: { ...process.env, UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? "16" },
  });
}

export interface HubProcess {
  child: ChildProcess;
  mqttUrl: string;
  secrets: Record<string, string>;
  dataDir: string;
  /** The hub's stderr (warnings, a crash's stack), in its data dir. */
  stderrPath: string;
  /** ms from spawning to the ready line. */
  readyMs: number;
}

/**
 * The hub's bundle, built (launch.mjs) when a source changed: once, before the first hub
 * is timed, so no start-up figure holds a build.
 */
let bundleBuilt: Promise<boolean> | null = null;

/**
 * Starts the hub as `npm start` does (`launch.mjs`, the bundled `start.ts`) with the given
 * tables; `nodeArgs` e.g. `--cpu-prof`; `extraArgs` more hub flags (e.g. `--cluster URL`).
 */
export async function startHubProcess(
  names: string[],
  nodeArgs: string[] = [],
  dataDir?: string,
  extraArgs: string[] = [],
): Promise<HubProcess> {
  bundleBuilt ??= ensureHubBundle();
  await bundleBuilt;
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), "bench-hub-")));
  const t0 = performance.now();
  const stderrPath = join(dir, "hub.stderr.log");
  const child = spawnNode(
    "launch.mjs",
    [
      "--data-dir",
      dir,
      "--mqtt-port",
      "0",
      "--http-port",
      "0",
      "--table",
      names.join(","),
      // The default game of each table is plain sport; the host bot sets up its own S seats.
      "--seats",
      "10",
      "--log-level",
      "warn",
      ...extraArgs,
    ],
    nodeArgs,
    stderrPath,
  );
  const ready = await waitLine(child, /hub ready mqtt=(\d+)/);
  const readyMs = performance.now() - t0;
  const secrets = JSON.parse(await readFile(join(dir, "secrets.json"), "utf8")) as Record<
    string,
    string
  >;
  return {
    child,
    mqttUrl: `mqtt://127.0.0.1:${ready[1]}`,
    secrets,
    dataDir: dir,
    stderrPath,
    readyMs,
  };
}

/** SIGTERM, and wait for the exit (a CPU profile is written on the way out). */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
