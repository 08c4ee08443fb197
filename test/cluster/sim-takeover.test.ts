/**
 * A bot game across a cluster takeover (issue 27, "Recovery takes too long"): two `--cluster`
 * hub processes on one redis-server, the simulator (firmware paddles, seat bots and its host
 * bot) given both hubs. The hub owning the table is SIGKILLed in a day step whose deadline is
 * nearer than the lease can run out, so the other hub takes the table over after the
 * deadline passed and holds the game paused for the host (hub/table/table-core.ts
 * holdIfOverdue). The simulator's host bot resumes it (firmware-sim/sim/host-bot.ts), and
 * the game is played to a winner with nobody sending `resume` by hand.
 * test/firmware/sim-restart.test.ts is the same for one hub restarted.
 */
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { startSim } from "../../firmware-sim/sim/table-sim.js";
import { botTable, type Harness, heldPaused, nextState, within } from "../firmware/sim-harness.js";
import { startRedis } from "../helpers/redis-server.js";
import { type Cleanups, leaseHolder, spawnClusterHub } from "./fixture.js";

/**
 * Long enough that the table's lease, renewed every third of it, outlives the killed owner
 * by more than the 2 s left of the step it dies in: the takeover comes after the deadline.
 */
const LEASE_MS = 4500;
const NEAR_DEADLINE_MS = 2000;

const cleanups: Cleanups = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("a bot game across a cluster takeover", () => {
  it("is resumed by the simulator's host bot after the new owner held it, and plays to a winner", async () => {
    const server = await startRedis();
    cleanups.push(() => server.stop());
    const redis = new Redis(server.url);
    cleanups.push(async () => void redis.disconnect());
    const start = () => spawnClusterHub(server.url, cleanups, { leaseMs: LEASE_MS, tables: "t1" });
    const a = await start();
    const hubs = [a, await start()];
    const lines: string[] = [];
    const urls = hubs.map((h) => `mqtt://127.0.0.1:${h.mqttPort}`).join(",");
    const sim = await startSim({ ...botTable(urls, await a.secrets(), lines), table: "t1" });
    cleanups.push(() => sim.stop());
    const h = { lines } as unknown as Harness;

    await within(
      nextState(
        sim,
        (s) =>
          s.phase === "day" && s.until !== null && !s.paused && s.until - s.now <= NEAR_DEADLINE_MS,
      ),
      120_000,
      h,
      "a day step with its deadline near",
    );
    const owner = await leaseHolder(redis, hubs);
    if (!owner) throw new Error("no hub holds t1's lease");
    const survivor = hubs.find((x) => x !== owner) ?? a;
    const held = heldPaused(sim, lines);
    owner.proc.kill("SIGKILL");
    await owner.exited;

    await within(held, 60_000, h, "the game held paused after the takeover");
    const end = await within(sim.finished, 180_000, h, "the end of the game");
    expect(["town", "mafia"]).toContain(end.winner);
    expect(lines.some((l) => l.includes("resuming"))).toBe(true);
    // The pause was the new owner's hold for an overdue step, not anyone's command.
    expect(survivor.stderr()).toContain('"event":"game.held"');
  }, 300_000);
});
