/**
 * Engine benchmark (not a test): random full sport games through the pure step(), and the
 * replay of a 10,000-input journal against merely parsing it. Run: npm run bench:engine
 * [-- --games 2000]. Figures go to stdout; docs/BENCHMARKS.md records them by hand.
 */
import { cpus } from "node:os";
import { parseArgs } from "node:util";
import {
  applyInPlace,
  createGame,
  type EngineInput,
  type GameConfig,
  type GameState,
  step,
} from "../hub/engine/index.js";
import { mulberry32, nextInputs } from "../test/helpers/random-game.js";

const { values } = parseArgs({ options: { games: { type: "string", default: "1000" } } });
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
let inputs = 0;
for (const game of games) {
  if (inputs >= 10_000) break;
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
  for (const input of game.accepted) {
    if (inputs >= 10_000) break;
    inputs++;
    lines.push(JSON.stringify({ type: "input", n: inputs, input }));
  }
}
const text = lines.join("\n");

function parseOnly(): number {
  let n = 0;
  for (const line of text.split("\n")) if (JSON.parse(line).type === "input") n++;
  return n;
}

function replay(): number {
  let state: GameState | null = null;
  let n = 0;
  for (const line of text.split("\n")) {
    const record = JSON.parse(line);
    if (record.type === "header") state = newGame(record.config);
    else if (state && !applyInPlace(state, record.input, null)) n++;
  }
  return n;
}

function best(fn: () => number, runs: number): { ms: number; n: number } {
  let bestMs = Number.POSITIVE_INFINITY;
  let n = 0;
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    n = fn();
    bestMs = Math.min(bestMs, ms(t));
  }
  return { ms: bestMs, n };
}

best(parseOnly, 3); // warm up both paths before measuring
best(replay, 3);
const parse = best(parseOnly, 15);
const rep = best(replay, 15);
if (rep.n !== parse.n)
  throw new Error(`replay applied ${rep.n} of ${parse.n} inputs: the journal does not replay`);

console.log(`machine: ${cpus()[0]?.model ?? "?"} x${cpus().length}, node ${process.version}`);
console.log(
  `games: ${GAMES} random sport games (${ended} ended with a winner) in ${playMs.toFixed(0)} ms`,
);
console.log(`games/s: ${(GAMES / (playMs / 1000)).toFixed(0)}`);
console.log(
  `inputs/s: ${(offeredTotal / (playMs / 1000)).toFixed(0)} offered (${acceptedTotal} accepted of ${offeredTotal})`,
);
console.log(`journal: ${inputs} inputs, ${(text.length / 1024).toFixed(0)} KiB`);
console.log(`JSON.parse only: ${parse.ms.toFixed(2)} ms`);
console.log(`replay (parse + applyInPlace): ${rep.ms.toFixed(2)} ms`);
console.log(`ratio replay/parse: ${(rep.ms / parse.ms).toFixed(2)}`);
