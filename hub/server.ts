/**
 * startHub(): the whole hub in one call, used by the command line and, in-process, by the
 * tests. Order matters: secrets, then every table's journal is replayed, then the broker
 * and the listeners come up, so no client ever sees a half-restored table.
 */

import type { AddressInfo, Socket } from "node:net";
import { createServer as createTcpServer } from "node:net";
import { resolve } from "node:path";
import { createServer as createTlsServer } from "node:tls";
import { fileURLToPath } from "node:url";
import { MAX_SEATS, parseUsername } from "../protocol/index.js";
import type { Cluster, ClusterOptions } from "./cluster/index.js";
import type { GameConfig } from "./engine/index.js";
import { type DataDirLock, lockDataDir, tightenModes } from "./journal/data-dir.js";
import type { SyncHook } from "./journal/journal.js";
import { type BrokerLimits, createBroker, type HubBroker } from "./mqtt/broker.js";
import { localHealth } from "./process/health.js";
import { closeServer, listen, withAcceptCopies } from "./process/listen.js";
import { createLogger, type Logger } from "./process/logger.js";
import { checkPortsFree } from "./process/port-check.js";
import { Secrets } from "./process/secrets.js";
import { recordRoute } from "./record/http.js";
import { PdfPrinter, type PrinterLimits } from "./record/pdf.js";
import type { OutMessage } from "./table/outbox.js";
import { defaultSeats, parseTables, prepareGame } from "./table/setup.js";
import { Table } from "./table/table.js";
import { createHttpServer } from "./web/http.js";
import { linkBases } from "./web/links.js";
import { type ApiHandler, pairingApi } from "./web/pairing-http.js";
import { originPolicy, parsePublicUrl } from "./web/web-security.js";
import { WorkerTables } from "./workers/worker-tables.js";

export interface HubOptions {
  dataDir: string;
  /** 0 picks a free port. Defaults 1883 and 8080. */
  mqttPort?: number;
  httpPort?: number;
  /** Interface to listen on; default all. */
  host?: string;
  tables?: string[];
  ruleset?: string;
  seats?: number;
  logger?: Logger;
  /** Hub clock (epoch ms); injectable for tests. */
  now?: () => number;
  /** Replaces the journal's fsync (tests delay it to prove PUBACK-after-fsync). */
  sync?: SyncHook;
  limits?: BrokerLimits;
  /**
   * Optional TLS listeners (tls.ts): MQTT over TLS on `mqttsPort` (default 8883, 0 picks)
   * and HTTPS/WSS instead of HTTP/WS on the HTTP port; `cert`/`key` files, else the data
   * dir's own certificate, made at first start.
   */
  tls?: { mqttsPort?: number; cert?: string; key?: string };
  /** How long the audience screen (`audience/state`) lags behind the table, in seconds. */
  audienceDelaySeconds?: number;
  /** Built display; default web-display/dist of this checkout. */
  staticDir?: string;
  /**
   * One of many hubs on a Redis (`--cluster redis://HOST:PORT`, docs/CLUSTER.md): journals
   * on Redis Streams, tables owned by lease, one MQTT namespace. Omitted: one machine.
   */
  cluster?: ClusterOptions;
  /**
   * `--public-url`: the address people reach the hub by when it is not its own (a proxy, a
   * DNS name). Its origin may open MQTT over WebSocket; printed links may use it.
   */
  publicUrl?: string;
  /** The record's PDF queue and cache (record/pdf.ts); tests make it small. */
  pdf?: PrinterLimits;
  /**
   * Advertise the hub on the LAN with mDNS (mdns.ts); the command line's default, off
   * in-process so that tests do not announce themselves to the network.
   */
  mdns?: boolean;
  /**
   * `--workers N`: the tables (engine, journal, views) in N worker threads, the broker on
   * this one (hub/workers). They keep the system clock and the file journal: not with
   * `cluster`, `now` or `sync`. 0 or omitted: every table on this thread.
   */
  workers?: number;
  /**
   * `--accept-copies N`: N more descriptors of each MQTT port, each taking one more
   * connection per turn of the event loop (process/accept-copies.ts). 0 or omitted: one.
   */
  acceptCopies?: number;
}

export interface Hub {
  mqttPort: number;
  httpPort: number;
  /** MQTT over TLS, when `tls` was asked for. */
  mqttsPort: number | null;
  /** SHA-256 fingerprint of the TLS certificate (colon-separated hex), when `tls`. */
  tlsFingerprint: string | null;
  dataDir: string;
  secrets: Secrets;
  /**
   * The tables this hub steps on its own thread (in a cluster: those it owns now; with
   * `workers`: none, see `tableIds`).
   */
  tables: ReadonlyMap<string, Table>;
  /** Every table this hub serves (`--table`). */
  tableIds: readonly string[];
  broker: HubBroker;
  /** The cluster this hub is part of, if any. */
  cluster: Cluster | null;
  /** `--public-url` as given and checked (no path, query or user), or null. */
  publicUrl: URL | null;
  /**
   * The base URLs of printed links and QR codes, best first (links.ts): the public URL when
   * given, else one per LAN address, else localhost. Read anew at each call.
   */
  linkBases(): string[];
  /** The record's PDF printer: one browser, a queue and a cache (record/pdf.ts). */
  printer: PdfPrinter;
  /** `NAME.local`, when the hub advertises itself with mDNS. */
  mdnsHost: string | null;
  stop(): Promise<void>;
}

