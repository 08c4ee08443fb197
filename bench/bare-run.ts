/**
 * The same load through a bare Aedes that only relays: the clients of the hub run (one per
 * paddle and host) publish messages of the same sizes at the same moments, and one
 * subscriber per table (where the hub run had its display) receives them. Publish to
 * receive is one latency sample.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import mqtt, { type MqttClient } from "mqtt";
import type { PublishRecord } from "./hub-run.js";
import { spawnTsx } from "./hub-run.js";
import { Latencies } from "./latency.js";
import { type ProcSample, sampleProc } from "./proc-stats.js";

export interface BareRunResult {
  latencies: Latencies;
  seconds: number;
  cpu: { before: ProcSample; after: ProcSample };
}

async function portOf(child: ReturnType<typeof spawnTsx>): Promise<number> {
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      const m = /bare ready mqtt=(\d+)/.exec(chunk.toString("utf8"));
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`bare broker exited with ${code}`)));
  });
}

export async function runBare(publishes: PublishRecord[]): Promise<BareRunResult> {
  const broker = spawnTsx("bench/bare-broker.ts", []);
  const url = `mqtt://127.0.0.1:${await portOf(broker)}`;
  const connect = (clientId: string) =>
    mqtt.connectAsync(url, {
      protocolVersion: 4,
      clientId: `bare-${clientId}`,
      reconnectPeriod: 0,
    });
  const tables = [...new Set(publishes.map((p) => p.table))];
  const clientIds = [...new Set(publishes.map((p) => p.client))];
  const clients = new Map<string, MqttClient>();
  for (const id of clientIds) clients.set(id, await connect(id));
  const sent = new Map<string, number>();
  const latencies = new Latencies();
  const subscribers: MqttClient[] = [];
  for (const table of tables) {
    const sub = await connect(`display-${table}`);
    sub.on("message", (_topic, payload) => {
      const id = payload.toString("utf8", 0, 24).trim();
      const t0 = sent.get(id);
      if (t0 !== undefined) latencies.add(performance.now() - t0);
    });
    await sub.subscribeAsync(`mafia/v1/${table}/#`, { qos: 1 });
    subscribers.push(sub);
  }
  const before = sampleProc(broker.pid as number);
  const start = performance.now();
  await Promise.all(
    publishes.map(
      (p, i) =>
        new Promise<void>((resolve) => {
          setTimeout(
            () => {
              const id = String(i).padEnd(24);
              const body = Buffer.alloc(Math.max(p.bytes, 24), " ");
              body.write(id, 0, "utf8");
              sent.set(id.trim(), performance.now());
              clients
                .get(p.client)
                ?.publish(`mafia/v1/${p.table}/relay/${i % 20}`, body, { qos: 1 }, () => resolve());
            },
            Math.max(0, p.at - (performance.now() - start)),
          );
        }),
    ),
  );
  // Let the last deliveries land.
  await new Promise((r) => setTimeout(r, 500));
  const seconds = (performance.now() - start) / 1000;
  const after = sampleProc(broker.pid as number);
  await Promise.all([...clients.values(), ...subscribers].map((c) => c.endAsync(true)));
  broker.kill("SIGTERM");
  return { latencies, seconds, cpu: { before, after } };
}

export function cpuModel(): string {
  const line = readFileSync("/proc/cpuinfo", "utf8")
    .split("\n")
    .find((l) => l.startsWith("model name"));
  return line?.split(":")[1]?.trim() ?? "unknown";
}
