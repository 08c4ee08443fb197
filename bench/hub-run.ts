/**
 * One benchmark run against the hub: T tables of S simulated paddles (the real firmware
 * over mqtt.js, bots on every seat, the host bot) play one sport game each, all connecting
 * at once. For every paddle input whose effect the public state shows (a "thank you" ends
 * the speech, a nomination joins the list), the time from the client's publish to the
 * display client holding that public state is one latency sample; for every night choice,
 * the time to the host client holding the host view that shows the seat answered.
 * Everything the clients send and receive is recorded (traffic.ts) for the relay runs.
 */
import { performance } from "node:perf_hooks";
import { type IPublishPacket, MqttClient } from "mqtt";
import { type SimTable, startSim } from "../firmware-sim/sim/table-sim.js";
import { FAST_SPORT_OPTIONS } from "../firmware-sim/sim/tactics.js";
import { hostViewTopic, type PublicState } from "../protocol/index.js";
import { traceClients } from "./client-trace.js";
import { type HubProcess, startHubProcess, stopProcess } from "./hub-process.js";
import { Latencies } from "./latency.js";
import { ownCpuShare, type ProcSample, sampleProc } from "./proc-stats.js";
import { type HostViewLike, reflection, type Sample } from "./reflection.js";
import { type SampleKind, type Traffic, TrafficRecorder } from "./traffic.js";

export interface HubRunResult {
  latencies: Latencies;
  /** The day samples split at the PUBACK: publish → PUBACK, and PUBACK → public state. */
  toAck: Latencies;
  ackToState: Latencies;
  /** Night choices: publish → the host view showing the seat answered. */
  night: Latencies;
  /** Inputs whose effect never showed within 30 s (refused, or overtaken by another). */
  unmatched: number;
  traffic: Traffic;
  connect: ConnectFigures;
  seconds: number;
  inputs: number;
  games: { table: string; winner: string | null }[];
  cpu: { before: ProcSample; after: ProcSample };
  /** The benchmark's own process (every client): its share of one core over the run. */
  clientCpu: number;
  dataDir: string;
}

/** How the paddles came online: when the last was up, and how many connects it took. */
export interface ConnectFigures {
  paddles: number;
  /** ms from the first connect to every paddle up at once (null: not within the run). */
  allUpMs: number | null;
  /** Connections opened beyond one per paddle. */
  reconnects: number;
}

interface Pending extends Sample {
  t0: number;
  /** When the hub acknowledged it (PUBACK: journaled and fsynced), once it has. */
  acked: number | null;
}

/** Starts a simulated table; a refused or reset connection during a storm is retried. */
export function simTable(hub: HubProcess, table: string, seats: number, play: boolean) {
  return startSim({
    mqttUrl: hub.mqttUrl,
    secrets: hub.secrets,
    table,
    paddles: seats,
    bots: play,
    hostBot: play,
    hostOptions: { ...FAST_SPORT_OPTIONS, allowAnySeatCount: seats !== 10 },
    log: () => undefined,
  });
}

