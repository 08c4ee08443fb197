/**
 * The journal on Redis Streams, for a cluster: one stream per game,
 * `mafia:{table}:game:NNNN`, whose first entry is the header and every further entry one
 * accepted input, as the same chained JSON line (running hash `h`) the file journal writes (field `l`),
 * with the fencing token of the hub that wrote it (field `t`). `mafia:{table}:current`
 * names the newest game.
 *
 * Beside each stream, its tail `mafia:{table}:game:NNNN:tail` holds `{"n":N,"h":"…"}`, the
 * newest entry's record number and running hash, set in the same script as the entry (so it
 * is always exact, never lagging as the file journal's may). The chain alone cannot tell
 * that its last entries were deleted (XDEL, XTRIM); the tail can, as the file journal's
 * tail file does (journal-tail.ts): a stream that does not reach it, or has no tail, is
 * refused on takeover (issue 28).
 *
 * Each append is one Lua script, atomic in Redis: it refuses unless the table's lease still
 * holds this hub's value (fencing: lease.ts) and the stream holds exactly the records
 * before this one (no gap, no repeat), then XADDs. The promise resolves when Redis replied,
 * which with `appendfsync always` (checked at start, redis.ts) is after the AOF fsync.
 */
import type { Redis } from "ioredis";
import type { EngineInput } from "../engine/index.js";
import {
  CHAIN_START,
  type ChainEnd,
  chainLine,
  type InputSource,
  JournalCorrupt,
  type JournalHeader,
  type JournalRecord,
  parseJournalLines,
} from "../journal/journal-format.js";
import type { JournalBackend, JournalWriter, StoredGame } from "../journal/journal-store.js";
import { tableKey } from "./keys.js";

/** The lease value a table's appends must carry, or null when this hub does not hold it. */
export type Fence = (table: string) => string | null;

/**
 * Told once when a game's write failed (Redis gone past the command's retries, a timeout,
 * a refusal): the table has stepped past what Redis holds, so it must stop and be replayed
 * from Redis before it takes another input (hub/cluster/index.ts).
 */
export type OnFailed = (table: string, err: Error) => void;

export class LeaseLost extends Error {}

const APPEND = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return redis.error_reply('FENCED') end
if redis.call('XLEN', KEYS[2]) ~= tonumber(ARGV[2]) then return redis.error_reply('ORDER') end
local id = redis.call('XADD', KEYS[2], '*', 'l', ARGV[3], 't', ARGV[4])
redis.call('SET', KEYS[3], ARGV[5])
return id`;

const CREATE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return redis.error_reply('FENCED') end
if (tonumber(redis.call('GET', KEYS[2])) or 0) ~= tonumber(ARGV[2]) then
  return redis.error_reply('ORDER')
end
if redis.call('EXISTS', KEYS[3]) == 1 then return redis.error_reply('ORDER') end
redis.call('XADD', KEYS[3], '*', 'l', ARGV[3], 't', ARGV[4])
redis.call('SET', KEYS[4], ARGV[6])
return redis.call('SET', KEYS[2], ARGV[5])`;

export function gameKey(table: string, game: number): string {
  return tableKey(table, `game:${String(game).padStart(4, "0")}`);
}

/** The key of a game stream's tail (its newest record's `n` and `h`). */
export const tailKey = (path: string): string => `${path}:tail`;

const tailValue = (end: ChainEnd): string => JSON.stringify({ n: end.n, h: end.h });

/** A stream's tail as stored; missing or malformed is damage, named with the stream. */
async function readStreamTail(redis: Redis, path: string): Promise<ChainEnd> {
  const text = await redis.get(tailKey(path));
  let tail: Partial<ChainEnd> | null = null;
  try {
    tail = text === null ? null : (JSON.parse(text) as Partial<ChainEnd>);
  } catch {
    tail = null;
  }
  if (typeof tail?.n !== "number" || !Number.isInteger(tail.n) || typeof tail.h !== "string")
    throw new JournalCorrupt(
      `${path}: its tail ${tailKey(path)} is ${text === null ? "missing" : "not a tail"}, so deleted last entries could not be told; the journal needs a person to look`,
    );
  return { n: tail.n, h: tail.h };
}

/** The fencing token inside a lease value `owner:token`. */
function tokenOf(lease: string): string {
  return lease.slice(lease.lastIndexOf(":") + 1);
}

/**
 * One game's stream, open for appending. Appends are pipelined on one connection, so Redis
 * runs them in the order they were added; a record is durable once its reply and every
 * earlier one came back (group commit's contract: durable() covers all added so far). After
 * a refusal or an error the game takes nothing more: the table stops with it.
 */
class RedisGame implements JournalWriter {
  private closed = false;
  private failed: Error | null = null;
  private last: Promise<void> = Promise.resolve();

  constructor(
    private readonly redis: Redis,
    private readonly table: string,
    readonly path: string,
    private nextN: number,
    /** The running hash of the newest entry (journal-format.ts): the chain goes on from it. */
    private hash: string,
    private readonly fence: Fence,
    private readonly onFailed: OnFailed,
    private readonly replicas: number,
  ) {}

  async append(input: EngineInput, src?: InputSource): Promise<JournalRecord> {
    const record = this.add(input, src);
    await this.last;
    return record;
  }

