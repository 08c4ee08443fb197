import { cpus, loadavg, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { Redis } from "ioredis";
import { DEFAULT_LEASE_MS } from "../hub/cluster/lease.js";
import { startRedis } from "../test/helpers/redis-server.js";
import { type HubProcess, startHubProcess, stopProcess } from "./hub-process.js";
import { type HubRunResult, type HubSet, runHub } from "./hub-run.js";
import { fmt, type Latencies } from "./latency.js";
import { cpuModel } from "./relay-run.js";
import { writeBenchSection } from "./replay.js";

type Variant = "one hub, file journal" | "1 hub, --cluster" | "2 hubs, --cluster";
const VARIANTS: Variant[] = ["one hub, file journal", "1 hub, --cluster", "2 hubs, --cluster"];

const say = (line: string) => process.stderr.write(`bench: ${line}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** Starts a hub and says (with where its stderr is) if it ends before the bench stops it. */
async function watchedHub(names: string[], flags: string[]): Promise<HubProcess> {
  const h = await startHubProcess(names, [], undefined, flags);
  h.child.once("exit", (code, signal) => {
    // A stop (SIGTERM) ends it with code 0; anything else is a crash worth reading.
    if (code !== 0 && signal !== "SIGTERM")
      say(`hub ${h.child.pid} ended (${signal ?? `code ${code}`}); its stderr: ${h.stderrPath}`);
  });
  return h;
}

function hubs(url: string | null, count: 1 | 2): (names: string[]) => Promise<HubSet> {
  const flags = url ? ["--cluster", url] : [];
  return async (names) => {
    if (count === 1) {
      const h = await watchedHub(names, flags);
      return { hubs: [h], hubFor: () => h };
    }
    const half = names.slice(0, Math.ceil(names.length / 2));
    const a = await watchedHub(half, flags);
    const b = await watchedHub(names, flags);
    a.secrets = b.secrets; // the same identities, from Redis; B wrote every table's
    return {
      hubs: [a, b],
      hubFor: (table) => {
        const i = half.indexOf(table);
        return i >= 0 && i % 2 === 0 ? a : b;
      },
    };
  };
}

/** SIGKILL of the hub owning `tables` tables; ms until the other holds every lease. */
async function takeover(url: string, tables: number, leaseMs: number) {
  const names = Array.from({ length: tables }, (_, i) => `k${i + 1}`);
  const flags = ["--cluster", url, "--lease-ms", String(leaseMs)];
  const a = await startHubProcess(names, [], undefined, flags);
  const b = await startHubProcess(names, [], undefined, flags);
  const redis = new Redis(url);
  const mark = `-${b.child.pid}-`;
  const killed = performance.now();
  a.child.kill("SIGKILL");
  let first: number | null = null;
  let all: number | null = null;
  while (performance.now() - killed < leaseMs * 4 + 30_000) {
    const leases = await redis.mget(names.map((n) => `mafia:{${n}}:lease`));
    const held = leases.filter((l) => l?.includes(mark)).length;
    if (held > 0 && first === null) first = performance.now() - killed;
    if (held === tables) {
      all = performance.now() - killed;
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  redis.disconnect();
  await stopProcess(b.child);
  return { tables, leaseMs, first, all };
}

export async function clusterBench(o: {
  configs: [number, number][];
  maxSeconds: number;
  write: boolean;
}): Promise<void> {
  const redisServer = await startRedis();
  const redis = new Redis(redisServer.url);
  const runs: Run[] = [];
  const loads: string[] = [];
  try {
    for (const [tables, seats] of o.configs) {
      for (const variant of VARIANTS) {
        await redis.flushall(); // every run starts from empty journals
        await redis.config("RESETSTAT");
        say(`${tables} x ${seats}, ${variant} (load ${load()})...`);
        const start =
          variant === "one hub, file journal"
            ? hubs(null, 1)
            : hubs(redisServer.url, variant.startsWith("2") ? 2 : 1);
        const hub = await runHub(tables, seats, o.maxSeconds, [], start);
        runs.push({ tables, seats, variant, hub, dropped: await droppedClients(redis) });
        loads.push(`${tables} x ${seats} ${variant}: ${load()}`);
      }
    }
    await redis.flushall();
    say(`takeover (load ${load()})...`);
    const takeovers = [];
    for (const tables of [50, 200])
      for (const leaseMs of [DEFAULT_LEASE_MS, 1000]) {
        await redis.flushall();
        takeovers.push(await takeover(redisServer.url, tables, leaseMs));
      }
    const section = render(o.configs, o.maxSeconds, runs, takeovers, loads);
    process.stdout.write(`${section}\n`);
    if (o.write) await writeBenchSection("cluster", section);
  } finally {
    redis.disconnect();
    await redisServer.stop();
  }
}

/**
 * Clients Redis dropped since RESETSTAT for outgrowing their output buffer: a hub's pub/sub
 * connection that falls behind (\`client-output-buffer-limit pubsub\`) loses every message
 * sent to it until it reconnects.
 */
async function droppedClients(redis: Redis): Promise<number> {
  const stats = await redis.info("stats");
  return Number(/client_output_buffer_limit_disconnections:(\d+)/.exec(stats)?.[1] ?? 0);
}

interface Run {
  tables: number;
  seats: number;
  variant: Variant;
  hub: HubRunResult;
  /** Redis's count of clients dropped for their output buffer, after the run. */
  dropped: number;
}

function render(
  configs: [number, number][],
  maxSeconds: number,
  runs: Run[],
  takeovers: Awaited<ReturnType<typeof takeover>>[],
  loads: string[],
): string {
  const lat = (l: Latencies) => {
    const s = l.summary();
    return `${fmt(s.p50)} / ${fmt(s.p99)} (${s.n})`;
  };
  const rows = runs.map((r) => {
    const h = r.hub;
    const cpu = h.cpu.after.cpuSeconds - h.cpu.before.cpuSeconds;
    const over = h.games.filter((g) => g.winner).length;
    return `| ${r.tables} x ${r.seats} | ${r.variant} | ${lat(h.latencies)} | ${lat(h.night)} | ${lat(h.toAck)} | ${h.inputs} | ${((100 * cpu) / h.seconds).toFixed(0)}% | ${over} of ${h.games.length} in ${h.seconds.toFixed(0)} s |`;
  });
  const sec = (ms: number | null) =>
    ms === null ? "not within the wait" : `${(ms / 1000).toFixed(2)} s`;
  const drops = runs.filter((r) => r.variant !== "one hub, file journal");
  const dropped = drops.some((r) => r.dropped > 0)
    ? `Redis dropped clients for their output buffer (a hub's pub/sub connection fallen behind loses what was sent to it): ${drops.map((r) => `${r.tables} x ${r.seats} ${r.variant}: ${r.dropped}`).join("; ")}.`
    : "Redis dropped no client for its output buffer in any run (`client_output_buffer_limit_disconnections` 0).";
  const takeoverRows = takeovers.map(
    (t) => `| ${t.tables} | ${t.leaseMs} | ${sec(t.first)} | ${sec(t.all)} |`,
  );
  return `## Hubs on Redis (\`npm run bench -- --cluster\`)

Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpuModel()} x${cpus().length}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, Debian redis-server (AOF, \`appendfsync always\`) on loopback; \`npm run bench -- --cluster --configs ${configs.map((c) => c.join("x")).join(",")} --max-seconds ${maxSeconds}\` (a run ends when every game is over or at that cap; "games over" says how many were). Load average (1, 5, 15 min) after each run: ${loads.join("; ")}.
The same bot games as above. "2 hubs": hub A owns the first half of the tables, hub B the rest; the clients of every other table of A's half are connected to B (their inputs forwarded to A over the shared emitter, A's views back through it), all other clients to their table's owner. Both hubs, Redis and every client run on this one machine, so two hubs here share the same two cores: the figures show the cost of the cluster path, not the gain of a second machine. Hub CPU is the sum over the hubs (Redis not included).

Latency (ms, p50 / p99 (samples)); day: publish to the display holding the public state; night: publish to the host view; publish → PUBACK: what the journal (file fsync, or Redis with its AOF fsync) adds:

| tables x paddles | hubs | day | night | publish → PUBACK | inputs | hub CPU | games over |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}

${dropped}

Takeover after SIGKILL of the hub owning every table (two hubs, both \`--table\` with all of them): from the kill until the other hub holds the first lease, and all of them (a lease is taken once it expired, on a retry every half lease; the table's replay from Redis follows):

| tables | lease ms | first table | all tables |
|---|---|---|---|
${takeoverRows.join("\n")}
`;
}
