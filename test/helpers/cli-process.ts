/** The real command line as a child process: spawn, parse the ready line, kill. */
import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";

export interface HubProcess {
  proc: ChildProcess;
  mqttPort: number;
  httpPort: number;
  dataDir: string;
  stdout: string[];
  stderr: () => string;
  secrets(): Promise<Record<string, string>>;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const ROOT = join(import.meta.dirname, "..", "..");

/**
 * Starts the kit's entry like `npm start -- ARGS` does (launch.mjs: the bundled start.ts);
 * with `viaNpm`, through npm itself (without the prestart build), as a supervisor would,
 * so `proc.pid` is npm's; with `fromSources`, start.ts itself through tsx.
 */
export function spawnHub(
  args: string[],
  // A wait that succeeds returns at once; on a CI machine under load a hub with --sim took
  // over 20 s to print its ready line (one failure seen).
  timeout = 45_000,
  opts: { viaNpm?: boolean; mdns?: boolean; fromSources?: boolean } = {},
): Promise<HubProcess> {
  // A test hub stays off the LAN's mDNS unless it tests mDNS: several test hubs at once
  // fought over the service name, and bonjour-service prints its conflict to stdout.
  if (!opts.mdns && !args.includes("--no-mdns")) args = [...args, "--no-mdns"];
  const [cmd, argv] = opts.viaNpm
    ? ["npm", ["start", "--ignore-scripts", "--", ...args]]
    : opts.fromSources
      ? [process.execPath, ["--import", "tsx", "start.ts", ...args]]
      : [process.execPath, ["launch.mjs", ...args]];
  const proc = spawn(cmd as string, argv as string[], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stdout: string[] = [];
  let err = "";
  proc.stderr?.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill("SIGKILL");
      reject(new Error(`no ready line within ${timeout} ms; stderr:\n${err}`));
    }, timeout);
    let buf = "";
    proc.stdout?.on("data", (d: Buffer) => {
      buf += d.toString();
      let i = buf.indexOf("\n");
      while (i >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        stdout.push(line);
        const m = /^hub ready mqtt=(\d+) http=(\d+) data=(.+)$/.exec(line);
        if (m) {
          clearTimeout(timer);
          const dataDir = m[3] as string;
          resolve({
            proc,
            mqttPort: Number(m[1]),
            httpPort: Number(m[2]),
            dataDir,
            stdout,
            stderr: () => err,
            secrets: async () => JSON.parse(await readFile(join(dataDir, "secrets.json"), "utf8")),
            exited,
          });
        }
        i = buf.indexOf("\n");
      }
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`hub exited (${code ?? signal}) before it was ready; stderr:\n${err}`));
    });
  });
}

/** Runs the command line to completion (for --help and bad flags). */
export function runHub(
  args: string[],
  timeout = 45_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["launch.mjs", ...args], { cwd: ROOT });
    let stdout = "";
    let stderr = "";
    proc.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    proc.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const timer = setTimeout(() => {
      proc.kill("SIGKILL");
      reject(new Error("hub did not exit"));
    }, timeout);
    proc.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** One TCP connect to 127.0.0.1:`port`: "open", or the error's code (ECONNREFUSED, ...). */
export function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("open");
    });
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}