// One folder below the root both here (hub/server.ts) and bundled (dist/start.mjs, launch.mjs).
const DEFAULT_STATIC = fileURLToPath(new URL("../web-display/dist", import.meta.url));

export async function startHub(opts: HubOptions): Promise<Hub> {
  const log = opts.logger ?? createLogger("info");
  const now = opts.now ?? Date.now;
  const dataDir = resolve(opts.dataDir);
  const tableIds = parseTables(opts.tables ?? []);
  // Checked before anything starts: a bad flag is a clear error, not a half-started hub.
  if (opts.publicUrl !== undefined) parsePublicUrl(opts.publicUrl);
  const seats = opts.seats ?? 10;
  if (!Number.isInteger(seats) || seats < 1 || seats > MAX_SEATS)
    throw new Error(`seats must be 1..${MAX_SEATS}`);
  // A default game the engine would refuse is a mistake in the flags: say so now, not
  // after listening with a table that has no game.
  const ruleset = opts.ruleset ?? "sport";
  const probe = prepareGame({
    table: tableIds[0] as string,
    ruleset: ruleset as GameConfig["ruleset"],
    seats: defaultSeats(seats),
    options: {},
    seed: "0".repeat(32),
    at: now(),
  });
  if (!probe.ok)
    throw new Error(`default game (--ruleset ${ruleset} --seats ${seats}): ${probe.message}`);
  if (opts.workers && (opts.cluster || opts.now || opts.sync))
    throw new Error(
      "--workers runs tables on the system clock and the file journal: not with --cluster",
    );
  // Before the data dir, its secrets and journals are made: a taken port writes nothing.
  await checkPortsFree(
    [
      { port: opts.mqttPort ?? 1883, flag: "--mqtt-port", what: "MQTT" },
      { port: opts.httpPort ?? 8080, flag: "--http-port", what: "HTTP and MQTT over WebSocket" },
      ...(opts.tls
        ? [{ port: opts.tls.mqttsPort ?? 8883, flag: "--mqtts-port", what: "MQTT over TLS" }]
        : []),
    ],
    opts.host,
  );
  const lock = await lockDataDir(dataDir);
  try {
    return await startLocked(opts, { log, now, dataDir, tableIds, seats }, lock);
  } catch (err) {
    await lock.release();
    throw err;
  }
}

interface Resolved {
  log: Logger;
  now: () => number;
  dataDir: string;
  tableIds: string[];
  seats: number;
}

async function startLocked(
  opts: HubOptions,
  { log, now, dataDir, tableIds, seats }: Resolved,
  lock: DataDirLock,
): Promise<Hub> {
  await tightenModes(dataDir);
  // Loaded only for a cluster: one machine needs no Redis client.
  const cluster = opts.cluster
    ? await (await import("./cluster/index.js")).Cluster.open(opts.cluster, tableIds, log, now)
    : null;
  try {
    if (cluster) await cluster.shareSecrets(dataDir, tableIds);
    return await startServing(opts, { log, now, dataDir, tableIds, seats }, lock, cluster);
  } catch (err) {
    await cluster?.stop();
    throw err;
  }
}

