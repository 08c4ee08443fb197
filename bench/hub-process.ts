/**
 * The hub and the relays as child processes of the bench: spawned from the repository's
 * root, the hub as `npm start` runs it, its ready line awaited, stopped with SIGTERM.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
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

/**
 * How `npm start` runs node, read from package.json's start script so that the settings
 * live there once: the environment defaults it sets (`NAME=${NAME:-VALUE}`, e.g. libuv's
 * pool for the journals' fsyncs) and node's flags before launch.mjs (e.g. the young
 * generation's size). The bench runs the hub and the relays with both, so the relays are
 * measured with the same runtime settings as the hub.
 */
export function npmStartRuntime(script: string = packageJson().scripts.start): {
  env: Record<string, string>;
  nodeArgs: string[];
} {
  const m = /^((?:\w+=\S+\s+)*)exec node ((?:--\S+\s+)*)launch\.mjs$/.exec(script.trim());
  if (!m)
    throw new Error(`package.json's start is not "NAME=... exec node FLAGS launch.mjs": ${script}`);
  const env: Record<string, string> = {};
  for (const [, name, fallback] of (m[1] ?? "").matchAll(/(\w+)=\$\{\1:-([^}]*)\}/g))
    env[name as string] = process.env[name as string] ?? (fallback as string);
  return { env, nodeArgs: (m[2] ?? "").split(/\s+/).filter(Boolean) };
}

function packageJson(): { scripts: { start: string } } {
  return JSON.parse(readFileSync(join(import.meta.dirname, "..", "package.json"), "utf8"));
}

/** `stderrFile`: where the child's stderr goes (a crash's stack), else it is dropped. */
function spawnNode(
  script: string,
  args: string[],
  nodeArgs: string[],
  stderrFile?: string,
): ChildProcess {
  const stderr = stderrFile ? openSync(stderrFile, "a") : "ignore";
  const start = npmStartRuntime();
  return spawn(process.execPath, [...start.nodeArgs, ...nodeArgs, script, ...args], {
    stdio: ["ignore", "pipe", stderr],
    cwd: join(import.meta.dirname, ".."),
    env: { ...process.env, ...start.env },
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
