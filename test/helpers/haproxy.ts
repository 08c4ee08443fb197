/**
 * Debian's haproxy in front of hubs, for the front test: one address for MQTT over TCP and
 * one for HTTP/WebSocket, each balanced over the hubs and health-checked on their
 * `/healthz` (200 ready, 503 not). The config is the one docs/CLUSTER.md shows, with
 * loopback ports and short check intervals so the test stays short.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { createConnection } from "node:net";
import { join } from "node:path";
import { removeDir, tempDir, until } from "./hub.js";
import { freePort } from "./redis-server.js";

export interface FrontHub {
  name: string;
  mqttPort: number;
  httpPort: number;
}

export interface Front {
  mqttPort: number;
  httpPort: number;
  /** Each hub's state as haproxy's checks see it (`UP`, `DOWN`, …), by name. */
  states(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

const HAPROXY_BIN = process.env.HAPROXY ?? "/usr/sbin/haproxy";

export function frontConfig(
  hubs: readonly FrontHub[],
  mqttPort: number,
  httpPort: number,
  sock: string,
): string {
  const servers = (port: (h: FrontHub) => number) =>
    hubs.map((h) => `  server ${h.name} 127.0.0.1:${port(h)} check port ${h.httpPort}`);
  return [
    "global",
    `  stats socket ${sock} mode 600 level admin`,
    "defaults",
    "  mode tcp",
    "  timeout connect 2s",
    "  timeout client 120s",
    "  timeout server 120s",
    "  timeout check 1500ms",
    // A hub is out after two failed checks 300 ms apart, back after two good ones.
    "  default-server inter 300ms fall 2 rise 2 on-marked-down shutdown-sessions",
    "frontend mqtt",
    `  bind 127.0.0.1:${mqttPort}`,
    "  default_backend hubs_mqtt",
    "backend hubs_mqtt",
    "  balance roundrobin",
    "  option httpchk GET /healthz",
    "  http-check expect status 200",
    ...servers((h) => h.mqttPort),
    "frontend web",
    `  bind 127.0.0.1:${httpPort}`,
    "  default_backend hubs_web",
    "backend hubs_web",
    "  balance roundrobin",
    "  option httpchk GET /healthz",
    "  http-check expect status 200",
    ...servers((h) => h.httpPort),
    "",
  ].join("\n");
}

/** haproxy's admin socket: one command, its whole answer. */
function ask(sock: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = createConnection(sock);
    let out = "";
    c.on("data", (d: Buffer) => {
      out += d.toString();
    });
    c.on("end", () => resolve(out));
    c.on("error", reject);
    c.write(`${command}\n`);
  });
}

export async function startFront(hubs: readonly FrontHub[]): Promise<Front> {
  const dir = await tempDir("haproxy-");
  const sock = join(dir, "admin.sock");
  const mqttPort = await freePort();
  const httpPort = await freePort();
  const cfg = join(dir, "haproxy.cfg");
  await writeFile(cfg, frontConfig(hubs, mqttPort, httpPort, sock));
  let err = "";
  const proc: ChildProcess = spawn(HAPROXY_BIN, ["-f", cfg, "-db"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  proc.stderr?.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise<void>((r) => proc.once("exit", () => r()));
      proc.kill("SIGKILL");
      await exited;
    }
    await removeDir(dir);
  };
  const states = async () => {
    const csv = await ask(sock, "show stat");
    const rows = csv.split("\n").map((l) => l.split(","));
    const header = (rows[0] ?? []).map((h) => h.replace(/^# /, ""));
    const px = header.indexOf("pxname");
    const sv = header.indexOf("svname");
    const st = header.indexOf("status");
    const out: Record<string, string> = {};
    for (const r of rows.slice(1))
      if (r[px] === "hubs_mqtt" && hubs.some((h) => h.name === r[sv]))
        out[r[sv] as string] = r[st] as string;
    return out;
  };
  try {
    await until(
      async () => {
        if (proc.exitCode !== null) throw new Error(`haproxy ended:\n${err}`);
        const s = await states().catch(() => ({}) as Record<string, string>);
        return hubs.every((h) => s[h.name] === "UP");
      },
      20_000,
      "haproxy to see every hub UP",
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return { mqttPort, httpPort, states, stop };
}
