/**
 * A real Debian redis-server for the cluster tests: its own temp dir, a free loopback port
 * (never a fixed one: other test runs share the machine), AOF with `appendfsync always`
 * unless a test asks for weaker settings to see the hub refuse them.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { removeDir, tempDir } from "./hub.js";

export interface RedisServer {
  url: string;
  port: number;
  proc: ChildProcess;
  dir: string;
  stop(): Promise<void>;
}

const REDIS_BIN = process.env.REDIS_SERVER ?? "/usr/bin/redis-server";

/** A port nobody listens on right now (the caller retries if it is taken meanwhile). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts redis-server; retries on another port if the one picked was taken meanwhile. */
export async function startRedis(extra: string[] = []): Promise<RedisServer> {
  const dir = await tempDir("redis-");
  let lastErr = "";
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const proc = spawn(
      REDIS_BIN,
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        dir,
        "--save",
        "",
        "--appendonly",
        "yes",
        "--appendfsync",
        "always",
        ...extra,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 10_000);
      proc.stdout?.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("Ready to accept connections")) {
          clearTimeout(timer);
          resolve(true);
        }
      });
      proc.once("exit", () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (ready) {
      const exited = new Promise<void>((r) => proc.once("exit", () => r()));
      return {
        url: `redis://127.0.0.1:${port}`,
        port,
        proc,
        dir,
        async stop() {
          if (proc.exitCode === null && proc.signalCode === null) {
            proc.kill("SIGKILL");
            await exited;
          }
          await removeDir(dir);
        },
      };
    }
    lastErr = out;
    proc.kill("SIGKILL");
  }
  await removeDir(dir);
  throw new Error(`redis-server did not start:\n${lastErr}`);
}
