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
import type { JournalBackend } from "../journal/journal-store.js";
import { bounded, type Health } from "../process/health.js";
import type { Logger } from "../process/logger.js";
import type { Secrets } from "../process/secrets.js";
import type { Table } from "../table/table.js";
import { type Emitter, FORWARD_DEADLINE_LEASES, Forwarder } from "./forward.js";
import { DEFAULT_LEASE_MS, TableLease } from "./lease.js";
import {
  connectRedis,
  HubRedis,
  openClusterRedis,
  quietWillDeletes,
  reportOutages,
} from "./redis.js";
import { LeaseLost, redisJournals } from "./redis-journal.js";
import { openRedisLink, type RedisLink, type RedisLinkOptions } from "./redis-link.js";
import { TableRouter } from "./router.js";
import { shareRotations, shareSecrets } from "./secrets.js";
import { fairShare, heartbeat, leave } from "./share.js";

/** aedes-persistence-redis ships no types; Aedes alone calls it. */
type RedisPersistence = object;
const require = createRequire(import.meta.url);
const persistenceRedis = require("aedes-persistence-redis") as (opts: {
  conn: Redis;
}) => RedisPersistence;

export interface ClusterOptions extends RedisLinkOptions {
  /**
   * How many replicas must have a journal write before its input is acknowledged (WAIT);
   * 0: the primary's own fsynced AOF only. Default: 1 through Sentinels, else 0.
   */
  waitReplicas?: number | undefined;
  /**
   * Spread the tables over the live hubs (share.ts; the default); false: the first hub
   * takes all and the others only forward.
   */
  rebalance?: boolean | undefined;
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
  /** The hub's live map of the tables it steps, from run() on. */
  private owned: Map<string, Table> | null = null;
  private round: Promise<void> = Promise.resolve();
  private stopped = false;

  private constructor(
    readonly redis: Redis,
    link: RedisLink,
    private readonly tableIds: readonly string[],
    private readonly log: Logger,
    now: () => number,
    leaseMs: number | undefined,
    waitReplicas: number,
    private readonly rebalance: boolean,
  ) {
    this.leaseMs = leaseMs ?? DEFAULT_LEASE_MS;
    // Its own two connections, made here so that their dropped commands are handled (HubRedis).
    const mq = MQEmitterRedis({
      pubConn: new HubRedis(link.options()),
      subConn: new HubRedis(link.options()),
    });
    this.persistenceConn = connectRedis(link);
    const emitterState = (mq as unknown as { state: import("node:events").EventEmitter }).state;
    reportOutages(emitterState, "emitter", ["pubConnect", "subConnect"], log);
    reportOutages(this.persistenceConn, "persistence", ["ready"], log);
    reportOutages(redis, "journal", ["ready"], log);
    const persistence = persistenceRedis({ conn: this.persistenceConn });
    this.shared = { mq, persistence: quietWillDeletes(persistence, log) };
    const deadline = this.leaseMs * FORWARD_DEADLINE_LEASES;
    this.forwarder = new Forwarder(mq as unknown as Emitter, this.hubId, log, deadline);
    this.journals = redisJournals(
      redis,
      (t) => this.leases.get(t)?.value ?? null,
      (t, err) => this.journalFailed(t, err),
      waitReplicas,
    );
    for (const id of tableIds) this.routers.set(id, new TableRouter(id, this.forwarder, now));
  }

  /** Connects, refusing a Redis that is not durable enough (redis.ts). */
  static async open(
    o: ClusterOptions,
    tableIds: readonly string[],
    log: Logger,
    now: () => number,
  ): Promise<Cluster> {
    const link = await openRedisLink(o);
    const redis = await openClusterRedis(link);
    const cluster = new Cluster(
      redis,
      link,
      tableIds,
      log.child({ part: "cluster" }),
      now,
      o.leaseMs,
      o.waitReplicas ?? (link.sentinel ? 1 : 0),
      o.rebalance ?? true,
    );
    await cluster.forwarder.start((table, msg) => cluster.routers.get(table)?.receive(msg) ?? null);
    return cluster;
  }

