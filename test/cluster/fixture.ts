/**
 * Cluster set-ups shared by the cluster tests: hubs in this process (clusterHub), hubs as
 * real child processes that a test may SIGSTOP or SIGKILL (spawnClusterHub), the table's
 * current game as Redis holds it, and which hub holds a table's lease. Each set-up pushes
 * its own clean-up onto the caller's list.
 */
import type { Redis } from "ioredis";
import type { ClusterOptions } from "../../hub/cluster/index.js";
import { tableKey } from "../../hub/cluster/keys.js";
import { gameKey, readGameTokens } from "../../hub/cluster/redis-journal.js";
import { type JournalContents, parseJournalLines } from "../../hub/journal/journal.js";
import { type HubProcess, spawnHub } from "../helpers/cli-process.js";
import { removeDir, startTestHub, type TestHub, tempDir } from "../helpers/hub.js";

export type Cleanups = (() => Promise<void>)[];

export async function clusterHub(
  url: string,
  cleanups: Cleanups,
  leaseMs?: number,
  link: Omit<ClusterOptions, "url" | "leaseMs"> = {},
): Promise<TestHub> {
  const dataDir = await tempDir("hub-cluster-");
  cleanups.push(() => removeDir(dataDir));
  const hub = await startTestHub({ dataDir, cluster: { url, leaseMs, ...link } });
  cleanups.push(() => hub.stop());
  return hub;
}

/** A `--cluster` hub as its own process (start.ts), killed by the clean-up if still alive. */
export async function spawnClusterHub(
  url: string,
  cleanups: Cleanups,
  opts: { leaseMs: number; tables?: string; extra?: string[] },
): Promise<HubProcess> {
  const dir = await tempDir("hub-cluster-proc-");
  cleanups.push(() => removeDir(dir));
  const hub = await spawnHub([
    ...["--data-dir", dir, "--mqtt-port", "0", "--http-port", "0"],
    ...["--table", opts.tables ?? "t1,t2", "--cluster", url],
    ...["--lease-ms", String(opts.leaseMs), "--log-level", "info", ...(opts.extra ?? [])],
  ]);
  cleanups.push(async () => {
    if (hub.proc.exitCode !== null || hub.proc.signalCode !== null) return;
    hub.proc.kill("SIGCONT"); // a stopped process does not act on SIGKILL until resumed
    hub.proc.kill("SIGKILL");
    await hub.exited;
  });
  return hub;
}

/** The Redis key of the table's current game. */
export async function currentGame(redis: Redis, table = "t1"): Promise<string> {
  return gameKey(table, Number(await redis.get(tableKey(table, "current"))));
}

/** The table's current game, as Redis holds it. */
export async function gameContents(redis: Redis, table = "t1"): Promise<JournalContents> {
  const path = await currentGame(redis, table);
  const lines = (await readGameTokens(redis, path)).map((e) => e.line);
  return { ...parseJournalLines(path, lines), dropped: null };
}

/** The hub process whose lease on the table is in Redis now, if one of `hubs` holds it. */
export async function leaseHolder(
  redis: Redis,
  hubs: readonly HubProcess[],
  table = "t1",
): Promise<HubProcess | undefined> {
  const value = await redis.get(tableKey(table, "lease"));
  // A lease value is `hostname-pid-random:token` (hub/cluster/index.ts, lease.ts).
  return value === null ? undefined : hubs.find((h) => value.includes(`-${h.proc.pid}-`));
}
