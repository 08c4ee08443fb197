/**
 * Spreading tables over the live hubs (`--rebalance`): every hub says it is alive in the
 * sorted set `mafia:hubs` (score: when that stops being true, by Redis's own clock, so the
 * hubs' clocks need not agree) at each round of taking tables; a hub takes a table only
 * while it holds fewer than its fair share, ceil(tables / live hubs), and hands one over
 * when it holds more (index.ts).
 */
import type { Redis } from "ioredis";

export const HUBS_KEY = "mafia:hubs";

const BEAT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])`;

/** Says this hub is alive for `ttlMs`; returns how many hubs are alive now. */
export async function heartbeat(redis: Redis, hubId: string, ttlMs: number): Promise<number> {
  return Number(await redis.eval(BEAT, 1, HUBS_KEY, hubId, ttlMs));
}

/** This hub is stopping: it is no longer counted. */
export async function leave(redis: Redis, hubId: string): Promise<void> {
  await redis.zrem(HUBS_KEY, hubId).catch(() => 0);
}

/** How many of `tables` one of `live` hubs should hold. */
export function fairShare(tables: number, live: number): number {
  return Math.ceil(tables / Math.max(1, live));
}
