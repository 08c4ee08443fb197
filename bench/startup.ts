/**
 * Start-up with a full house: T tables whose journals hold N inputs between them (random
 * sport games through the engine, stopped mid-game so each is replayed and resumed),
 * written through the hub's own Journal; then the time from spawning the hub to its ready
 * line, and its resident memory then.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGame, type GameConfig, type GameState, step } from "../hub/engine/index.js";
import { JOURNAL_VERSION, Journal } from "../hub/journal/journal.js";
import { mulberry32, nextInputs } from "../test/helpers/random-game.js";
import { startHubProcess, stopProcess } from "./hub-process.js";
import { sampleProc } from "./proc-stats.js";

const T0 = 1_764_662_400_000;

async function writeTable(dataDir: string, table: string, inputs: number, seed: number) {
  const config: GameConfig = {
    table,
    ruleset: "sport",
    seats: Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `Player ${i + 1}` })),
    options: {},
    seed: (seed >>> 0).toString(16).padStart(8, "0").repeat(4),
    at: T0,
  };
  const created = createGame(config);
  if (!created.ok) throw new Error(created.errors.join("; "));
  let state: GameState = created.state;
  const journal = await Journal.create(
    join(dataDir, table),
    { type: "header", v: JOURNAL_VERSION, config, setupId: null, seen: {}, hostIds: [] },
    async () => undefined,
  );
  const rand = mulberry32(seed);
  let at = T0;
  let written = 0;
  for (let b = 0; b < 5000 && written < inputs && state.phase !== "ended"; b++) {
    at += 1 + Math.floor(rand() * 3000);
    for (const input of nextInputs(state, rand, at, true)) {
      if (written >= inputs) break;
      const r = step(state, input);
      if (!r.ok) continue;
      state = r.state;
      await journal.append(input);
      written++;
    }
  }
  await journal.close();
  return written;
}

export interface StartupFigures {
  tables: number;
  inputs: number;
  readyMs: number;
  rssMiB: number;
}

export async function measureStartup(
  tables: number,
  inputs: number,
  /** Node flags for the hub, e.g. `--cpu-prof`. */
  nodeArgs: string[] = [],
  /** More hub flags (e.g. `--workers 2`). */
  hubArgs: string[] = [],
): Promise<StartupFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-startup-"));
  const names = Array.from({ length: tables }, (_, i) => `s${i + 1}`);
  let written = 0;
  for (const [i, name] of names.entries()) {
    // Games end on their own; a table whose game ended early leaves its share to the next.
    const share = Math.ceil((inputs - written) / (tables - i));
    written += await writeTable(dataDir, name, share, i + 1);
  }
  const hub = await startHubProcess(names, nodeArgs, dataDir, hubArgs);
  const rssMiB = sampleProc(hub.child.pid as number).rssMiB;
  await stopProcess(hub.child);
  return { tables, inputs: written, readyMs: hub.readyMs, rssMiB };
}
