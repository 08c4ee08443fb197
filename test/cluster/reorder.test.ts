/**
 * The acknowledged-input oracle across failovers with reordered deliveries (issue 27): two
 * `--cluster` hub processes on one real redis-server, seats connected to both, several
 * inputs in flight from each connection when the owner is SIGSTOPped or SIGKILLed. The
 * paddles of the faulted hub move to the survivor and re-send what had no PUBACK newest
 * first, so seq N+1 reaches the new owner before the re-sent seq N (as Aedes can deliver it
 * when N's forward still waits for the dead owner). After every failover: every PUBACKed
 * input is in the table's Redis stream exactly once.
 *
 * Thumb edges only: the engine records a sensor edge in any phase, so every input sent is
 * one the table must journal, and the oracle needs no reference run. The default run does
 * one SIGSTOP and one SIGKILL failover (about 20 s); SOAK=1 runs the soak, 20 of
 * each (several minutes).
 */
import { Redis } from "ioredis";
import type { MqttClient } from "mqtt";
import { afterAll, describe, expect, it } from "vitest";
import { recordsBySource } from "../fault/oracle.js";
import { seatList, srcKey } from "../helpers/bot-wire.js";
import type { HubProcess } from "../helpers/cli-process.js";
import { connectAs, until } from "../helpers/hub.js";
import { startRedis } from "../helpers/redis-server.js";
import { type Cleanups, gameContents, leaseHolder, spawnClusterHub } from "./fixture.js";

const LEASE_MS = 1000;
const SOAK = process.env.SOAK === "1";
/** SIGSTOP and SIGKILL by turns. */
const FAILOVERS = SOAK ? 40 : 2;
/** Inputs each paddle puts in flight just before the fault, and while the owner is gone. */
const BEFORE = 3;
const DURING = 2;

const cleanups: Cleanups = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A seat's paddle as the oracle needs it: its own boot and seqs, re-sending what had no PUBACK. */
class OraclePaddle {
  private seq = 0;
  private down = false;
  readonly boot: string;
  /** Sent, no PUBACK yet: seq to payload. */
  readonly pending = new Map<number, string>();
  readonly acked = new Set<number>();
  client: MqttClient | null = null;
  port = 0;

  constructor(
    readonly seat: number,
    private readonly password: string,
  ) {
    this.boot = (0x5eed0000 + seat).toString(16);
  }

  get topic(): string {
    return `mafia/v1/t1/seat/${this.seat}/input`;
  }

  /** Connects to the hub on `port`, dropping the old connection without a word. */
  async connect(port: number): Promise<void> {
    this.client?.end(true);
    this.client = (await connectAs(port, `seat/t1/${this.seat}`, this.password)).client;
    this.port = port;
  }

  /** A new input, in flight until its PUBACK. */
  send(): void {
    this.seq += 1;
    this.down = !this.down;
    const body = { boot: this.boot, seq: this.seq, kind: "thumb", down: this.down };
    this.pending.set(this.seq, JSON.stringify(body));
    this.publish(this.seq);
  }

  private publish(seq: number): void {
    const payload = this.pending.get(seq);
    const client = this.client;
    if (payload === undefined || !client) return;
    client.publish(this.topic, payload, { qos: 1 }, (err) => {
      if (err) return;
      this.pending.delete(seq);
      this.acked.add(seq);
    });
  }

  /** Onto the hub on `port`; what had no PUBACK goes again, newest first (the reordering). */
  async moveTo(port: number): Promise<void> {
    await this.connect(port);
    for (const seq of [...this.pending.keys()].sort((a, b) => b - a)) this.publish(seq);
  }

