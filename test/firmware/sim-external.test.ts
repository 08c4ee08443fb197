/**
 * `--external SEAT`: the simulator leaves a seat to a paddle it does not run (an ESP32, or
 * the bundle on Espruino built for Linux). Here the outside paddle is the same firmware in
 * its own instance, started later, as a real one would be switched on.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SimPaddle } from "../../firmware-sim/sim/sim-paddle.js";
import { startSim } from "../../firmware-sim/sim/table-sim.js";
import type { PublicState } from "../../protocol/views.js";
import { FAST_TIMINGS, type Harness, startTable, within } from "./sim-harness.js";

let h: Harness | null = null;
let outside: SimPaddle | null = null;
afterEach(async () => {
  outside?.stop();
  outside = null;
  await h?.close();
  h = null;
});

function stateWhere(harness: Harness, where: (s: PublicState) => boolean): Promise<PublicState> {
  const now = harness.sim.state();
  if (now && where(now)) return Promise.resolve(now);
  return new Promise((resolve) => {
    const on = (s: PublicState) => {
      if (!where(s)) return;
      harness.sim.events.off("state", on);
      resolve(s);
    };
    harness.sim.events.on("state", on);
  });
}

describe("the simulator with an external seat", () => {
  it("runs no paddle on seat 3, waits for the real one, and starts the game once it is online", async () => {
    h = await startTable({ external: [3] });
    expect(h.sim.paddles.map((p) => p.seat)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10]);
    // Everyone else is online; the host bot does not start without seat 3.
    const waiting = await within(
      stateWhere(h, (s) => s.seats.filter((x) => x.online).length === 9),
      20_000,
      h,
      "nine seats online",
    );
    expect(waiting.phase).toBe("setup");
    expect(waiting.seats[2]?.online).toBe(false);

    outside = new SimPaddle({
      mqttUrl: `mqtt://127.0.0.1:${h.hub.mqttPort}`,
      table: "t1",
      seat: 3,
      password: h.hub.secrets.password("seat/t1/3") as string,
      timings: FAST_TIMINGS,
    });
    outside.start();
    const started = await within(
      stateWhere(h, (s) => s.phase !== "setup"),
      20_000,
      h,
      "the game to start",
    );
    expect(started.seats[2]?.online).toBe(true);
    expect(outside.paddle.linkState).toBe("up");
  }, 60_000);

  it("refuses an external seat that is not at the table", async () => {
    const sim = startSim({
      mqttUrl: "mqtt://127.0.0.1:1",
      secrets: {},
      paddles: 10,
      external: [11],
    });
    await expect(sim).rejects.toThrow(/external seat 11 is not a seat of 1..10/);
  });
});
