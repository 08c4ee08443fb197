/**
 * `npm start -- [options]`: the kit's entry, one level above its parts. It composes the hub
 * (hub/cli.ts: its flags, start, ready line, pairing, signals) with the simulator
 * (firmware-sim/sim, `--sim N`), so that the hub never imports the simulator.
 *
 * `npm start` runs `node --import tsx start.ts`: the shell npm starts execs node, so the
 * pid a supervisor signals through npm is this process's parent, and npm forwards SIGTERM
 * to it. Should npm still go first (SIGKILL), this process notices it was re-parented and
 * stops cleanly instead of keeping the ports (issue 10).
 *
 * The script also sets UV_THREADPOOL_SIZE (16 unless given): every table's journal fsync
 * runs on libuv's thread pool, whose 4 threads by default let at most 4 of 200 tables sync
 * at once; Node reads the size before any code of ours runs. And it gives node
 * `--max-semi-space-size=64`: a young generation large enough that most of a turn's
 * garbage dies before it is scavenged (docs/BENCHMARKS.md).
 */
import { Command } from "commander";
import { type BotGame, botGameOptions } from "./firmware-sim/sim/bot-setup.js";
import { startSim } from "./firmware-sim/sim/index.js";
import {
  addHubFlags,
  announceReady,
  fail,
  type HubFlags,
  hubLogger,
  integer,
  launchHub,
  stopOnSignals,
} from "./hub/cli.js";
import type { Logger } from "./hub/process/logger.js";
import type { Hub } from "./hub/server.js";
import { defaultSeats, parseTables, prepareGame } from "./hub/table/setup.js";
import { MAX_SEATS } from "./protocol/index.js";

interface Flags extends HubFlags {
  sim: number;
  simForce: boolean;
  board?: string;
}

/** The game the ruleset would make of the sim's N seats with these options (a dry run). */
function simGame(o: Flags, table: string, options: Record<string, unknown>) {
  return prepareGame({
    table,
    ruleset: o.ruleset as Parameters<typeof prepareGame>[0]["ruleset"],
    seats: defaultSeats(o.sim),
    options,
    seed: "0".repeat(32),
    at: Date.now(),
  });
}

/**
 * Refuses, before any paddle connects, a simulated table the ruleset would not accept (the
 * host bot would wait forever for a setup that never comes) and a real game in progress
 * on the sim's table (the host bot ends it) unless `--sim-force`. Else: the host bot's
 * options.
 */
function checkSim(hub: Hub, o: Flags, table: string): BotGame {
  const game = botGameOptions(o.ruleset, o.sim, table);
  if (!game.ok)
    return { ok: false, message: `--sim ${o.sim} --ruleset ${o.ruleset}: ${game.message}` };
  const state = hub.tables.get(table)?.game;
  if (state && (state.phase === "day" || state.phase === "night") && !o.simForce)
    return {
      ok: false,
      message: `table ${table} has a game in progress (round ${state.round}); --sim would end it: add --sim-force, or use another --table or --data-dir`,
    };
  return game;
}

async function startSimulator(hub: Hub, o: Flags, log: Logger): Promise<() => Promise<void>> {
  const table =
    o.table
      .flatMap((t) => t.split(","))
      .find((t) => t.trim())
      ?.trim() ?? "t1";
  const game = checkSim(hub, o, table);
  if (!game.ok) {
    await hub.stop();
    fail(log, game.message);
  }
  const sim = await startSim({
    mqttUrl: `mqtt://127.0.0.1:${hub.mqttPort}`,
    secrets: hub.secrets.toJSON() as Record<string, string>,
    table,
    paddles: o.sim,
    ruleset: o.ruleset,
    hostOptions: game.options,
  });
  return () => sim.stop();
}

/** `--board FILE`: Firmata boards (docs/HARDWARE.md), checked before anything listens. */
async function loadBoards(o: Flags) {
  if (!o.board) return null;
  const hardware = await import("./hub/hardware/index.js");
  const config = await hardware.loadBoardConfig(o.board);
  if (!parseTables(o.table).includes(config.table))
    throw new Error(`${o.board}: table "${config.table}" is not one this hub serves (--table)`);
  return (hub: Hub, log: Logger) =>
    hardware.startHardware(
      config,
      {
        mqttUrl: `mqtt://127.0.0.1:${hub.mqttPort}`,
        password: (user) => hub.secrets.password(user),
      },
      log,
    );
}

/**
 * `--sim N` without `--seats`: the default game gets the sim's N seats when the ruleset
 * plays that size as it is (the hunt's 12), so that `--sim 12 --ruleset hunt` needs no
 * more; otherwise the default stays (the sim then sets up a table the ruleset accepts).
 */
function seatsWithSim(o: Flags, seatsGiven: boolean): number {
  if (o.sim === 0 || seatsGiven) return o.seats;
  return simGame(o, "t1", {}).ok ? o.sim : o.seats;
}

/** Under npm: if npm goes away without passing the signal on, stop like on SIGTERM. */
function stopWhenOrphaned(): void {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, "SIGTERM");
  }, 500).unref();
}

async function main(argv: string[]): Promise<void> {
  const program = addHubFlags(
    new Command()
      .name("npm start --")
      .description("Mafia table hub: MQTT broker, rules engine, journal and display server"),
  )
    .option(
      "--sim <n>",
      `also start N simulated paddles and a host bot, 1..${MAX_SEATS}`,
      integer(0, MAX_SEATS),
      0,
    )
    .option("--sim-force", "let --sim end a game in progress on its table", false)
    .option("--board <file>", "drive Firmata boards: a host box and wired seats (docs/HARDWARE.md)")
    .showHelpAfterError();
  program.parse(argv);
  const o = program.opts<Flags>();
  o.seats = seatsWithSim(o, program.getOptionValueSource("seats") !== "default");
  const log = hubLogger(o);
  // The simulator reads its table's game to refuse ending one in progress (checkSim): on
  // this thread only.
  if (o.sim > 0 && o.workers > 0)
    fail(log, "--sim plays a table on the hub's own thread: leave out --workers");
  // A wrong board file stops the start with every bad field named, before anything listens.
  const startBoards = await loadBoards(o);
  const hub = await launchHub(o, log);
  const stopSim = o.sim > 0 ? await startSimulator(hub, o, log) : null;
  const boards = startBoards?.(hub, log) ?? null;
  stopOnSignals(log, async () => {
    await stopSim?.();
    await boards?.stop();
    await hub.stop();
  });
  stopWhenOrphaned();
  await announceReady(hub, o, log);
}

main(process.argv).catch((err: Error) => {
  process.stderr.write(`hub: ${err.message}\n`);
  process.exit(1);
});
