/**
 * The hub's part of the command line (PROTOCOL.md fixes its output): its flags, starting
 * the hub, the one stdout line `hub ready mqtt=PORT http=PORT data=DIR`, pairing links and
 * a clean stop on SIGTERM/SIGINT. It knows nothing of the simulator: the entry one level up
 * (start.ts, what `npm start` runs) composes the hub with it, so layers import one way.
 */
import { type Command, InvalidArgumentError, Option } from "commander";
import { DEFAULT_TABLE, MAX_SEATS, PADDLE_ACK_TIMEOUT_MS } from "../protocol/index.js";
import { FORWARD_DEADLINE_LEASES } from "./cluster/forward.js";
import { DEFAULT_LEASE_MS } from "./cluster/lease.js";
import { availableRulesets } from "./engine/index.js";
import { DEFAULT_ACCEPT_COPIES } from "./process/accept-copies.js";
import {
  createLogger,
  LOG_FORMATS,
  LOG_LEVELS,
  type LogFormat,
  type Logger,
  type LogLevel,
  prettyLogs,
} from "./process/logger.js";
import { type Hub, startHub } from "./server.js";
import { pairingLinks, pairingText } from "./web/pairing.js";

export interface HubFlags {
  dataDir: string;
  mqttPort: number;
  httpPort: number;
  table: string[];
  ruleset: string;
  seats: number;
  logLevel: LogLevel;
  logFormat: LogFormat;
  printPairing: boolean;
  tls: boolean;
  mqttsPort: number;
  tlsCert?: string;
  tlsKey?: string;
  audienceDelay: number;
  cluster?: string;
  leaseMs: number;
  publicUrl?: string;
  redisPasswordFile?: string;
  redisCa?: string;
  redisWaitReplicas?: number;
  rebalance: boolean;
  mdns: boolean;
  workers: number;
  acceptCopies: number;
}

export function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError("a port is 0..65535 (0: pick one)");
  return n;
}

export function integer(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`an integer ${min}..${max}`);
    return n;
  };
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Adds the hub's flags to a command. */
export function addHubFlags(program: Command): Command {
  return program
    .option("--data-dir <dir>", "where secrets.json and the game journals live", "./data")
    .option("--mqtt-port <port>", "MQTT over TCP (0: pick a free port)", port, 1883)
    .option(
      "--http-port <port>",
      "display, /healthz and MQTT over WebSocket at /mqtt (0: pick)",
      port,
      8080,
    )
    .addOption(
      new Option("--table <id>", "table id; repeat or comma-separate for several tables")
        .argParser(collect)
        .default([], DEFAULT_TABLE),
    )
    .option(
      "--ruleset <id>",
      // Read from the registry, so that a ruleset added there is listed without a word here.
      `ruleset of the default game of a table without a journal: ${availableRulesets().join(", ")}`,
      "sport",
    )
    .option("--seats <n>", `seats of the default game, 1..${MAX_SEATS}`, integer(1, MAX_SEATS), 10)
    .addOption(
      new Option("--log-level <level>", "log verbosity").choices(LOG_LEVELS).default("info"),
    )
    .addOption(
      new Option("--log-format <format>", "auto: readable lines on a terminal, else JSON lines")
        .choices(LOG_FORMATS)
        .default("auto"),
    )
    .option("--tls", "also MQTT over TLS, and HTTPS/WSS instead of HTTP/WS on the HTTP port", false)
    .option("--mqtts-port <port>", "MQTT over TLS, with --tls (0: pick)", port, 8883)
    .option("--tls-cert <file>", "PEM certificate for --tls (default: made in the data dir)")
    .option("--tls-key <file>", "PEM private key of --tls-cert")
    .option(
      "--audience-delay <seconds>",
      "how far the audience screen (every role, in sport) lags behind the table, 0..3600",
      integer(0, 3600),
      0,
    )
    .option(
      "--cluster <url>",
      "one of many hubs on this Redis (redis://[USER:PASSWORD@]HOST:PORT, rediss:// for TLS, redis-sentinel://HOST:PORT,HOST:PORT/MASTER; docs/CLUSTER.md): journals, table leases and MQTT shared",
    )
    .option(
      "--redis-password-file <file>",
      "with --cluster: Redis's password, the file's first line",
    )
    .option(
      "--redis-ca <file>",
      "with a rediss:// --cluster: PEM of the CA that signed Redis's certificate",
    )
    .option(
      "--redis-wait-replicas <n>",
      "with --cluster: replicas that must have a journal write before its input is acknowledged (default: 1 with Sentinels, else 0)",
      integer(0, 16),
    )
    .option(
      "--lease-ms <ms>",
      "with --cluster: how long a table's lease lasts unrenewed, so how soon another hub takes over",
      integer(500, 600_000),
      DEFAULT_LEASE_MS,
    )
    .option(
      "--public-url <url>",
      "the address people reach the hub by, behind a proxy or a DNS name (https://mafia.club): its pages may use MQTT over WebSocket",
    )
    .option(
      "--workers <n>",
      "run the tables' engines, journals and views in N worker threads beside the broker's (0: all on one thread; docs/BENCHMARKS.md says when it pays)",
      integer(0, 64),
      0,
    )
    .option(
      "--accept-copies <n>",
      "N more descriptors of each MQTT port, each taking one more connection per turn of the event loop, so a busy hub takes a power cut's paddles back sooner (0: one; docs/BENCHMARKS.md)",
      integer(0, 64),
      DEFAULT_ACCEPT_COPIES,
    )
    .option(
      "--no-rebalance",
      "with --cluster: the first hub takes every table and the others only forward, instead of the tables spread over the live hubs (each takes at most its share)",
    )
    .option(
      "--no-mdns",
      "do not advertise the hub on the local network (mDNS: _mqtt._tcp and _http._tcp at HOST.local)",
    )
    .option(
      "--print-pairing",
      "also write the pairing links (with the display's key) to stderr when it is no terminal",
      false,
    );
}

