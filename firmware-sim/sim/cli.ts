/**
 * `npm run sim -- --seats 10 [--table t1] [--ruleset sport] [--hub mqtt://HOST:PORT] [--data-dir DIR]
 * [--script FILE] [--bots] [--interactive SEAT] [--external SEAT[,SEAT]] [--no-host-bot]`
 *
 * Runs N paddles in one process. With --hub it joins a running hub, reading the passwords
 * from DIR/secrets.json (the hub's --data-dir, default ./data); without --hub it starts its
 * own hub in-process on free ports with a temporary data dir. The host bot sets up and
 * hosts the game unless --no-host-bot (e.g. when a person hosts from the console).
 * --external leaves those seats to paddles outside the simulator (an ESP32, or the bundle
 * on Espruino built for Linux): the host bot starts once they are online too.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Command, InvalidArgumentError } from "commander";
import { availableRulesets } from "../../hub/engine/index.js";
import { createLogger } from "../../hub/process/logger.js";
import { type Hub, startHub } from "../../hub/server.js";
import { botGameOptions } from "./bot-setup.js";
import { startInteractive } from "./interactive.js";
import { parseScenario } from "./script.js";
import { startSim } from "./table-sim.js";
import { parseVoiceTrack, VoiceRoom } from "./voice-track.js";

function int(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`an integer ${min}..${max}`);
    return n;
  };
}

/** `3` or `3,7`: seat numbers 1..20, each once. */
function seatList(value: string, previous: number[]): number[] {
  const seats = value.split(",").map((v) => Number(v.trim()));
  if (seats.some((s) => !Number.isInteger(s) || s < 1 || s > 20))
    throw new InvalidArgumentError("seat numbers 1..20, comma-separated");
  return [...new Set([...previous, ...seats])];
}

async function main(argv: string[]): Promise<void> {
  const o = new Command()
    .name("sim")
    .description("Simulated paddles: the real firmware, N at a time, over MQTT")
    .option("--seats <n>", "paddles to run", int(1, 20), 10)
    .option("--table <id>", "table id", "t1")
    .option(
      "--ruleset <id>",
      `the ruleset the host bot sets up: ${availableRulesets().join(", ")}`,
      availableRulesets()[0],
    )
    .option(
      "--hub <url>",
      "a running hub, e.g. mqtt://127.0.0.1:1883, or a cluster's hubs comma-separated (default: start one here)",
    )
    .option("--data-dir <dir>", "the hub's data dir, for secrets.json", "./data")
    .option("--script <file>", "a scenario file (see firmware-sim/sim/script.ts)")
    .option("--bots", "every seat plays legal random moves", false)
    .option("--interactive <seat>", "drive this seat from the keyboard", int(1, 20))
    .option(
      "--external <seats>",
      "seats left to real paddles, e.g. 3 or 3,7 (the sim prints their passwords)",
      seatList,
      [],
    )
    .option("--no-host-bot", "leave hosting to a person")
    .option("--voice", "microphones on every paddle, one room (scripts' `speak`)", false)
    .option(
      "--voice-track <seat:track>",
      "seat SEAT speaks START+DURATION@LEVEL,... ms from the start (implies --voice)",
      (v: string, all: string[]) => all.concat(v),
      [] as string[],
    )
    .showHelpAfterError()
    .parse(argv)
    .opts<{
      seats: number;
      table: string;
      ruleset: string;
      hub?: string;
      dataDir: string;
      script?: string;
      bots: boolean;
      interactive?: number;
      external: number[];
      hostBot: boolean;
      voice: boolean;
      voiceTrack: string[];
    }>();
  const outside = o.external.filter((s) => s > o.seats);
  if (outside.length > 0) throw new Error(`--external ${outside.join(",")}: only ${o.seats} seats`);
  // Asked of the rules before anything connects: a setup the hub refuses would hang the bot.
  const game = botGameOptions(o.ruleset, o.seats, o.table);
  if (!game.ok) throw new Error(`--seats ${o.seats} --ruleset ${o.ruleset}: ${game.message}`);

  let hub: Hub | null = null;
  let tempData: string | null = null;
  let url = o.hub;
  let secrets: Record<string, string>;
  if (url) {
    secrets = JSON.parse(await readFile(join(resolve(o.dataDir), "secrets.json"), "utf8"));
  } else {
    tempData = await mkdtemp(join(tmpdir(), "mafia-sim-"));
    hub = await startHub({
      dataDir: tempData,
      mqttPort: 0,
      httpPort: 0,
      host: "127.0.0.1",
      tables: [o.table],
      // The hub's default game must be one the ruleset plays without options: else the
      // hub's own default; the host bot sets up the N seats (allowAnySeatCount) anyway.
      ...(game.widened ? {} : { ruleset: o.ruleset, seats: o.seats }),
      logger: createLogger("warn"),
    });
    url = `mqtt://127.0.0.1:${hub.mqttPort}`;
    secrets = hub.secrets.toJSON() as Record<string, string>;
    process.stdout.write(`sim: hub on ${url}, display http://127.0.0.1:${hub.httpPort}/\n`);
  }
  for (const seat of o.external) {
    const user = `seat/${o.table}/${seat}`;
    // The real paddle needs these in its paddle.config.json (host, port, seat, password).
    process.stdout.write(
      `sim: seat ${seat} waits for a real paddle: ${url} user ${user} password ${secrets[user] ?? "?"}\n`,
    );
  }
  const script = o.script ? parseScenario(await readFile(o.script, "utf8"), o.script) : undefined;
  const room = o.voice || o.voiceTrack.length > 0 ? new VoiceRoom() : undefined;
  for (const spec of o.voiceTrack) {
    const m = /^(\d+):(.+)$/.exec(spec);
    if (!m) throw new Error(`--voice-track ${spec}: use SEAT:START+DURATION@LEVEL,...`);
    room?.play(Number(m[1]), parseVoiceTrack(m[2] as string));
  }
  const sim = await startSim({
    mqttUrl: url,
    secrets,
    table: o.table,
    paddles: o.seats,
    external: o.external,
    bots: o.bots,
    hostBot: o.hostBot,
    ruleset: o.ruleset,
    // Microphones are only heard at a table whose option says so: with --voice the host bot
    // turns it on, else the paddles (which follow the table's `voice`) would stay silent.
    hostOptions: room ? { ...game.options, voice: true } : game.options,
    script,
    voice: room,
  });
  const stopInteractive = o.interactive ? startInteractive(sim.paddles, o.interactive) : null;

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    stopInteractive?.();
    await sim.stop();
    await hub?.stop();
    if (tempData) await rm(tempData, { recursive: true, force: true });
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  const end = await sim.finished;
  process.stdout.write(`sim: the game is over (${end.winner ?? "no winner"})\n`);
  // A bot table is done when its game is; a person at the keyboard decides for themselves.
  if (!o.interactive) await stop(0);
}

main(process.argv).catch((err: Error) => {
  process.stderr.write(`sim: ${err.message}\n`);
  process.exit(1);
});
