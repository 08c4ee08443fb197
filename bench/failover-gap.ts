/**
 * A paddle's worst gap after a hub kill (issue 27, docs/BENCHMARKS.md "Hubs on Redis"):
 * `--hubs` `--cluster` hub processes on one redis-server, `--paddles` firmware paddles
 * (firmware-sim, default timings) at one table, each with every hub in its list and half of
 * them starting on each hub, every paddle making a thumb edge every 200 ms. `--kills` times
 * the hub owning the table is SIGKILLed and started again on the same port. A paddle's gap
 * is from the kill to the first PUBACK of an input it made after the kill; per kill the
 * worst over the paddles, and over the kills its p50 and max, against 2 x the lease.
 *
 *   npx tsx bench/failover-gap.ts --kills 20 --paddles 10 --lease-ms 5000
 */
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import { SimPaddle } from "../firmware-sim/sim/sim-paddle.js";
import { tableKey } from "../hub/cluster/keys.js";
import { DEFAULT_LEASE_MS } from "../hub/cluster/lease.js";
import { seatList } from "../test/helpers/bot-wire.js";
import { type HubProcess, spawnHub } from "../test/helpers/cli-process.js";
import { connectAs, removeDir, tempDir } from "../test/helpers/hub.js";
import { freePort, startRedis } from "../test/helpers/redis-server.js";

const { values } = parseArgs({
  options: {
    kills: { type: "string", default: "20" },
    paddles: { type: "string", default: "10" },
    hubs: { type: "string", default: "2" },
    "lease-ms": { type: "string", default: String(DEFAULT_LEASE_MS) },
  },
});
const KILLS = Number(values.kills);
const PADDLES = Math.min(10, Number(values.paddles));
const HUBS = Math.max(2, Number(values.hubs));
const LEASE_MS = Number(values["lease-ms"]);
/** A paddle still without a PUBACK this long after a kill counts with this gap. */
const GIVE_UP_MS = 60_000;