  /**
   * Takes every table it can now, then keeps trying for the others at half the lease time.
   * `owned` is the hub's live map of the tables it steps.
   */
  async run(makeTable: (id: string) => Table, owned: Map<string, Table>): Promise<void> {
    this.owned = owned;
    const attempt = () => {
      this.round = this.round.then(async () => {
        let share = this.tableIds.length;
        if (this.rebalance) {
          try {
            const live = await heartbeat(this.redis, this.hubId, this.leaseMs * 2);
            share = fairShare(this.tableIds.length, live);
          } catch {
            return; // Redis unreachable: the next round retries
          }
        }
        for (const id of this.tableIds) {
          if (this.stopped) return;
          if (this.leases.has(id)) continue;
          if (this.leases.size >= share) break;
          try {
            await this.take(id, makeTable, owned);
          } catch (err) {
            // Redis unreachable (or slow): one line a round, not one per table; the next round retries.
            this.log.warn({
              event: "lease.acquire_failed",
              table: id,
              err: (err as Error).message,
            });
            return;
          }
        }
        if (this.leases.size > share && !this.stopped) await this.handOver(owned);
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
      { ttlMs: this.leaseMs, onLost: () => this.lost(id, owned, "lease lost") },
      this.log,
    );
    if (!(await lease.acquire())) return;
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
    // Inputs this hub forwarded to the dead owner and still waits for go to the table now.
    this.forwarder.ownerIsHere(id, (_t, msg) => router.receive(msg));
    this.forwarder.tell(id, { kind: "hello" });
    const ms = Math.round(performance.now() - started);
    this.log.info({ event: "table.owned", table: id, lease: lease.value, openMs: ms });
  }

  /**
   * Gives one table to another hub (this one holds more than its share): new inputs are
   * forwarded from now on (to nobody until the other hub takes it: the client re-sends),
   * the queued ones reach Redis, then the lease is released; another hub takes the table
   * on its next round and replays it from Redis. The last table in `--table` order goes.
   */
  private async handOver(owned: Map<string, Table>): Promise<void> {
    const id = [...this.tableIds].reverse().find((t) => this.leases.has(t));
    const lease = id === undefined ? undefined : this.leases.get(id);
    const router = id === undefined ? undefined : this.routers.get(id);
    if (id === undefined || !lease || !router) return;
    const table = router.local;
    router.local = null;
    owned.delete(id);
    if (table) {
      await table.idle();
      await table.close().catch(() => undefined);
    }
    this.leases.delete(id);
    await lease.release();
    this.log.info({ event: "table.handed_over", table: id }, "over our share: released");
  }

  /** The lease is gone: stop stepping the table at once; its queued appends are fenced. */
  private lost(id: string, owned: Map<string, Table>, why: string): void {
    const router = this.routers.get(id);
    const table = router?.local;
    if (router) router.local = null;
    this.leases.delete(id);
    owned.delete(id);
    this.log.warn({ event: "table.released", table: id, why }, "the table is not ours now");
    table?.close().catch(() => undefined);
  }

  /**
   * A journal write failed (not fenced: Redis unreachable past the retries, or too slow):
   * the table in memory has stepped past what Redis holds and its journal takes nothing
   * more, so left alone it would be stuck for good while this hub kept renewing its lease. It
   * stops stepping, gives the lease up (or lets it expire while Redis is unreachable), and
   * is taken again on a later round, by this hub or another, replayed from Redis. The input
   * whose write failed had no PUBACK: its paddle re-sends it, deduplicated if Redis had it.
   */
  private journalFailed(id: string, err: Error): void {
    const lease = this.leases.get(id);
    if (!lease || !this.owned || err instanceof LeaseLost) return; // the lease's own renewal handles a fence
    this.log.warn({ event: "journal.failed", table: id, err: err.message });
    this.lost(id, this.owned, "journal write failed; to be replayed from Redis");
    void lease.release();
  }

  /** Makes the data dir's secrets.json the cluster's shared identities (secrets.ts). */
  shareSecrets(dataDir: string, tableIds: readonly string[]): Promise<void> {
    return shareSecrets(this.redis, dataDir, tableIds, this.log);
  }

  /**
   * Readiness (`/healthz`): Redis answers a PING, takes a write (so the journal can be
   * written: a replica, or a primary short of replicas, refuses it), and every lease this
   * hub holds was renewed within its time. Each check bounded (health.ts).
   */
  async health(): Promise<Health> {
    const [redis, journal] = await Promise.all([
      bounded("Redis PING", () => this.redis.ping()),
      bounded("Redis write", () =>
        this.redis.set(`mafia:health:${this.hubId}`, String(Date.now()), "PX", 10_000),
      ),
    ]);
    const held = [...this.leases.values()];
    const stale = held.filter((l) => !l.fresh).map((l) => l.table);
    const leases = {
      ok: stale.length === 0,
      held: held.filter((l) => l.fresh).map((l) => l.table),
      ...(stale.length > 0 ? { error: `not renewed in time: ${stale.join(", ")}` } : {}),
    };
    return { ok: redis.ok && journal.ok && leases.ok, checks: { redis, journal, leases } };
  }

  /** Revocations through any hub reach every hub and Redis (secrets.ts). */
  shareRotations(secrets: Secrets, onAdopted: (username: string) => void): Promise<void> {
    const mq = this.shared.mq as unknown as Emitter;
    return shareRotations(this.redis, mq, secrets, this.log, onAdopted);
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
    if (this.rebalance) await leave(this.redis, this.hubId);
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
