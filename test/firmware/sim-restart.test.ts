/**
 * A bot game survives its hub going away: the hub stops in the middle of the game, stays
 * down past the step's deadline, and comes back on the same port and data directory. The
 * hub then holds the game paused for the host (hub/table/table.ts holdIfOverdue); the simulator's
 * host bot resumes it, the paddles (the real firmware) reconnect by themselves, and the
 * game is played to a winner with no person sending `resume`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startSim } from "../../firmware-sim/sim/table-sim.js";
import { createLogger } from "../../hub/process/logger.js";
import { type Hub, startHub } from "../../hub/server.js";
import { botTable, type Harness, heldPaused, nextState, within } from "./sim-harness.js";

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

const hubOn = (dataDir: string, mqttPort: number) =>
  startHub({
    dataDir,
    mqttPort,
    httpPort: 0,
    host: "127.0.0.1",
    seats: 10,
    logger: createLogger("silent"),
  });

describe("a bot game across a hub restart", () => {
  it("is resumed by the host bot after the hub held it, and plays to a winner", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "sim-restart-"));
    let hub: Hub = await hubOn(dataDir, 0);
    const port = hub.mqttPort;
    const lines: string[] = [];
    const sim = await startSim(botTable(`mqtt://127.0.0.1:${port}`, hub.secrets.toJSON(), lines));
    const h = { hub, sim, lines } as unknown as Harness;
    cleanup = async () => {
      await sim.stop();
      await hub.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
    // Into a day step whose deadline is near (a vote's counting window of 1 s here), so that
    // staying down past it takes a second or two, not a speech's 5 s.
    const running = await within(
      nextState(
        sim,
        (s) => s.phase === "day" && s.until !== null && !s.paused && s.until - s.now <= 2000,
      ),
      90_000,
      h,
      "a day step with its deadline near",
    );
    await hub.stop();
    // Down past the deadline of the step it stopped in.
    const downFor = Math.max(0, (running.until ?? 0) - running.now) + 1500;
    await new Promise((r) => setTimeout(r, downFor));
    const held = heldPaused(sim, lines);
    hub = await hubOn(dataDir, port);
    h.hub = hub;
    await within(held, 60_000, h, "the game held paused after the restart");
    const end = await within(sim.finished, 150_000, h, "the end of the game");
    expect(["town", "mafia"]).toContain(end.winner);
    expect(lines.some((l) => l.includes("resuming"))).toBe(true);
  }, 240_000);
});
