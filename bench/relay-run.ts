/**
 * The hub run's traffic through a bare relay: every client of the hub run connects again
 * (same client ids, subscribed to the topics it received), publishes its inputs of the
 * same sizes at the same moments, and the relay answers each with the messages the hub
 * sent (see relay-broker.ts). Kinds: `aedes` (in its own process, answering inside the
 * broker like the hub), `aedes-fsync` (the same, each input appended and fsynced first),
 * `mosquitto` (the answers come from a fan-out client in this process: one hop more, and
 * its CPU is the clients'). One latency sample per input the hub run sampled: publish to
 * the observing client holding the answer on the same topic (public state or host view).
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import mqtt, { type MqttClient } from "mqtt";
import { hostViewTopic, publicStateTopic } from "../protocol/index.js";
import { spawnTsx, waitLine } from "./hub-process.js";
import { Latencies } from "./latency.js";
import { startMosquitto } from "./mosquitto.js";
import { ownCpuShare, type ProcSample, sampleProc } from "./proc-stats.js";
import { type RelayScript, relayScript, type Traffic, taggedPayload, tagOf } from "./traffic.js";

export type RelayKind = "aedes" | "aedes-fsync" | "mosquitto";

export interface RelayRunResult {
  kind: RelayKind;
  /** Day samples (public state) and night samples (host view), as in the hub run. */
  latencies: Latencies;
  night: Latencies;
  seconds: number;
  deliveries: number;
  cpu: { before: ProcSample; after: ProcSample };
  /** The bench process's CPU over the run, as a share of one core (clients, fan-out). */
  clientCpu: number;
}

/** Connects many clients a few at a time: the relay's own connect storm is not measured. */
async function connectAll(
  url: string,
  subscriptions: Map<string, string[]>,
): Promise<Map<string, MqttClient>> {
  const clients = new Map<string, MqttClient>();
  const ids = [...subscriptions.keys()];
  for (let i = 0; i < ids.length; i += 50) {
    await Promise.all(
      ids.slice(i, i + 50).map(async (id) => {
        const client = mqtt.connect(url, {
          protocolVersion: 4,
          clientId: `relay-${id}`,
          reconnectPeriod: 1000,
        });
        client.on("error", () => undefined);
        await new Promise<void>((resolve) => client.once("connect", () => resolve()));
        const topics = subscriptions.get(id) ?? [];
        if (topics.length > 0) await client.subscribeAsync(topics, { qos: 1 });
        clients.set(id, client);
      }),
    );
  }
  return clients;
}

async function startRelay(
  kind: RelayKind,
  script: RelayScript,
  mosquitto: string | null,
): Promise<{ port: number; child: ChildProcess }> {
  if (kind === "mosquitto") return startMosquitto(mosquitto as string);
  const dir = await mkdtemp(join(tmpdir(), "bench-relay-"));
  const scriptPath = join(dir, "script.json");
  await writeFile(scriptPath, JSON.stringify(script));
  const child = spawnTsx(
    "bench/relay-broker.ts",
    kind === "aedes-fsync" ? [scriptPath, dir] : [scriptPath],
  );
  const ready = await waitLine(child, /relay ready mqtt=(\d+)/);
  return { port: Number(ready[1]), child };
}

/** For mosquitto: a client that answers each input with the hub's messages. */
async function fanOut(url: string, traffic: Traffic, script: RelayScript): Promise<MqttClient> {
  const feeder = await mqtt.connectAsync(url, { protocolVersion: 4, clientId: "relay-fan-out" });
  const send = (tag: string, outs: RelayScript["preamble"]) => {
    for (const [topic, bytes, qos, retain] of outs)
      feeder.publish(topic, taggedPayload(tag, bytes), { qos, retain });
  };
  feeder.on("message", (_topic, payload) => {
    const tag = tagOf(payload);
    send(tag, script.afterInput[Number(tag)] ?? []);
  });
  await feeder.subscribeAsync([...new Set(traffic.inputs.map((r) => r.topic))], { qos: 1 });
  send("pre", script.preamble);
  return feeder;
}

export async function runRelay(
  kind: RelayKind,
  traffic: Traffic,
  mosquitto: string | null,
): Promise<RelayRunResult> {
  const script = relayScript(traffic);
  const relay = await startRelay(kind, script, mosquitto);
  const url = `mqtt://127.0.0.1:${relay.port}`;
  const feeder = kind === "mosquitto" ? await fanOut(url, traffic, script) : null;
  const subscriptions = new Map(Object.entries(traffic.subscriptions));
  for (const r of traffic.inputs) if (!subscriptions.has(r.client)) subscriptions.set(r.client, []);
  const clients = await connectAll(url, subscriptions);

  // Which input each sampled answer belongs to, and on which topic it counts.
  const waiting = new Map<string, { t0: number; topic: string; into: Latencies }>();
  const latencies = new Latencies();
  const night = new Latencies();
  let deliveries = 0;
  for (const client of clients.values()) {
    client.on("message", (topic, payload) => {
      deliveries++;
      const tag = tagOf(payload);
      const w = waiting.get(tag);
      if (w && w.topic === topic) {
        w.into.add(performance.now() - w.t0);
        waiting.delete(tag);
      }
    });
  }
  const before = sampleProc(relay.child.pid as number);
  const clientBefore = process.cpuUsage();
  const start = performance.now();
  for (const [i, r] of traffic.inputs.entries()) {
    const wait = r.at - (performance.now() - start);
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const tag = String(i);
    if (r.sample) {
      const day = r.sample === "state";
      const topic = day ? publicStateTopic(r.table) : hostViewTopic(r.table);
      waiting.set(tag, { t0: performance.now(), topic, into: day ? latencies : night });
    }
    clients.get(r.client)?.publish(r.topic, taggedPayload(tag, r.bytes), { qos: 1 });
  }
  // Let the last answers land.
  await new Promise((r) => setTimeout(r, 1000));
  const seconds = (performance.now() - start) / 1000;
  const after = sampleProc(relay.child.pid as number);
  const clientCpu = ownCpuShare(clientBefore, seconds);
  await Promise.all([...clients.values()].map((c) => c.endAsync(true)));
  await feeder?.endAsync(true);
  relay.child.kill("SIGTERM");
  return { kind, latencies, night, seconds, deliveries, cpu: { before, after }, clientCpu };
}

export function cpuModel(): string {
  const line = readFileSync("/proc/cpuinfo", "utf8")
    .split("\n")
    .find((l) => l.startsWith("model name"));
  return line?.split(":")[1]?.trim() ?? "unknown";
}