async function startServing(
  opts: HubOptions,
  { log, now, dataDir, tableIds, seats }: Resolved,
  lock: DataDirLock,
  cluster: Cluster | null,
): Promise<Hub> {
  const secrets = await Secrets.load(dataDir, tableIds, log);

  // The broker is created after the tables, but tables publish through it: late binding.
  let broker: HubBroker | null = null;
  const publish = (msg: OutMessage) => (broker ? broker.publish(msg) : Promise.resolve());
  const makeTable = (id: string) =>
    new Table({
      id,
      dataDir,
      log,
      publish,
      now,
      sync: opts.sync,
      journals: cluster?.journals,
      audienceDelaySeconds: opts.audienceDelaySeconds,
      defaults: { ruleset: opts.ruleset ?? "sport", seats },
    });
  const tables = new Map<string, Table>();
  const workers = opts.workers
    ? new WorkerTables({
        tables: tableIds,
        workers: opts.workers,
        dataDir,
        log,
        publish,
        audienceDelaySeconds: opts.audienceDelaySeconds ?? 0,
        defaults: { ruleset: opts.ruleset ?? "sport", seats },
      })
    : null;
  if (!cluster && !workers) for (const id of tableIds) tables.set(id, makeTable(id));
  try {
    broker = await createBroker({
      secrets,
      tables: cluster?.routers ?? workers?.endpoints ?? tables,
      log,
      limits: opts.limits,
      now,
      shared: cluster?.shared,
    });
    const b = broker;
    // A pairing revoked on another hub: this hub takes the new password and drops the seat.
    await cluster?.shareRotations(secrets, (username) => {
      const id = parseUsername(username);
      if (id?.role === "seat") b.devices.closeSeat(id.table, id.seat);
    });
    // Replay before listening; the retained views are published into the broker as each opens.
    if (cluster) await cluster.run(makeTable, tables);
    else if (workers) await workers.open();
    else for (const table of tables.values()) await table.open();

    const onSocket = (socket: Socket) => {
      socket.setNoDelay(true);
      b.handle(socket);
    };
    const makeTcp = () => createTcpServer(onSocket);
    const tcp = makeTcp();
    const given =
      opts.tls?.cert && opts.tls.key ? { cert: opts.tls.cert, key: opts.tls.key } : undefined;
    // Loaded only when asked for: the certificate library costs about a second at start.
    const tlsMaterial = opts.tls
      ? await (await import("./web/tls.js")).loadOrMakeTls(dataDir, given)
      : null;
    const makeTls = tlsMaterial
      ? () => createTlsServer({ cert: tlsMaterial.cert, key: tlsMaterial.key }, onSocket)
      : null;
    const mqtts = makeTls?.() ?? null;
    const tableSet = new Set(tableIds);
    const publicUrl = opts.publicUrl !== undefined ? parsePublicUrl(opts.publicUrl) : null;
    const bases = () =>
      linkBases({
        scheme: tlsMaterial ? "https" : "http",
        port: (http.address() as AddressInfo).port,
        publicUrl,
        listenHost: opts.host,
      });
    const pairing = pairingApi({
      secrets,
      devices: b.devices,
      tables: tableSet,
      log,
      linkBase: () => ({ base: bases()[0] as string, public: publicUrl !== null }),
    });
    const printer = new PdfPrinter(opts.pdf);
    const records = recordRoute({ dataDir, secrets, tables: tableSet, printer });
    const api: ApiHandler = async (req, res) =>
      (await pairing(req, res)) || (await records(req, res));
    const http = createHttpServer({
      broker: b,
      staticDir: opts.staticDir ?? DEFAULT_STATIC,
      log,
      api,
      tls: tlsMaterial ? { cert: tlsMaterial.cert, key: tlsMaterial.key } : undefined,
      origins: originPolicy({
        port: () => (http.address() as AddressInfo).port,
        tls: tlsMaterial !== null,
        publicUrl,
      }),
      health: () => (cluster ? cluster.health() : localHealth(dataDir)),
    });
    const host = opts.host;
    await listen(tcp, opts.mqttPort ?? 1883, host);
    await listen(http, opts.httpPort ?? 8080, host).catch(async (err) => {
      await closeServer(tcp);
      throw err;
    });
    if (mqtts)
      await listen(mqtts, opts.tls?.mqttsPort ?? 8883, host).catch(async (err) => {
        await Promise.all([closeServer(tcp), closeServer(http)]);
        throw err;
      });
    const copies = opts.acceptCopies ?? 0;
    const tcpListener = withAcceptCopies(tcp, copies, makeTcp, log, "mqtt");
    const tlsListener =
      mqtts && makeTls ? withAcceptCopies(mqtts, copies, makeTls, log, "mqtts") : null;
    const mqttPort = (tcp.address() as AddressInfo).port;
    const httpPort = (http.address() as AddressInfo).port;
    const mqttsPort = mqtts ? (mqtts.address() as AddressInfo).port : null;
    const tlsFingerprint = tlsMaterial?.fingerprint ?? null;
    log.info(
      {
        event: "hub.listening",
        mqttPort,
        httpPort,
        mqttsPort,
        tlsFingerprint,
        dataDir,
        tables: tableIds,
      },
      "hub listening",
    );
    // Loaded only when asked for, like TLS: in-process hubs (tests) advertise nothing.
    const advert = opts.mdns
      ? (await import("./web/mdns.js")).advertise({
          mqttPort,
          httpPort,
          mqttsPort,
          tls: tlsMaterial !== null,
          tables: tableIds,
          log,
        })
      : null;

    let stopping: Promise<void> | null = null;
    return {
      mqttPort,
      httpPort,
      mqttsPort,
      tlsFingerprint,
      dataDir,
      secrets,
      tables,
      tableIds,
      broker: b,
      cluster,
      publicUrl,
      linkBases: bases,
      printer,
      mdnsHost: advert?.host ?? null,
      stop() {
        stopping ??= (async () => {
          await advert?.stop();
          // Stop taking connections, let queued inputs finish and reach the disk, then close clients.
          await cluster?.stopTaking();
          const closedTcp = tcpListener.close();
          const closedHttp = closeServer(http);
          const closedTls = tlsListener ? tlsListener.close() : Promise.resolve();
          for (const t of tables.values()) await t.idle();
          await workers?.idle();
          await b.close();
          for (const t of tables.values()) await t.close();
          await workers?.close();
          await cluster?.stop();
          await printer.close();
          http.closeAllConnections();
          await Promise.all([closedTcp, closedHttp, closedTls]);
          await lock.release();
          log.info({ event: "hub.stopped" }, "hub stopped");
        })();
        return stopping;
      },
    };
  } catch (err) {
    // A hub that does not start leaves no thread behind (a journal it could not replay).
    await workers?.close();
    throw err;
  }
}
