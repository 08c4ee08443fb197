/**
 * One benchmark run against the hub: T tables of S simulated paddles (the real firmware
 * over mqtt.js, bots on every seat, the host bot) play one sport game each. For every
 * paddle input whose effect the public state shows (a "thank you" ends the speech, a
 * nomination joins the list), the time from the client's publish to the display client
 * holding that public state is one latency sample.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { MqttClient } from "mqtt";
import { FAST_SPORT_OPTIONS } from "../firmware-sim/sim/host-bot.js";
import { startSim } from "../firmware-sim/sim/table-sim.js";
import type { PublicState } from "../protocol/index.js";
import { Latencies } from "./latency.js";
import { type ProcSample, sampleProc } from "./proc-stats.js";

/** One publish by any client of the run, for the bare relay to replay with the same timing. */
export interface PublishRecord {
  at: number;
  table: string;
  client: string;
  bytes: number;
}

export interface HubRunResult {
  latencies: Latencies;
  /** The same samples split at the PUBACK: publish → PUBACK, and PUBACK → public state. */
  toAck: Latencies;
  ackToState: Latencies;
  /** Inputs whose effect never showed within 30 s (refused, or overtaken by another). */
  unmatched: number;
  publishes: PublishRecord[];
  seconds: number;
  inputs: number;
  games: { table: string; winner: string | null }[];
  cpu: { before: ProcSample; after: ProcSample };
  /** The benchmark's own process (every client): its share of one core over the run. */
  clientCpu: number;
  dataDir: string;
}

interface Pending {
  t0: number;
  /** When the hub acknowledged it (PUBACK: journaled and fsynced), once it has. */
  acked: number | null;
  reflected: (s: PublicState) => boolean;
}

function waitLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(() => reject(new Error(`no line matching ${pattern}`)), 30_000);
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

export function spawnTsx(script: string, args: string[]): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", script, ...args], {
    stdio: ["ignore", "pipe", "ignore"],
    cwd: join(import.meta.dirname, ".."),
  });
}

export async function runHub(
  tables: number,
  seats: number,
  maxSeconds: number,
): Promise<HubRunResult> {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-hub-"));
  const names = Array.from({ length: tables }, (_, i) => `b${i + 1}`);
  const hub = spawnTsx("hub/cli.ts", [
    "--data-dir",
    dataDir,
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
  ]);
  const ready = await waitLine(hub, /hub ready mqtt=(\d+)/);
  const mqttUrl = `mqtt://127.0.0.1:${ready[1]}`;
  const secrets = JSON.parse(await readFile(join(dataDir, "secrets.json"), "utf8")) as Record<
    string,
    string
  >;

  // Every publish in this process goes through mqtt.js: note when each input left.
  const latest = new Map<string, PublicState>();
  const pending = new Map<string, Pending[]>();
  const publishes: PublishRecord[] = [];
  const start = performance.now();
  const original = MqttClient.prototype.publish;
  MqttClient.prototype.publish = function (
    this: MqttClient,
    topic: string,
    message: string | Buffer,
    ...rest: unknown[]
  ) {
    const t0 = performance.now();
    const parts = topic.split("/");
    const table = parts[2] ?? "";
    publishes.push({
      at: t0 - start,
      table,
      client: this.options.clientId ?? "",
      bytes: Buffer.byteLength(message),
    });
    const reflected = reflection(parts, String(message), latest.get(table));
    if (!reflected)
      return (original as (...a: unknown[]) => MqttClient).call(this, topic, message, ...rest);
    const entry: Pending = { t0, acked: null, reflected };
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
    return (original as (...a: unknown[]) => MqttClient).call(this, topic, message, ...rest);
  } as typeof original;

  const latencies = new Latencies();
  const toAck = new Latencies();
  const ackToState = new Latencies();
  let unmatched = 0;
  const before = sampleProc(hub.pid as number);
  const clientBefore = process.cpuUsage();
  const sims = await Promise.all(
    names.map((table) =>
      startSim({
        mqttUrl,
        secrets,
        table,
        paddles: seats,
        bots: true,
        hostBot: true,
        hostOptions: { ...FAST_SPORT_OPTIONS, allowAnySeatCount: seats !== 10 },
        log: () => undefined,
      }),
    ),
  );
  sims.forEach((sim, i) => {
    const table = names[i] as string;
    sim.events.on("state", (s: PublicState) => {
      const t1 = performance.now();
      latest.set(table, s);
      const waiting = pending.get(table) ?? [];
      const still = waiting.filter((p) => {
        if (p.reflected(s)) {
          latencies.add(t1 - p.t0);
          if (p.acked !== null && p.acked <= t1) {
            toAck.add(p.acked - p.t0);
            ackToState.add(t1 - p.acked);
          }
        } else if (t1 - p.t0 > 30_000) unmatched++;
        else return true;
        return false;
      });
      pending.set(table, still);
    });
  });
  // Progress on stderr, and a cap: a run that outlives it reports the games it finished.
  let done = 0;
  const ended: (PublicState | null)[] = sims.map(() => null);
  sims.forEach((sim, i) => {
    void sim.finished.then((f) => {
      ended[i] = f;
      done++;
    });
  });
  const deadline = performance.now() + maxSeconds * 1000;
  while (done < sims.length && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    if (Math.round(performance.now() / 1000) % 15 === 0) {
      const steps = sims.map((s) => s.state()?.step ?? "-");
      process.stderr.write(
        `bench:   ${done}/${sims.length} games over; steps ${[...new Set(steps)].join(" ")}\n`,
      );
    }
  }
  const finals = ended.map((f, i) => f ?? sims[i]?.state() ?? null);
  const seconds = (performance.now() - start) / 1000;
  const after = sampleProc(hub.pid as number);
  const client = process.cpuUsage(clientBefore);
  MqttClient.prototype.publish = original;
  await Promise.all(sims.map((s) => s.stop()));
  hub.kill("SIGTERM");
  const inputs = publishes.filter((p) => p.client.length > 0).length;
  return {
    latencies,
    toAck,
    ackToState,
    unmatched,
    publishes,
    seconds,
    inputs,
    games: finals.map((f, i) => ({
      table: names[i] as string,
      winner: f?.phase === "ended" ? f.winner : null,
    })),
    cpu: { before, after },
    clientCpu: (client.user + client.system) / 1e6 / seconds,
    dataDir,
  };
}

/** Which public state shows that this publish took effect, or null if none will. */
function reflection(
  parts: string[],
  message: string,
  now: PublicState | undefined,
): Pending["reflected"] | null {
  if (!now || parts[0] !== "mafia") return null;
  let body: { kind?: string; action?: string; targets?: number[]; cmd?: string };
  try {
    body = JSON.parse(message);
  } catch {
    return null;
  }
  const at = `${now.phase}/${now.step}/${now.round}/${now.speaker}/${now.counting}`;
  const moved = (s: PublicState) =>
    `${s.phase}/${s.step}/${s.round}/${s.speaker}/${s.counting}` !== at;
  if (parts[3] !== "seat") return null;
  const seat = Number(parts[4]);
  if (body.kind === "pass" && now.phase === "day" && now.speaker === seat) return moved;
  if (body.kind === "act" && body.action === "nominate") {
    const target = body.targets?.[0];
    return (s) => target !== undefined && s.nominations.includes(target);
  }
  return null;
}