  add(input: EngineInput, src?: InputSource): JournalRecord {
    if (this.closed) throw new Error(`journal ${this.path} is closed`);
    if (this.failed) throw new Error(`journal ${this.path} failed: ${this.failed.message}`);
    const lease = this.fence(this.table);
    if (lease === null) throw new LeaseLost(`table ${this.table}: this hub holds no lease`);
    const record: JournalRecord = { type: "input", n: this.nextN, input };
    if (src) record.src = src;
    const { line, h } = chainLine(this.hash, JSON.stringify(record));
    const keys = [tableKey(this.table, "lease"), this.path, tailKey(this.path)];
    const tail = tailValue({ n: record.n, h });
    const appended = run(this.table, () =>
      this.redis.eval(APPEND, 3, ...keys, lease, this.nextN, line, tokenOf(lease), tail),
    );
    // Sent right behind the append on the same connection, so it waits for that write.
    const written = replicated(this.redis, this.replicas, appended).then(
      () => undefined,
      (err: Error) => {
        if (!this.failed) {
          this.failed = err;
          this.onFailed(this.table, err);
        }
        throw err;
      },
    );
    written.catch(() => undefined); // its waiters see the error through durable()
    const before = this.last;
    this.last = before.then(() => written);
    this.last.catch(() => undefined);
    this.nextN++;
    this.hash = h;
    return record;
  }

  durable(): Promise<void> {
    return this.last;
  }

  async close(): Promise<void> {
    await this.last.catch(() => undefined);
    this.closed = true;
  }
}

/** How long an append waits for its replicas before it counts as failed (ms). */
export const WAIT_REPLICAS_MS = 1_000;

/**
 * With `replicas` > 0, a write counts as done only once that many replicas have it (WAIT,
 * sent right after the write on the same connection): a Sentinel failover then promotes a
 * replica that holds every acknowledged record. Fewer in time is a failed write.
 */
function replicated(redis: Redis, replicas: number, written: Promise<unknown>): Promise<unknown> {
  if (replicas <= 0) return written;
  const waited = redis.call("WAIT", replicas, WAIT_REPLICAS_MS) as Promise<number>;
  waited.catch(() => undefined); // the write's own error is the one reported
  return written.then(async () => {
    const got = await waited;
    if (got < replicas)
      throw new Error(
        `only ${got} of ${replicas} replicas had the write within ${WAIT_REPLICAS_MS} ms`,
      );
  });
}

/** Runs a script; a fencing refusal becomes LeaseLost, anything else stays an error. */
async function run<T>(table: string, script: () => Promise<T>): Promise<T> {
  try {
    return await script();
  } catch (err) {
    const msg = (err as Error).message;
    if (msg.includes("FENCED"))
      throw new LeaseLost(`table ${table}: the lease is no longer this hub's; nothing written`);
    if (msg.includes("ORDER"))
      throw new Error(`table ${table}: the journal in Redis moved under this hub; nothing written`);
    throw err;
  }
}

/** Every table's games in Redis, written under the lease that `fence` names. */
export function redisJournals(
  redis: Redis,
  fence: Fence,
  onFailed: OnFailed = () => undefined,
  replicas = 0,
): JournalBackend {
  return (table) => ({
    async newest(): Promise<StoredGame | null> {
      const current = Number(await redis.get(tableKey(table, "current")));
      if (!current) return null;
      const path = gameKey(table, current);
      const entries = await redis.xrange(path, "-", "+");
      const lines = entries.map(([id, fields]) => {
        const at = fields.indexOf("l");
        if (at < 0 || at % 2 !== 0) throw new Error(`${path}: entry ${id} has no line`);
        return fields[at + 1] as string;
      });
      // No `null` for an empty stream: `current` and the header are set in one script
      // (CREATE), so a named game without entries had them deleted.
      const tail = await readStreamTail(redis, path);
      const contents = { ...parseJournalLines(path, lines, tail), dropped: null };
      // The tail is set with each entry, so it never lags: an entry past it was added by hand.
      if (contents.end.n !== tail.n)
        throw new JournalCorrupt(
          `${path}: entry ${tail.n + 2} is past the stream's tail (record ${tail.n}): added outside the hub; the journal needs a person to look`,
        );
      const next = contents.records.length + 1;
      return {
        path,
        contents,
        reopen: async () =>
          new RedisGame(redis, table, path, next, contents.end.h, fence, onFailed, replicas),
      };
    },

    async create(header: JournalHeader): Promise<JournalWriter> {
      const lease = fence(table);
      if (lease === null) throw new LeaseLost(`table ${table}: this hub holds no lease`);
      const current = Number(await redis.get(tableKey(table, "current")));
      const path = gameKey(table, current + 1);
      const keys = [tableKey(table, "lease"), tableKey(table, "current"), path, tailKey(path)];
      const { line, h } = chainLine(CHAIN_START, JSON.stringify(header));
      const tail = tailValue({ n: 0, h });
      const created = run(table, () =>
        redis.eval(CREATE, 4, ...keys, lease, current, line, tokenOf(lease), current + 1, tail),
      );
      await replicated(redis, replicas, created);
      return new RedisGame(redis, table, path, 1, h, fence, onFailed, replicas);
    },
  });
}

/** Every entry of a game stream with the fencing token that wrote it (tests, tools). */
export async function readGameTokens(
  redis: Redis,
  path: string,
): Promise<{ id: string; token: number; line: string }[]> {
  const entries = await redis.xrange(path, "-", "+");
  return entries.map(([id, f]) => ({
    id,
    token: Number(f[f.indexOf("t") + 1]),
    line: f[f.indexOf("l") + 1] as string,
  }));
}