export function hubLogger(o: HubFlags): Logger {
  return createLogger(o.logLevel, undefined, o.logFormat);
}

const ANSWER_MARGIN_MS = 1_000;

/**
 * A cluster hub forwards a paddle's input to the table's owner for up to two leases; a
 * paddle waits PADDLE_ACK_TIMEOUT_MS for its PUBACK, and the answer needs a moment to come
 * back (ANSWER_MARGIN_MS). A longer lease lets the paddle give up on a live hub first and
 * try a dead one (issue 27): the hub still starts, as the paddles' `ackTimeoutMs` may have
 * been raised to match (docs/CLUSTER.md), but says so.
 */
export function leaseWarning(o: Pick<HubFlags, "cluster" | "leaseMs">): string | null {
  const deadline = o.leaseMs * FORWARD_DEADLINE_LEASES;
  if (!o.cluster || deadline + ANSWER_MARGIN_MS <= PADDLE_ACK_TIMEOUT_MS) return null;
  const longest = (PADDLE_ACK_TIMEOUT_MS - ANSWER_MARGIN_MS) / FORWARD_DEADLINE_LEASES;
  return `--lease-ms ${o.leaseMs}: a forwarded input may wait ${deadline} ms, too close to the paddles' default PUBACK watchdog (${PADDLE_ACK_TIMEOUT_MS} ms, wanted ${ANSWER_MARGIN_MS} ms beyond it); raise the paddles' ackTimeoutMs to at least ${deadline + ANSWER_MARGIN_MS} (docs/CLUSTER.md) or use a lease of at most ${longest} ms`;
}

/** Starts the hub, or says why not on stderr and exits 1. */
export async function launchHub(o: HubFlags, log: Logger): Promise<Hub> {
  const warning = leaseWarning(o);
  if (warning) {
    log.warn({ event: "hub.lease_long", leaseMs: o.leaseMs }, warning);
    process.stderr.write(`hub: warning: ${warning}\n`);
  }
  try {
    return await startHub({
      dataDir: o.dataDir,
      mqttPort: o.mqttPort,
      httpPort: o.httpPort,
      tables: o.table,
      ruleset: o.ruleset,
      seats: o.seats,
      audienceDelaySeconds: o.audienceDelay,
      logger: log,
      mdns: o.mdns,
      workers: o.workers,
      acceptCopies: o.acceptCopies,
      ...(o.publicUrl !== undefined ? { publicUrl: o.publicUrl } : {}),
      ...(o.cluster
        ? {
            cluster: {
              url: o.cluster,
              leaseMs: o.leaseMs,
              passwordFile: o.redisPasswordFile,
              caFile: o.redisCa,
              waitReplicas: o.redisWaitReplicas,
              rebalance: o.rebalance,
            },
          }
        : {}),
      ...(o.tls
        ? {
            tls: {
              mqttsPort: o.mqttsPort,
              ...(o.tlsCert && o.tlsKey ? { cert: o.tlsCert, key: o.tlsKey } : {}),
            },
          }
        : {}),
    });
  } catch (err) {
    return fail(log, (err as Error).message);
  }
}

