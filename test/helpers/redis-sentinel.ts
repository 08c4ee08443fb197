/**
 * A Redis primary with replicas and three Sentinels, all real Debian processes on free
 * loopback ports in temp dirs, for the Sentinel failover test. Every node runs with the AOF
 * fsynced on every write (a replica that is promoted must be as durable as the primary),
 * and the Sentinels decide fast (`down-after-milliseconds` 1000) so the test stays short.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Redis } from "ioredis";
import { removeDir, tempDir, until } from "./hub.js";
import { freePort, type RedisServer, startRedis } from "./redis-server.js";

export const MASTER = "kit";

export interface SentinelSet {
  /** `redis-sentinel://127.0.0.1:P1,127.0.0.1:P2,127.0.0.1:P3/kit` */
  url: string;
  nodes: RedisServer[];
  sentinelPorts: number[];
  /** The node Sentinels name as primary now. */
  primary(): Promise<RedisServer>;
  stop(): Promise<void>;
}

const SENTINEL_BIN = process.env.REDIS_SENTINEL ?? "/usr/bin/redis-sentinel";

/** Settings of every node: what the hub requires, and a primary that stops taking writes
 *  when no replica follows it (so a partitioned old primary cannot acknowledge anything). */
const NODE_ARGS = [
  ...["--maxmemory-policy", "noeviction"],
  ...["--min-replicas-to-write", "1", "--min-replicas-max-lag", "10"],
];

export async function startSentinelSet(replicas = 2, sentinels = 3): Promise<SentinelSet> {
  const nodes: RedisServer[] = [];
  const procs: ChildProcess[] = [];
  const dirs: string[] = [];
  const stop = async () => {
    for (const p of procs) {
      if (p.exitCode !== null || p.signalCode !== null) continue;
      const exited = new Promise<void>((r) => p.once("exit", () => r()));
      p.kill("SIGKILL");
      await exited;
    }
    for (const n of nodes) await n.stop();
    for (const d of dirs) await removeDir(d);
  };
  try {
    const first = await startRedis(NODE_ARGS);
    nodes.push(first);
    for (let i = 0; i < replicas; i++)
      nodes.push(await startRedis([...NODE_ARGS, "--replicaof", "127.0.0.1", String(first.port)]));
    // Every replica in sync, so the primary takes writes (min-replicas-to-write).
    const probe = new Redis(first.url);
    try {
      await until(
        async () => (await probe.info("replication")).split("state=online").length - 1 >= replicas,
        30_000,
        "the replicas to be in sync",
      );
    } finally {
      probe.disconnect();
    }
    const ports: number[] = [];
    for (let i = 0; i < sentinels; i++) {
      const dir = await tempDir("sentinel-");
      dirs.push(dir);
      const port = await freePort();
      const conf = join(dir, "sentinel.conf");
      await writeFile(
        conf,
        [
          `port ${port}`,
          "bind 127.0.0.1",
          `dir ${dir}`,
          `sentinel monitor ${MASTER} 127.0.0.1 ${first.port} 2`,
          `sentinel down-after-milliseconds ${MASTER} 1000`,
          `sentinel failover-timeout ${MASTER} 4000`,
          `sentinel parallel-syncs ${MASTER} 1`,
          "",
        ].join("\n"),
      );
      const proc = spawn(SENTINEL_BIN, [conf], { stdio: "ignore" });
      procs.push(proc);
      ports.push(port);
    }
    // Ready once every Sentinel knows every replica and the other Sentinels: only then can
    // they agree on a failover.
    const clients = ports.map((port) => new Redis({ port, host: "127.0.0.1", lazyConnect: true }));
    try {
      await until(
        async () => {
          for (const c of clients) {
            const known = await c
              .call("SENTINEL", "REPLICAS", MASTER)
              .then((r) => (r as unknown[]).length)
              .catch(() => -1);
            const peers = await c
              .call("SENTINEL", "SENTINELS", MASTER)
              .then((r) => (r as unknown[]).length)
              .catch(() => -1);
            if (known < replicas || peers < sentinels - 1) return false;
          }
          return true;
        },
        30_000,
        "the Sentinels to know every replica and each other",
      );
    } finally {
      for (const c of clients) c.disconnect();
    }
    const primary = async () => {
      const c = new Redis({ port: ports[0], host: "127.0.0.1" });
      try {
        const [, port] = (await c.call("SENTINEL", "GET-MASTER-ADDR-BY-NAME", MASTER)) as string[];
        const node = nodes.find((n) => n.port === Number(port));
        if (!node) throw new Error(`Sentinels name an unknown primary :${port}`);
        return node;
      } finally {
        c.disconnect();
      }
    };
    const list = ports.map((p) => `127.0.0.1:${p}`).join(",");
    return {
      url: `redis-sentinel://${list}/${MASTER}`,
      nodes,
      sentinelPorts: ports,
      primary,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