/** Polls the paddles' links: resolves when all are up at once, or null at the deadline. */
export async function allUp(sims: SimTable[], start: number, deadline: number) {
  const paddles = sims.flatMap((s) => s.paddles);
  while (performance.now() < deadline) {
    if (paddles.every((p) => p.paddle.linkState === "up")) return performance.now() - start;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

export function reconnects(sims: SimTable[]): number {
  const paddles = sims.flatMap((s) => s.paddles);
  return paddles.reduce((n, p) => n + p.mqtt.connects, 0) - paddles.length;
}

/** The hub processes of a run, and which one a table's clients connect to. */
export interface HubSet {
  hubs: HubProcess[];
  hubFor(table: string): HubProcess;
}

/** CPU and memory of every hub of a run, added up. */
function sampleHubs(set: HubSet): ProcSample {
  const samples = set.hubs.map((h) => sampleProc(h.child.pid as number));
  return {
    cpuSeconds: samples.reduce((n, x) => n + x.cpuSeconds, 0),
    rssMiB: samples.reduce((n, x) => n + x.rssMiB, 0),
    peakMiB: samples.reduce((n, x) => n + x.peakMiB, 0),
  };
}

export async function runHub(
  tables: number,
  seats: number,
  maxSeconds: number,
  nodeArgs: string[] = [],
  /** Other hubs than one plain hub process (bench/cluster-bench.ts). */
  startHubs?: (names: string[]) => Promise<HubSet>,
  /** More flags of the one plain hub (e.g. `--workers 2`). */
  hubArgs: string[] = [],
): Promise<HubRunResult> {
  const names = Array.from({ length: tables }, (_, i) => `b${i + 1}`);
  const set: HubSet = startHubs
    ? await startHubs(names)
    : await startHubProcess(names, nodeArgs, undefined, hubArgs).then((h) => ({
        hubs: [h],
        hubFor: () => h,
      }));
  const hub = set.hubs[0] as HubProcess;
  const start = performance.now();
  const recorder = new TrafficRecorder(start);
  const latestState = new Map<string, PublicState>();
  const pending = new Map<string, Pending[]>();
  const latencies = new Latencies();
  const toAck = new Latencies();
  const ackToState = new Latencies();
  const night = new Latencies();
  let unmatched = 0;

  /** Settles the waiting samples of a table against a public state or a host view. */
  const settle = (table: string, kind: SampleKind, view: PublicState | HostViewLike) => {
    const t1 = performance.now();
    const still = (pending.get(table) ?? []).filter((p) => {
      if (p.kind !== kind) return true;
      if (p.reflected(view)) {
        if (kind === "host") night.add(t1 - p.t0);
        else {
          latencies.add(t1 - p.t0);
          if (p.acked !== null && p.acked <= t1) {
            toAck.add(p.acked - p.t0);
            ackToState.add(t1 - p.acked);
          }
        }
      } else if (t1 - p.t0 > 30_000) unmatched++;
      else return true;
      return false;
    });
    pending.set(table, still);
  };

  // Every client in this process is mqtt.js: note each input that leaves and each message that arrives.
  const originalPublish = MqttClient.prototype.publish;
  const originalEmit = MqttClient.prototype.emit;
  MqttClient.prototype.publish = function (
    this: MqttClient,
    topic: string,
    message: string | Buffer,
    ...rest: unknown[]
  ) {
    const t0 = performance.now();
    const parts = topic.split("/");
    const table = parts[2] ?? "";
    const client = this.options.clientId ?? "";
    const sample = reflection(parts, String(message), latestState.get(table));
    const bytes = Buffer.byteLength(message);
    recorder.input({ table, client, topic, bytes, sample: sample?.kind ?? null }, t0);
    if (sample) {
      const entry: Pending = { ...sample, t0, acked: null };
      pending.set(table, [...(pending.get(table) ?? []), entry]);
      // Split the latency at the PUBACK: before it the hub decodes, steps and fsyncs; after it, it publishes.
      const last = rest.length - 1;
      const cb = rest[last];
      if (typeof cb === "function") {
        rest[last] = (...args: unknown[]) => {
          entry.acked = performance.now();
          return (cb as (...a: unknown[]) => unknown)(...args);
        };
      }
    }
    return (originalPublish as (...a: unknown[]) => MqttClient).call(this, topic, message, ...rest);
  } as typeof originalPublish;
  MqttClient.prototype.emit = function (this: MqttClient, event: string, ...args: unknown[]) {
    if (event === "message") {
      const [topic, payload, packet] = args as [string, Buffer, IPublishPacket];
      recorder.delivered(
        this.options.clientId ?? "",
        topic,
        payload,
        packet.qos,
        performance.now(),
      );
      const table = topic.split("/")[2] ?? "";
      if (topic === hostViewTopic(table) && payload.length > 0) {
        if ((pending.get(table) ?? []).some((p) => p.kind === "host"))
          settle(table, "host", JSON.parse(payload.toString("utf8")) as HostViewLike);
      }
    }
    return (originalEmit as (...a: unknown[]) => boolean).call(this, event, ...args);
  } as typeof originalEmit;

  const before = sampleHubs(set);
  const clientBefore = process.cpuUsage();
  const clientTrace = traceClients();
  const sims = await Promise.all(
    names.map((table) => simTable(set.hubFor(table), table, seats, true)),
  );
  sims.forEach((sim, i) => {
    const table = names[i] as string;
    sim.events.on("state", (s: PublicState) => {
      latestState.set(table, s);
      settle(table, "state", s);
    });
  });
  const deadline = performance.now() + maxSeconds * 1000;
  const upMs = allUp(sims, start, deadline);
  // Progress on stderr, and a cap: a run that outlives it reports the games it finished.
  let done = 0;
  const ended: (PublicState | null)[] = sims.map(() => null);
  sims.forEach((sim, i) => {
    void sim.finished.then((f) => {
      ended[i] = f;
      done++;
    });
  });
  while (done < sims.length && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    if (Math.round(performance.now() / 1000) % 15 === 0) {
      const steps = sims.map((s) => s.state()?.step ?? "-");
      process.stderr.write(
        `bench:   ${done}/${sims.length} games over; steps ${[...new Set(steps)].join(" ")}\n`,
      );
    }
  }
  clientTrace.stop();
  const finals = ended.map((f, i) => f ?? sims[i]?.state() ?? null);
  const seconds = (performance.now() - start) / 1000;
  const after = sampleHubs(set);
  const clientCpu = ownCpuShare(clientBefore, seconds);
  MqttClient.prototype.publish = originalPublish;
  MqttClient.prototype.emit = originalEmit;
  const connect: ConnectFigures = {
    paddles: tables * seats,
    allUpMs: await Promise.race([upMs, Promise.resolve(null)]),
    reconnects: reconnects(sims),
  };
  await Promise.all(sims.map((s) => s.stop()));
  for (const h of set.hubs) await stopProcess(h.child);
  const traffic = recorder.traffic();
  return {
    latencies,
    toAck,
    ackToState,
    night,
    unmatched,
    traffic,
    connect,
    seconds,
    inputs: traffic.inputs.length,
    games: finals.map((f, i) => ({
      table: names[i] as string,
      winner: f?.phase === "ended" ? f.winner : null,
    })),
    cpu: { before, after },
    clientCpu,
    dataDir: hub.dataDir,
  };
}
