/** A hub in-process on free ports with a temporary data dir, and a simulated table on it. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Timings } from "../../firmware-sim/firmware/config.js";
import { type SimOptions, type SimTable, startSim } from "../../firmware-sim/sim/table-sim.js";
import { createLogger } from "../../hub/process/logger.js";
import { type Hub, startHub } from "../../hub/server.js";
import type { PublicState } from "../../protocol/views.js";

/** Short firmware timings so that faults and reconnects take a second, not a minute. */
export const FAST_TIMINGS: Partial<Timings> = {
  loginTimeoutMs: 3000,
  backoffMinMs: 100,
  backoffMaxMs: 1000,
  ackTimeoutMs: 1000,
};

export interface Harness {
  hub: Hub;
  sim: SimTable;
  lines: string[];
  close(): Promise<void>;
}

/** Ten firmware paddles with seat bots and the host bot, fast timings, lines kept in `lines`. */
export function botTable(
  mqttUrl: string,
  secrets: Record<string, string>,
  lines: string[],
): SimOptions {
  return {
    mqttUrl,
    secrets,
    paddles: 10,
    bots: true,
    hostBot: true,
    thinkMs: [20, 80],
    timings: FAST_TIMINGS,
    log: (line) => lines.push(line),
  };
}

/** The first state the table's observer sees from now on that matches. */
export function nextState(sim: SimTable, check: (s: PublicState) => boolean): Promise<PublicState> {
  return new Promise((resolve) => {
    const on = (s: PublicState) => {
      if (!check(s)) return;
      sim.events.off("state", on);
      resolve(s);
    };
    sim.events.on("state", on);
  });
}

/**
 * Resolves once the game was held paused after an outage: the public state showed it, or
 * the host bot said it resumed a hold. Under load the host bot, on its own connection, saw
 * the hold and resumed it before the state observer had its subscription back, and the
 * retained state that observer then got was no longer paused (a CI run of sim-restart).
 */
export function heldPaused(sim: SimTable, lines: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearInterval(poll);
      sim.events.off("state", on);
      resolve();
    };
    const on = (s: PublicState) => {
      if (s.paused) done();
    };
    const poll = setInterval(() => {
      if (lines.some((l) => l.includes("held by the hub"))) done();
    }, 100);
    sim.events.on("state", on);
  });
}

export async function startTable(o: Partial<SimOptions>): Promise<Harness> {
  const dataDir = await mkdtemp(join(tmpdir(), "sim-test-"));
  const hub = await startHub({
    dataDir,
    mqttPort: 0,
    httpPort: 0,
    host: "127.0.0.1",
    seats: 10,
    logger: createLogger("silent"),
  });
  const lines: string[] = [];
  const sim = await startSim({
    ...botTable(`mqtt://127.0.0.1:${hub.mqttPort}`, hub.secrets.toJSON(), lines),
    ...o,
  });
  return {
    hub,
    sim,
    lines,
    async close() {
      await sim.stop();
      await hub.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Rejects after `ms` with what the table printed, so a stuck game explains itself. */
export function within<T>(p: Promise<T>, ms: number, h: Harness, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what} not within ${ms} ms; table said:\n${h.lines.join("\n")}`)),
      ms,
    );
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