const say = (line: string) => process.stderr.write(`failover-gap: ${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A firmware paddle, with the times of the PUBACKs of its inputs (by seq). */
interface Watched {
  sim: SimPaddle;
  /** The seq of the newest input made. */
  made: number;
  /** performance.now() of each acknowledged seq. */
  acked: Map<number, number>;
}

function watch(sim: SimPaddle): Watched {
  const w: Watched = { sim, made: 0, acked: new Map() };
  const outbox = sim.paddle.outbox;
  const add = outbox.add.bind(outbox);
  outbox.add = (kind, fields) => {
    const entry = add(kind, fields);
    w.made = entry.seq;
    return entry;
  };
  const ack = outbox.ack.bind(outbox);
  outbox.ack = (pid) => {
    const done = ack(pid);
    if (done) w.acked.set(done.seq, performance.now());
    return done;
  };
  return w;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] as number;
}

async function main(): Promise<void> {
  const redisServer = await startRedis();
  const redis = new Redis(redisServer.url);
  const ports = await Promise.all(Array.from({ length: HUBS }, () => freePort()));
  const dirs: string[] = [];
  const start = async (i: number): Promise<HubProcess> => {
    const dir = await tempDir("failover-gap-");
    dirs.push(dir);
    return spawnHub(
      [
        ...["--data-dir", dir, "--mqtt-port", String(ports[i]), "--http-port", "0"],
        ...["--table", "t1", "--cluster", redisServer.url, "--lease-ms", String(LEASE_MS)],
        ...["--log-level", "warn"],
      ],
      60_000,
    ); // a loaded machine took more than the default 20 s to start one
  };
  const hubs: HubProcess[] = [];
  for (let i = 0; i < HUBS; i++) hubs.push(await start(i)); // the first takes the table
  const paddles: Watched[] = [];
  const worst: number[] = [];
  let driver: NodeJS.Timeout | null = null;
  try {
    const secrets = await (hubs[0] as HubProcess).secrets();
    const host = await connectAs(ports[0] as number, "host/t1", secrets["host/t1"]);
    const setup = { id: "gap-setup", cmd: "setup", ruleset: "sport", seats: seatList() };
    await host.client.publishAsync("mafia/v1/t1/host/command", JSON.stringify(setup), { qos: 1 });
    host.client.end(true);
    for (let seat = 1; seat <= PADDLES; seat++) {
      // Every hub in each list, rotated so the paddles start spread over the hubs.
      const order = ports.map((_, i) => ports[(i + seat) % HUBS]);
      const sim = new SimPaddle({
        mqttUrl: order.map((p) => `mqtt://127.0.0.1:${p}`).join(","),
        table: "t1",
        seat,
        password: secrets[`seat/t1/${seat}`] as string,
      });
      paddles.push(watch(sim));
      sim.start();
    }
    driver = setInterval(() => {
      for (const p of paddles) p.sim.hal.setThumb(!p.sim.hal.thumbLevel);
    }, 200);
    say(`${HUBS} hubs, ${PADDLES} paddles, lease ${LEASE_MS} ms, ${KILLS} kills`);
    for (let k = 0; k < KILLS; k++) {
      // Steady: every paddle up with an input acknowledged in the last second.
      const steadyBy = Date.now() + GIVE_UP_MS;
      const steady = () => {
        const now = performance.now();
        return paddles.every(
          (p) =>
            p.sim.paddle.linkState === "up" && [...p.acked.values()].some((t) => now - t < 1000),
        );
      };
      while (!steady() && Date.now() < steadyBy) await sleep(100);
      const lease = (await redis.get(tableKey("t1", "lease"))) ?? "";
      const i = hubs.findIndex((h) => lease.includes(`-${h.proc.pid}-`));
      const owner = hubs[i];
      if (!owner) throw new Error(`kill ${k + 1}: no hub holds the lease (${lease})`);
      const madeAtKill = paddles.map((p) => p.made);
      const killed = performance.now();
      owner.proc.kill("SIGKILL");
      const gapOf = (p: Watched, j: number): number | null => {
        const after = [...p.acked].filter(([seq]) => seq > (madeAtKill[j] as number));
        return after.length === 0 ? null : Math.min(...after.map(([, t]) => t)) - killed;
      };
      let takeover = 0;
      while (
        paddles.some((p, j) => gapOf(p, j) === null) &&
        performance.now() - killed < GIVE_UP_MS
      ) {
        if (process.env.GAP_DEBUG)
          say(
            `+${Math.round(performance.now() - killed)} ${paddles.map((p) => `${p.sim.seat}:${p.sim.paddle.linkState}:${p.sim.paddle.outbox.pending}:${p.sim.mqtt.url}`).join(" ")}`,
          );
        if (!takeover) {
          const now = (await redis.get(tableKey("t1", "lease"))) ?? lease;
          if (now !== lease) takeover = performance.now() - killed;
        }
        await sleep(process.env.GAP_DEBUG ? 500 : 50);
      }
      const gaps = paddles.map((p, j) => gapOf(p, j) ?? GIVE_UP_MS).sort((a, b) => a - b);
      worst.push(gaps.at(-1) as number);
      say(
        `kill ${k + 1}: worst ${Math.round(gaps.at(-1) as number)} ms, median paddle ${Math.round(quantile(gaps, 0.5))} ms, lease taken after ${Math.round(takeover)} ms (load ${loadavg()[0]?.toFixed(2)})`,
      );
      await owner.exited;
      hubs[i] = await start(i);
    }
  } finally {
    if (driver) clearInterval(driver);
    for (const p of paddles) p.sim.stop();
    for (const h of hubs) h.proc.kill("SIGKILL");
    await Promise.all(hubs.map((h) => h.exited));
    redis.disconnect();
    await redisServer.stop();
    for (const d of dirs) await removeDir(d);
  }
  const sorted = [...worst].sort((a, b) => a - b);
  const line =
    `${KILLS} kills, ${HUBS} hubs, ${PADDLES} paddles, lease ${LEASE_MS} ms: a paddle's worst gap ` +
    `p50 ${Math.round(quantile(sorted, 0.5))} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms ` +
    `(target under ${2 * LEASE_MS} ms); ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`;
  process.stdout.write(`${line}\n`);
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    say(err.stack ?? err.message);
    process.exit(1);
  },
);
