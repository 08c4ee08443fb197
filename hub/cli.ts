/**
 * `npm start -- [options]`: the hub's command line as PROTOCOL.md fixes it. Prints exactly
 * one stdout line, `hub ready mqtt=PORT http=PORT data=DIR`, once connections are
 * accepted; logs are JSON lines on stderr. SIGTERM/SIGINT stop it cleanly.
 */
import { Command, InvalidArgumentError, Option } from "commander";
import { startSim } from "../firmware-sim/sim/index.js";
import { MAX_SEATS } from "../protocol/index.js";
import { createLogger, LOG_LEVELS, type LogLevel } from "./logger.js";
import { parseTables, startHub } from "./server.js";

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError("a port is 0..65535 (0: pick one)");
  return n;
}

function count(max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > max)
      throw new InvalidArgumentError(`an integer 0..${max}`);
    return n;
  };
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export async function main(argv: string[]): Promise<void> {
  const program = new Command()
    .name("hub")
    .description("Mafia table hub: MQTT broker, rules engine, journal and display server")
    .option("--data-dir <dir>", "where secrets.json and the game journals live", "./data")
    .option("--mqtt-port <port>", "MQTT over TCP (0: pick a free port)", port, 1883)
    .option(
      "--http-port <port>",
      "display, /healthz and MQTT over WebSocket at /mqtt (0: pick)",
      port,
      8080,
    )
    .option("--table <id>", "table id; repeat or comma-separate for several tables", collect, [])
    .option("--ruleset <id>", "ruleset of the default game of a table without a journal", "sport")
    .option("--seats <n>", "seats of the default game", count(MAX_SEATS), 10)
    .option("--sim <n>", "also start N simulated paddles", count(MAX_SEATS), 0)
    .option("--board <file>", "drive Firmata boards: a host box and wired seats (docs/HARDWARE.md)")
    .addOption(
      new Option("--log-level <level>", "log verbosity").choices(LOG_LEVELS).default("info"),
    )
    .showHelpAfterError();
  program.parse(argv);
  const o = program.opts<{
    dataDir: string;
    mqttPort: number;
    httpPort: number;
    table: string[];
    ruleset: string;
    seats: number;
    sim: number;
    board?: string;
    logLevel: LogLevel;
  }>();

  const log = createLogger(o.logLevel);
  // A wrong board file stops the start with every bad field named, before anything listens.
  const hardware = o.board ? await import("./hardware/index.js") : null;
  const boardConfig = o.board ? await hardware?.loadBoardConfig(o.board) : undefined;
  if (boardConfig && !parseTables(o.table).includes(boardConfig.table))
    throw new Error(
      `${o.board}: table "${boardConfig.table}" is not one this hub serves (--table)`,
    );

  let hub: Awaited<ReturnType<typeof startHub>>;
  try {
    hub = await startHub({
      dataDir: o.dataDir,
      mqttPort: o.mqttPort,
      httpPort: o.httpPort,
      tables: o.table,
      ruleset: o.ruleset,
      seats: o.seats,
      logger: log,
    });
  } catch (err) {
    log.fatal({ event: "hub.failed", err: (err as Error).message }, "hub could not start");
    process.stderr.write(`hub: ${(err as Error).message}\n`);
    process.exit(1);
  }

  let stopSim: (() => Promise<void>) | null = null;
  if (o.sim > 0) stopSim = await startSimulator(hub, o.sim, o.table);
  const boards =
    hardware && boardConfig
      ? hardware.startHardware(
          boardConfig,
          {
            mqttUrl: `mqtt://127.0.0.1:${hub.mqttPort}`,
            password: (user) => hub.secrets.password(user),
          },
          log,
        )
      : null;

  process.stdout.write(`hub ready mqtt=${hub.mqttPort} http=${hub.httpPort} data=${hub.dataDir}\n`);
  // Pairing links for the screens, as a log line (stdout keeps its one line). The display key
  // rides in the URL fragment, which browsers never send to the server; the host types his.
  for (const id of hub.tables.keys()) {
    const key = encodeURIComponent(hub.secrets.password(`display/${id}`) ?? "");
    const base = `http://localhost:${hub.httpPort}`;
    log.info(
      {
        event: "hub.pairing",
        table: id,
        display: `${base}/?table=${id}#k=${key}`,
        host: `${base}/host/?table=${id}`,
      },
      "open the display link on the table's screen; the host console asks for the host password",
    );
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ event: "hub.signal", signal }, "stopping");
    // A second signal, or a shutdown that hangs, must still end the process.
    setTimeout(() => process.exit(1), 10_000).unref();
    (async () => {
      await stopSim?.();
      await boards?.stop();
      await hub.stop();
    })().then(
      () => process.exit(0),
      (err: Error) => {
        log.error({ event: "hub.stop_failed", err: err.message });
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** `--sim N`: N bot paddles and the host bot play a game on the first table (firmware-sim/sim). */
async function startSimulator(
  hub: Awaited<ReturnType<typeof startHub>>,
  n: number,
  tables: string[],
): Promise<() => Promise<void>> {
  const sim = await startSim({
    mqttUrl: `mqtt://127.0.0.1:${hub.mqttPort}`,
    secrets: hub.secrets.toJSON() as Record<string, string>,
    table: tables[0] ?? "t1",
    paddles: n,
  });
  return () => sim.stop();
}

main(process.argv).catch((err: Error) => {
  process.stderr.write(`hub: ${err.message}\n`);
  process.exit(1);
});
