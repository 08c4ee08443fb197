/**
 * Connection storms: T x S paddles connect to a fresh hub, either all at once (the power
 * comes back at a venue) or staggered (tables switched on one after another over a few
 * seconds), without playing. Reports when the last paddle was up and how many connects it
 * took beyond one per paddle (a reconnect loop shows up there).
 */
import { performance } from "node:perf_hooks";
import { connectAsync } from "mqtt";
import type { SimTable } from "../firmware-sim/sim/table-sim.js";
import { FAST_SPORT_OPTIONS } from "../firmware-sim/sim/tactics.js";
import { hostCommandTopic, hostReplyTopic, hostUsername } from "../protocol/index.js";
import { type HubProcess, startHubProcess, stopProcess } from "./hub-process.js";
import { allUp, type ConnectFigures, reconnects, simTable } from "./hub-run.js";
import { type ProcSample, sampleProc } from "./proc-stats.js";

export type ConnectMode = "storm" | "staggered";

export interface ConnectRunResult extends ConnectFigures {
  mode: ConnectMode;
  /** The hub's CPU seconds until every paddle was up (or the deadline). */
  cpuSeconds: number;
}

/** Staggered: the tables start evenly spread over this long. */
const STAGGER_MS = 10_000;

export async function runConnect(
  tables: number,
  seats: number,
  mode: ConnectMode,
  maxSeconds = 120,
  /** Node flags for the hub, e.g. `--cpu-prof`. */
  nodeArgs: string[] = [],
): Promise<ConnectRunResult> {
  const names = Array.from({ length: tables }, (_, i) => `c${i + 1}`);
  const hub = await startHubProcess(names, nodeArgs);
  await setUpTables(hub, names, seats);
  const before: ProcSample = sampleProc(hub.child.pid as number);
  const start = performance.now();
  const gap = mode === "storm" ? 0 : STAGGER_MS / tables;
  const sims: SimTable[] = await Promise.all(
    names.map(async (table, i) => {
      if (gap > 0) await new Promise((r) => setTimeout(r, i * gap));
      return simTable(hub, table, seats, false);
    }),
  );
  const allUpMs = await allUp(sims, start, start + maxSeconds * 1000);
  const after = sampleProc(hub.child.pid as number);
  const result: ConnectRunResult = {
    mode,
    paddles: tables * seats,
    allUpMs,
    reconnects: reconnects(sims),
    cpuSeconds: after.cpuSeconds - before.cpuSeconds,
  };
  await Promise.all(sims.map((s) => s.stop()));
  await stopProcess(hub.child);
  return result;
}

/**
 * Sets every table up for `seats` paddles before any paddle connects, as a venue's tables
 * are after a power cut (the journal holds the game): a paddle is up once it holds its
 * seat's view, and the hub's default game is sport's 10 seats.
 */
async function setUpTables(hub: HubProcess, names: string[], seats: number): Promise<void> {
  if (seats === 10) return;
  const options = { ...FAST_SPORT_OPTIONS, allowAnySeatCount: true };
  const seatList = Array.from({ length: seats }, (_, i) => ({ seat: i + 1, name: `Bot ${i + 1}` }));
  for (const table of names) {
    const user = hostUsername(table);
    const client = await connectAsync(hub.mqttUrl, {
      username: user,
      password: hub.secrets[user] ?? "",
      clientId: `bench-setup-${table}`,
    });
    const replied = new Promise<{ ok: boolean; error?: string }>((resolve) =>
      client.on("message", (_t, payload) => resolve(JSON.parse(payload.toString("utf8")))),
    );
    await client.subscribeAsync(hostReplyTopic(table), { qos: 1 });
    const cmd = {
      id: `bench-setup-${table}`,
      cmd: "setup",
      ruleset: "sport",
      seats: seatList,
      options,
    };
    await client.publishAsync(hostCommandTopic(table), JSON.stringify(cmd), { qos: 1 });
    const reply = await replied;
    await client.endAsync();
    if (!reply.ok) throw new Error(`setup of ${table} refused: ${reply.error}`);
  }
}