  /** Until every input has its PUBACK; a connection the hub dropped (no owner in time) is made again. */
  async settle(port: number, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.pending.size > 0) {
      if (Date.now() > deadline)
        throw new Error(`seat ${this.seat}: no PUBACK for seqs ${[...this.pending.keys()]}`);
      if (!this.client?.connected) await this.moveTo(port);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  keys(): string[] {
    return [...this.acked].map((seq) => srcKey({ seat: this.seat, boot: this.boot, seq }));
  }
}

describe("reordered deliveries across failovers", () => {
  it(
    `every PUBACKed input is in the Redis stream exactly once after ${FAILOVERS} failovers`,
    async () => {
      const server = await startRedis();
      cleanups.push(() => server.stop());
      const redis = new Redis(server.url);
      cleanups.push(async () => void redis.disconnect());
      const start = () =>
        spawnClusterHub(server.url, cleanups, { leaseMs: LEASE_MS, tables: "t1" });
      const first = await start(); // the first hub takes the table
      await until(async () => (await leaseHolder(redis, [first])) === first, 10_000, "a lease");
      let hubs: HubProcess[] = [first, await start()];
      const secrets = await first.secrets();

      const host = await connectAs(first.mqttPort, "host/t1", secrets["host/t1"]);
      cleanups.push(async () => void host.client.end(true));
      await host.client.publishAsync(
        "mafia/v1/t1/host/command",
        JSON.stringify({ id: "reorder-setup", cmd: "setup", ruleset: "sport", seats: seatList() }),
        { qos: 1 },
      );
      host.client.end(true);

      const paddles = [1, 2, 3, 4].map(
        (n) => new OraclePaddle(n, secrets[`seat/t1/${n}`] as string),
      );
      cleanups.push(async () => {
        for (const p of paddles) p.client?.end(true);
      });
      const oracle = async (after: string) => {
        const journaled = recordsBySource(await gameContents(redis)); // throws on a double
        const lost = paddles.flatMap((p) => p.keys()).filter((k) => !journaled.has(k));
        expect(lost, `acknowledged but not journaled, after ${after}`).toEqual([]);
      };

      const gaps: number[] = [];
      for (let round = 0; round < FAILOVERS; round++) {
        const signal = round % 2 === 0 ? "SIGSTOP" : "SIGKILL";
        const owner = await leaseHolder(redis, hubs);
        const survivor = hubs.find((h) => h !== owner);
        if (!owner || !survivor) throw new Error(`round ${round}: no owner among the hubs`);
        // Seats on both hubs: 1 and 2 on the owner, 3 and 4 forwarded from the other.
        for (const p of paddles) {
          const port = p.seat <= 2 ? owner.mqttPort : survivor.mqttPort;
          if (p.port !== port || !p.client?.connected) await p.connect(port);
        }
        for (const p of paddles) for (let i = 0; i < BEFORE; i++) p.send();
        owner.proc.kill(signal);
        const faulted = Date.now();
        for (const p of paddles) if (p.seat > 2) for (let i = 0; i < DURING; i++) p.send();
        await until(
          async () => (await leaseHolder(redis, hubs)) === survivor,
          15_000,
          `round ${round}: the survivor to take the table after ${signal}`,
        );
        gaps.push(Date.now() - faulted);
        // The faulted hub's paddles move over and re-send newest first; the others wait.
        for (const p of paddles) if (p.seat <= 2) await p.moveTo(survivor.mqttPort);
        if (signal === "SIGSTOP") owner.proc.kill("SIGCONT"); // wakes a stale owner
        await Promise.all(paddles.map((p) => p.settle(survivor.mqttPort, 20_000)));
        await oracle(`${signal} #${round + 1}`);
        if (signal === "SIGKILL" && round + 1 < FAILOVERS) {
          await owner.exited;
          hubs = [survivor, await start()];
        }
      }
      const sent = paddles.reduce((n, p) => n + p.acked.size, 0);
      expect(sent).toBe(paddles.length * FAILOVERS * BEFORE + 2 * FAILOVERS * DURING);
      process.stderr.write(
        `reorder: ${FAILOVERS} failovers, ${sent} inputs acknowledged, takeover ms ${gaps.join(" ")}\n`,
      );
    },
    60_000 + FAILOVERS * 15_000,
  );
});
