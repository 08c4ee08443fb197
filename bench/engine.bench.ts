/**
 * Engine benchmark (not a test): random full sport games through the pure step(), and the
 * replay of a 10,000-input journal against merely parsing it. Run: npm run bench:engine
 * [-- --games 2000] [--no-write] [--out FILE]. Writes its section of docs/BENCHMARKS.md
 * (or FILE), formatted by Biome, so that `npm run check` passes right after a run.
 */
import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  createGame,
  type EngineInput,
  type GameConfig,
  type GameState,
  step,
} from "../hub/engine/index.js";
import { mulberry32, nextInputs } from "../test/helpers/random-game.js";
import { firstInputs, timeReplay, withSection } from "./replay.js";

const { values } = parseArgs({
  options: {
    games: { type: "string", default: "1000" },
    "no-write": { type: "boolean", default: false },
    out: { type: "string" },
  },
});
const GAMES = Number(values.games);
const T0 = 1_764_662_400_000;

function config(seed: number): GameConfig {
  return {
    table: "t1",
    ruleset: "sport",
    seats: Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `Player ${i + 1}` })),
    options: {},
    seed: (seed >>> 0).toString(16).padStart(8, "0").repeat(4),
    at: T0,
  };
}

function newGame(c: GameConfig): GameState {
  const created = createGame(c);
  if (!created.ok) throw new Error(created.errors.join("; "));
  return created.state;
}

/** One game by informed bots; returns the accepted inputs and how many were offered. */
function playGame(seed: number) {
  const c = config(seed);
  let state = newGame(c);
  const rand = mulberry32(seed);
  let at = T0;
  let offered = 0;
  const accepted: EngineInput[] = [];
  for (let b = 0; b < 5000 && state.phase !== "ended"; b++) {
    at += 1 + Math.floor(rand() * 3000);
    for (const input of nextInputs(state, rand, at, true)) {
      offered++;
      const r = step(state, input);
      if (r.ok) {
        state = r.state;
        accepted.push(input);
      }
    }
  }
  return { config: c, accepted, offered, ended: state.phase === "ended" };
}

function ms(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

// 1. Whole games through step(), the hub's live path (a state clone per input).
const t1 = process.hrtime.bigint();
let offeredTotal = 0;
let acceptedTotal = 0;
let ended = 0;
const games: ReturnType<typeof playGame>[] = [];
for (let g = 0; g < GAMES; g++) {
  const game = playGame(g + 1);
  offeredTotal += game.offered;
  acceptedTotal += game.accepted.length;
  if (game.ended) ended++;
  if (games.length < 200) games.push(game);
}
const playMs = ms(t1);

// 2. A journal of 10,000 inputs in the hub's format: a header line per game, one line per input.
const lines: string[] = [];
for (const game of games) {
  lines.push(
    JSON.stringify({
      type: "header",
      v: 1,
      config: game.config,
      setupId: null,
      seen: {},
      hostIds: [],
    }),
  );
  for (const [n, input] of game.accepted.entries()) {
    lines.push(JSON.stringify({ type: "input", n: n + 1, input }));
  }
}
const replay = timeReplay(firstInputs([lines.join("\n")], 10_000));

const section = `## Engine (\`npm run bench:engine\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model ?? "?"} x${cpus().length}, Node ${process.version}; \`npm run bench:engine -- --games ${GAMES}\`.

| figure | value |
|---|---|
| random sport games through \`step()\` (informed bots, each to a winner) | ${GAMES} (${ended} ended) in ${playMs.toFixed(0)} ms |
| games/s | ${(GAMES / (playMs / 1000)).toFixed(0)} |
| inputs/s through \`step()\` (the bots' own work included) | ${(offeredTotal / (playMs / 1000)).toFixed(0)} (${acceptedTotal} accepted of ${offeredTotal}) |
| journal | ${replay.inputs} inputs, ${replay.kib.toFixed(0)} KiB |
| \`JSON.parse\` of every line | ${replay.parseMs.toFixed(2)} ms |
| parse and replay (\`applyInPlace\`) | ${replay.replayMs.toFixed(2)} ms |
| ratio replay / parse (aim: within 2) | **${(replay.replayMs / replay.parseMs).toFixed(2)}** |
`;
process.stdout.write(`${section}\n`);
if (!values["no-write"]) {
  const root = join(import.meta.dirname, "..");
  const path = values.out ?? join(root, "docs/BENCHMARKS.md");
  const doc = await readFile(path, "utf8").catch(() => "# Benchmarks\n");
  // The section's table is written unpadded; Biome pads it as `npm run check` expects.
  const formatted = execFileSync(
    join(root, "node_modules/.bin/biome"),
    ["format", "--stdin-file-path=BENCHMARKS.md"],
    { cwd: root, input: withSection(doc, "engine", section), encoding: "utf8" },
  );
  await writeFile(path, formatted);
}
