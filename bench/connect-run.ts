/**
 * Connection storms: T x S paddles connect to a fresh hub, either all at once (the power
 * comes back at a venue) or staggered (tables switched on one after another over a few
 * seconds), without playing. Reports when the last paddle was up and how many connects it
 * took beyond one per paddle (a reconnect loop shows up there).
 */
import { performance } from "node:perf_hooks";
import type { SimTable } from "../firmware-sim/sim/table-sim.js";
import {
  allUp,
  type ConnectFigures,
  reconnects,
  simTable,
  startHubProcess,
  stopProcess,
} from "./hub-run.js";
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
): Promise<ConnectRunResult> {
  const names = Array.from({ length: tables }, (_, i) => `c${i + 1}`);
  const hub = await startHubProcess(names);
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
