/**
 * A hub as one of many on a Redis (`--cluster redis://HOST:PORT`, docs/CLUSTER.md). Every
 * hub runs Aedes over the shared emitter (mqemitter-redis) and persistence
 * (aedes-persistence-redis), so a client may connect to any hub. Each table is owned by
 * the one hub holding its lease (lease.ts): that hub replays the table's journal from Redis
 * Streams (redis-journal.ts), steps it and publishes its views; the others forward the
 * table's inputs to it (forward.ts, router.ts). A hub keeps trying to take the tables it
 * does not own, so when the owner dies, another takes over once the lease has expired.
 */
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { hostname } from "node:os";
import type { Redis } from "ioredis";
import MQEmitterRedis from "mqemitter-redis";
import type { JournalBackend } from "../journal-store.js";
import type { Logger } from "../logger.js";
import type { Table } from "../table.js";
import { type Emitter, Forwarder } from "./forward.js";
import { DEFAULT_LEASE_MS, TableLease } from "./lease.js";
import { connectRedis, openClusterRedis } from "./redis.js";
import { redisJournals } from "./redis-journal.js";
import { TableRouter } from "./router.js";
import { shareSecrets } from "./secrets.js";

/** aedes-persistence-redis ships no types; Aedes alone calls it. */
type RedisPersistence = object;
const require = createRequire(import.meta.url);
const persistenceRedis = require("aedes-persistence-redis") as (opts: {
  conn: Redis;
}) => RedisPersistence;

export interface ClusterOptions {
  url: string;
  /** How long a table's lease lasts without renewal (ms). */
  leaseMs?: number | undefined;
}

export class Cluster {
  readonly hubId = `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  readonly routers = new Map<string, TableRouter>();
  readonly shared: { mq: MQEmitterRedis.MQEmitterRedis; persistence: RedisPersistence };
  readonly journals: JournalBackend;
  private readonly leases = new Map<string, TableLease>();
  private readonly forwarder: Forwarder;
  private readonly leaseMs: number;
  /** The persistence's own connection (its destroy() hangs once Aedes closed the emitter). */
  private readonly persistenceConn: Redis;
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> = Promise.resolve();
  private stopped = false;

  private constructor(
    readonly redis: Redis,
    url: string,
    private readonly tableIds: readonly string[],
    private readonly log: Logger,
    now: () => number,
    leaseMs: number | undefined,
  ) {
    this.leaseMs = leaseMs ?? DEFAULT_LEASE_MS;
    const mq = MQEmitterRedis({ connectionString: url });
    this.persistenceConn = connectRedis(url);
    this.shared = { mq, persistence: persistenceRedis({ conn: this.persistenceConn }) };
    this.forwarder = new Forwarder(mq as unknown as Emitter, this.hubId, log, this.leaseMs * 2);
    this.journals = redisJournals(redis, (t) => this.leases.get(t)?.value ?? null);
    for (const id of tableIds) this.routers.set(id, new TableRouter(id, this.forwarder, now));
  }

  /** Connects, refusing a Redis that is not durable enough (redis.ts). */
  static async open(
    o: ClusterOptions,
    tableIds: readonly string[],
    log: Logger,
    now: () => number,
  ): Promise<Cluster> {
    const redis = await openClusterRedis(o.url);
    const cluster = new Cluster(
      redis,
      o.url,
      tableIds,
      log.child({ part: "cluster" }),
      now,
      o.leaseMs,
    );
    await cluster.forwarder.start((table, msg) => cluster.routers.get(table)?.receive(msg) ?? null);
    return cluster;
  }

  /**
   * Takes every table it can now, then keeps trying for the others at half the lease time.
   * `owned` is the hub's live map of the tables it steps.
   */
  async run(makeTable: (id: string) => Table, owned: Map<string, Table>): Promise<void> {
    const attempt = () => {
      this.round = this.round.then(async () => {
        for (const id of this.tableIds) {
          if (this.stopped) return;
          if (!this.leases.has(id)) await this.take(id, makeTable, owned);
        }
      });
      return this.round;
    };
    await attempt();
    this.timer = setInterval(() => void attempt(), this.leaseMs / 2);
  }

  private async take(id: string, makeTable: (id: string) => Table, owned: Map<string, Table>) {
    const router = this.routers.get(id) as TableRouter;
    const lease = new TableLease(
      this.redis,
      id,
      this.hubId,
      { ttlMs: this.leaseMs, onLost: () => this.lost(id, owned) },
      this.log,
    );
    try {
      if (!(await lease.acquire())) return;
    } catch (err) {
      this.log.warn({ event: "lease.acquire_failed", table: id, err: (err as Error).message });
      return;
    }
    this.leases.set(id, lease);
    const started = performance.now();
    const table = makeTable(id);
    try {
      await table.open();
    } catch (err) {
      this.log.error({ event: "table.open_failed", table: id, err: (err as Error).message });
      await table.close().catch(() => undefined);
      this.leases.delete(id);
      await lease.release();
      return;
    }
    if (lease.value === null) return void table.close().catch(() => undefined);
    owned.set(id, table);
    router.local = table;
    router.announce();
    this.forwarder.tell(id, { kind: "hello" });
    const ms = Math.round(performance.now() - started);
    this.log.info({ event: "table.owned", table: id, lease: lease.value, openMs: ms });
  }

  /** The lease is gone: stop stepping the table at once; its queued appends are fenced. */
  private lost(id: string, owned: Map<string, Table>): void {
    const router = this.routers.get(id);
    const table = router?.local;
    if (router) router.local = null;
    this.leases.delete(id);
    owned.delete(id);
    this.log.warn({ event: "table.released", table: id }, "lease lost; the table is not ours");
    table?.close().catch(() => undefined);
  }

  /** Makes the data dir's secrets.json the cluster's shared identities (secrets.ts). */
  shareSecrets(dataDir: string, tableIds: readonly string[]): Promise<void> {
    return shareSecrets(this.redis, dataDir, tableIds, this.log);
  }

  /** Whether this hub owns the table now. */
  owns(id: string): boolean {
    return this.routers.get(id)?.local != null;
  }

  /** Takes no further table (the hub is stopping). */
  async stopTaking(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.round;
  }

  /** Stops; the caller has closed its tables first. Gives the leases up. */
  async stop(): Promise<void> {
    await this.stopTaking();
    this.forwarder.stop();
    for (const lease of this.leases.values()) await lease.release();
    this.leases.clear();
    // Aedes's persistence may still send a command for a client that just left: let it run,
    // then quit (not disconnect), so no reply it waits for becomes "Connection is closed".
    await new Promise((resolve) => setTimeout(resolve, 250));
    await this.persistenceConn.quit().catch(() => undefined);
    await new Promise<void>((resolve) => this.shared.mq.close(() => resolve()));
    await this.redis.quit().catch(() => undefined);
  }
}
