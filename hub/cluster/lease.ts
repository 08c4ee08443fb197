/**
 * Table ownership in a cluster: a lease in Redis (`SET NX PX`, renewed at a third of its
 * time) whose value carries a fencing token from a per-table counter that only grows.
 * Every journal append names the lease value it holds and Redis compares it atomically
 * (redis-journal.ts), so a hub that was paused past its lease (SIGSTOP, a long GC, a
 * frozen VM) and wakes up cannot write a single record: its value is gone or another's.
 */
import type { Redis } from "ioredis";
import type { Logger } from "../process/logger.js";
import { tableKey } from "./keys.js";

/** How long a lease lasts unrenewed, unless `--lease-ms` says otherwise. */
export const DEFAULT_LEASE_MS = 5_000;

const ACQUIRE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
local token = redis.call('INCR', KEYS[2])
local value = ARGV[1] .. ':' .. token
redis.call('SET', KEYS[1], value, 'NX', 'PX', ARGV[2])
return value`;

const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export interface LeaseOptions {
  /** How long a lease lasts without renewal (ms). */
  ttlMs: number;
  /** Called once when the lease is gone (renewal refused, or not renewed in time). */
  onLost: (why: string) => void;
}

export class TableLease {
  /** `owner:token` while held, else null. */
  private held: string | null = null;
  private renewer: NodeJS.Timeout | null = null;
  /** performance.now() by which the lease has surely expired unless renewed. */
  private expires = 0;

  constructor(
    private readonly redis: Redis,
    readonly table: string,
    private readonly owner: string,
    private readonly opts: LeaseOptions,
    private readonly log: Logger,
  ) {}

  /** The lease value while this hub holds the lease: what every journal append carries. */
  get value(): string | null {
    return this.held;
  }

  /** Whether the lease is held and its last renewal is still within its time. */
  get fresh(): boolean {
    return this.held !== null && performance.now() < this.expires;
  }

  /** The fencing token of the held lease. */
  get token(): number | null {
    return this.held === null ? null : Number(this.held.slice(this.held.lastIndexOf(":") + 1));
  }

  /** Takes the lease if nobody holds it; true when this hub now owns the table. */
  async acquire(): Promise<boolean> {
    const keys = [tableKey(this.table, "lease"), tableKey(this.table, "fence")];
    const started = performance.now();
    const value = (await this.redis.eval(ACQUIRE, 2, ...keys, this.owner, this.opts.ttlMs)) as
      | string
      | null;
    if (!value) return false;
    this.held = value;
    this.expires = started + this.opts.ttlMs;
    this.renewer = setInterval(() => void this.renew(), Math.max(50, this.opts.ttlMs / 3));
    this.log.info({ event: "lease.acquired", table: this.table, lease: value });
    return true;
  }

  private async renew(): Promise<void> {
    const value = this.held;
    if (value === null) return;
    // Counted from before the request: Redis may have applied it late, never early.
    const started = performance.now();
    if (started >= this.expires) return this.lose("not renewed before it expired");
    try {
      const ok = await this.redis.eval(
        RENEW,
        1,
        tableKey(this.table, "lease"),
        value,
        this.opts.ttlMs,
      );
      if (this.held !== value) return;
      if (ok === 1) this.expires = started + this.opts.ttlMs;
      else this.lose("expired in Redis, or another hub holds it");
    } catch (err) {
      this.log.warn({
        event: "lease.renew_failed",
        table: this.table,
        err: (err as Error).message,
      });
    }
  }

  private lose(why: string): void {
    if (this.held === null) return;
    this.log.warn({ event: "lease.lost", table: this.table, lease: this.held, why });
    this.stop();
    this.opts.onLost(why);
  }

  private stop(): void {
    this.held = null;
    if (this.renewer) clearInterval(this.renewer);
    this.renewer = null;
  }

  /** Gives the lease up (a clean stop), so another hub need not wait for it to expire. */
  async release(): Promise<void> {
    const value = this.held;
    this.stop();
    if (value === null) return;
    await this.redis.eval(RELEASE, 1, tableKey(this.table, "lease"), value).catch(() => 0);
  }
}