/** Logs the reason, writes it as a plain line on stderr and exits 1. */
export function fail(log: Logger, message: string): never {
  log.fatal({ event: "hub.failed", err: message }, "hub could not start");
  process.stderr.write(`hub: ${message}\n`);
  process.exit(1);
}

/** The one stdout line, then the pairing links: as plain lines and QR codes for a person. */
export async function announceReady(hub: Hub, o: HubFlags, log: Logger): Promise<void> {
  process.stdout.write(`hub ready mqtt=${hub.mqttPort} http=${hub.httpPort} data=${hub.dataDir}\n`);
  // A LAN address (or --public-url), never localhost: a TV or a phone must open them.
  const [base, ...others] = hub.linkBases() as [string, ...string[]];
  // With --workers no table is on this thread: the links are for every table it serves.
  const served = hub.tables.size > 0 ? hub.tables : new Set(hub.tableIds);
  const links = pairingLinks({ tables: served, secrets: hub.secrets }, base);
  if (hub.tlsFingerprint) {
    log.info(
      { event: "hub.tls", mqttsPort: hub.mqttsPort, fingerprint: hub.tlsFingerprint },
      "TLS on: compare this SHA-256 fingerprint when a browser or a paddle pairs",
    );
  }
  // The keys go to a terminal (a person reads them once), or wherever --print-pairing asks;
  // never by default into a log file, also not with --log-format pretty (issue 28).
  if (prettyLogs(o.logFormat) && (process.stderr.isTTY === true || o.printPairing)) {
    log.info({ event: "hub.pairing", tables: links.map((l) => l.table) }, "pairing links below");
    const tls = hub.tlsFingerprint
      ? `TLS certificate SHA-256 fingerprint (check it when the browser asks):\n  ${hub.tlsFingerprint}\nMQTT over TLS on port ${hub.mqttsPort}\n\n`
      : "";
    const text = `${tls}${await pairingText(links, others)}\n`;
    process.stderr.write(text);
    if (process.stdin.isTTY) {
      process.stderr.write("press p to show the pairing links again\n");
      repeatOnKey(() => process.stderr.write(text));
    }
    return;
  }
  for (const l of links) {
    const display = o.printPairing
      ? l.display
      : `carries the display's key: run with --print-pairing, or pair with the display/${l.table} password in ${hub.dataDir}/secrets.json`;
    const audience = o.printPairing
      ? l.audience
      : `carries the audience key: run with --print-pairing, or get it on the host console`;
    log.info(
      { event: "hub.pairing", table: l.table, display, host: l.host, audience },
      "open the display link on the table's screen; the host console asks for the host password",
    );
  }
}

/**
 * `p` on the terminal prints the pairing links again (logs have scrolled them away). The
 * terminal is read key by key, so Ctrl-C no longer raises SIGINT by itself: it is passed
 * on, and the hub stops as before.
 */
function repeatOnKey(show: () => void): void {
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.on("data", (key: string) => {
    if (key === "p" || key === "P") show();
    else if (key === "\u0003") process.kill(process.pid, "SIGINT");
  });
  stdin.resume();
}

/** SIGTERM/SIGINT: the queued inputs reach the disk, the clients are closed, exit 0. */
export function stopOnSignals(log: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ event: "hub.signal", signal }, "stopping");
    // A second signal, or a shutdown that hangs, must still end the process.
    setTimeout(() => process.exit(1), 10_000).unref();
    stop().then(
      () => process.exit(0),
      (err: Error) => {
        log.error({ event: "hub.stop_failed", err: err.message });
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));
}
