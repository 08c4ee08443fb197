/**
 * The hub's Redis connection for a cluster (`--cluster redis://HOST:PORT`) and the start-up
 * check of the settings the kit relies on. An input is acknowledged once Redis replied to
 * its journal append; that reply means "on disk" only with the AOF on and fsynced before
 * every reply (`appendonly yes`, `appendfsync always`), and only if Redis never evicts a
 * key (`maxmemory-policy noeviction`). A Redis that is set up otherwise is refused at
 * start with what to change, instead of losing acknowledged inputs later.
 */
import type { EventEmitter } from "node:events";
import { type Command, Redis } from "ioredis";
import type { Logger } from "../process/logger.js";
import type { RedisLink } from "./redis-link.js";

/**
 * An ioredis connection on which a failed command never becomes an unhandled rejection.
 * The libraries that share the hub's Redis send some commands and drop their promise:
 * mqemitter-redis's `quit()` at close, aedes-persistence-redis's clean-up `lrem`s. When
 * such a command is still queued as the connection closes (the hub stopping, Redis gone),
 * ioredis rejects it with "Connection is closed", and nobody handles that: Node ends the
 * hub with exit code 1 at SIGTERM, and vitest fails a run that passed every test. Whoever
 * awaits a command still sees its error; only the dropped ones are dropped quietly (the
 * connection's own 'error' events are logged by reportOutages).
 */
export class HubRedis extends Redis {
  override sendCommand(command: Command, stream?: Parameters<Redis["sendCommand"]>[1]): unknown {
    const sent = super.sendCommand(command, stream);
    command.promise.catch(() => undefined);
    return sent;
  }
}

/**
 * Aedes deletes a client's old will on every CONNECT with a will through
 * `persistence.delWill(client).finally(…)` (aedes/lib/handlers/connect.js) and handles no
 * rejection of it: a DEL that Redis refused while a Sentinel promoted a replica (NOREPLICAS)
 * ended the hub with an unhandled rejection, and its paddles found no hub for the rest of
 * the run (sentinel.test.ts in CI, 2026-12-08). Deleting a will is bookkeeping: a failure is
 * logged and taken as "no will was stored", and the CONNECT goes on (its will is then
 * stored, or fails with an error Aedes does handle).
 */
export function quietWillDeletes<P extends object>(persistence: P, log: Logger): P {
  type DelWill = (client: unknown, cb?: (...args: unknown[]) => void) => unknown;
  const target = persistence as unknown as { delWill: DelWill };
  const delWill = target.delWill.bind(persistence);
  target.delWill = (client, cb) => {
    if (cb) return delWill(client, cb);
    return (delWill(client) as Promise<unknown>).catch((err: Error) => {
      log.warn({ event: "redis.will_delete_failed", err: err.message }, "will not deleted");
      return null;
    });
  };
  return persistence;
}

/** How long one command may take before the hub treats Redis as gone (ms). */
export const REDIS_COMMAND_TIMEOUT = 5_000;

/**
 * A connection for the journal, the leases or the persistence, over the hub's one link
 * (redis-link.ts: address or Sentinels, password, TLS), connected by its first command.
 */
export function connectRedis(link: RedisLink): Redis {
  return new HubRedis(
    link.options({
      lazyConnect: true,
      // A command that cannot reach Redis fails instead of waiting: its input is then not
      // acknowledged, and the paddle re-sends it.
      maxRetriesPerRequest: 2,
      commandTimeout: REDIS_COMMAND_TIMEOUT,
      enableOfflineQueue: true,
    }),
  );
}

/** What the kit requires of Redis, as `CONFIG GET` names and values. */
export const REQUIRED_SETTINGS: Readonly<Record<string, string>> = {
  appendonly: "yes",
  appendfsync: "always",
  "maxmemory-policy": "noeviction",
};

/** Connects and checks the settings; throws with every setting that must change. */
export async function openClusterRedis(link: RedisLink): Promise<Redis> {
  const redis = connectRedis(link);
  // The first error says why (ECONNREFUSED, a TLS or auth failure); connect() itself rejects
  // with "Connection is closed.", and an error nobody listens to was printed as unhandled.
  let first: Error | null = null;
  const keep = (err: Error) => {
    first ??= err;
  };
  redis.on("error", keep);
  try {
    await redis.connect().catch((err: Error) => {
      throw new Error(`${link.shown}: ${(first ?? err).message}`);
    });
    redis.off("error", keep);
    const wrong: string[] = [];
    for (const [name, want] of Object.entries(REQUIRED_SETTINGS)) {
      let got: string | undefined;
      try {
        const pair = (await redis.config("GET", name)) as string[];
        got = pair[1];
      } catch (err) {
        throw new Error(
          `${link.shown}: cannot read CONFIG ${name} (${(err as Error).message}); the hub must check that Redis runs with ${describeRequired()}`,
        );
      }
      if (got !== want) wrong.push(`${name} is ${got ?? "unset"}, needs ${want}`);
    }
    if (wrong.length > 0)
      throw new Error(
        `${link.shown}: Redis is not durable enough for the journal: ${wrong.join("; ")} (docs/CLUSTER.md)`,
      );
    return redis;
  } catch (err) {
    redis.disconnect();
    throw err;
  }
}

function describeRequired(): string {
  return Object.entries(REQUIRED_SETTINGS)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
}

/**
 * Logs a Redis connection's errors, once per outage, instead of letting them end the hub:
 * mqemitter-redis re-emits its connections' errors on its `state` emitter, which has no
 * listener of its own, and Node throws an 'error' event nobody listens to (the hub died
 * the moment Redis was unreachable). ioredis reconnects by itself; `back` names the events
 * that say it did.
 */
export function reportOutages(
  source: EventEmitter,
  what: string,
  back: readonly string[],
  log: Logger,
): void {
  let down = false;
  source.on("error", (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ event: "redis.down", conn: what, err: err.message }, "Redis unreachable; retrying");
  });
  const up = () => {
    if (!down) return;
    down = false;
    log.warn({ event: "redis.back", conn: what }, "Redis reachable again");
  };
  for (const name of back) source.on(name, up);
}
