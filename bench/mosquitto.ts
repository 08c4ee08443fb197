/**
 * Mosquitto as a second relay, when it is installed: started on a free loopback port with
 * a generated configuration (no persistence, anonymous clients, loopback only).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../test/helpers/redis-server.js";

const CANDIDATES = ["/usr/sbin/mosquitto", "/usr/bin/mosquitto", "/usr/local/sbin/mosquitto"];

export function mosquittoPath(): string | null {
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.connect(port, "127.0.0.1");
  });
}

export async function startMosquitto(bin: string): Promise<{ port: number; child: ChildProcess }> {
  const dir = await mkdtemp(join(tmpdir(), "bench-mosquitto-"));
  const port = await freePort();
  const conf = join(dir, "mosquitto.conf");
  await writeFile(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      "allow_anonymous true",
      "persistence false",
      "max_queued_messages 100000",
      "max_inflight_messages 0",
      "log_type error",
      "",
    ].join("\n"),
  );
  const child = spawn(bin, ["-c", conf], { stdio: ["ignore", "ignore", "ignore"] });
  for (let i = 0; i < 100; i++) {
    if (await accepts(port)) return { port, child };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill("SIGTERM");
  throw new Error(`mosquitto did not listen on port ${port}`);
}
