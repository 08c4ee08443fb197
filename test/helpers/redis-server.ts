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
  /** SIGKILL (the AOF keeps every acknowledged write). */
  kill(): Promise<void>;
  /** Starts it again on the same port and dir (killing it first if it runs). */
  restart(): Promise<void>;
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

/** One redis-server on this port and dir; resolves with it once ready, or with its output. */
async function launch(
  port: number,
  dir: string,
  extra: string[],
): Promise<{ proc: ChildProcess } | { failed: string }> {
  const proc = spawn(
    REDIS_BIN,
    [
      ...["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", ""],
      ...["--appendonly", "yes", "--appendfsync", "always"],
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
  if (ready) return { proc };
  proc.kill("SIGKILL");
  return { failed: out };
}

/** Starts redis-server; retries on another port if the one picked was taken meanwhile. */
export async function startRedis(extra: string[] = []): Promise<RedisServer> {
  const dir = await tempDir("redis-");
  let lastErr = "";
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const launched = await launch(port, dir, extra);
    if ("failed" in launched) {
      lastErr = launched.failed;
      continue;
    }
    const kill = async (proc: ChildProcess) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<void>((r) => proc.once("exit", () => r()));
      proc.kill("SIGKILL");
      await exited;
    };
    const server: RedisServer = {
      url: `redis://127.0.0.1:${port}`,
      port,
      proc: launched.proc,
      dir,
      async kill() {
        await kill(server.proc);
      },
      async restart() {
        await kill(server.proc);
        const again = await launch(port, dir, extra);
        if ("failed" in again) throw new Error(`redis-server did not restart:\n${again.failed}`);
        server.proc = again.proc;
      },
      async stop() {
        await kill(server.proc);
        await removeDir(dir);
      },
    };
    return server;
  }
  await removeDir(dir);
  throw new Error(`redis-server did not start:\n${lastErr}`);
}
