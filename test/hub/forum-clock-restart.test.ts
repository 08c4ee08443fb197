/**
 * The forum calendar on a real hub: a day's deadline is the next 20:00 of the configured
 * zone, absolute, journaled with the game, and the same after a restart (FORUM-TIME-01,
 * FORUM-OPEN-01); the host's `warn` goes through the wire (FORUM-INACT-02).
 */
import { afterEach, describe, expect, it } from "vitest";
import { nextLocal } from "../../hub/engine/rulesets/forum/calendar.js";
import {
  connectIdentity,
  endAll,
  HostConsole,
  removeDir,
  startTestHub,
  subscribeGranted,
  type TestHub,
  tempDir,
  until,
} from "../helpers/hub.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function hubOn(dir: string): Promise<TestHub> {
  const hub = await startTestHub({ dataDir: dir });
  cleanups.push(() => hub.stop());
  return hub;
}

describe("forum calendar on a hub", () => {
  it("FORUM-TIME-01: the day ends at the next 20:00 in the zone, and a restarted hub keeps that deadline", async () => {
    const dir = await tempDir();
    cleanups.push(() => removeDir(dir));
    const first = await hubOn(dir);
    const hc = await connectIdentity(first, "host/t1");
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
    const host = new HostConsole(hc);
    const seats = Array.from({ length: 13 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
    const options = { clock: "calendar", timeZone: "Asia/Tokyo", statusSeconds: 0 };
    expect((await host.command("setup", { ruleset: "forum", seats, options })).ok).toBe(true);
    const startedAt = Date.now();
    expect((await host.command("start")).ok).toBe(true);
    const game = () => first.tables.get("t1")?.game;
    await until(() => game()?.step === "day", 5000, "Day 1 after the status messages");
    const deadline = game()?.clock.until as number;
    expect(deadline).toBe(nextLocal(game()?.now as number, "20:00", "Asia/Tokyo"));
    expect(deadline).toBeGreaterThan(startedAt);
    expect(deadline - startedAt).toBeLessThanOrEqual(24 * 3600 * 1000);
    expect((await host.command("warn", { seat: 3 })).ok).toBe(true);
    await endAll(hc);
    await first.tables.get("t1")?.idle();
    const before = structuredClone(game());
    await first.stop();
    cleanups.splice(cleanups.length - 1, 1);

    const second = await hubOn(dir);
    const after = second.tables.get("t1")?.game;
    expect(after?.clock.until).toBe(deadline);
    expect(after).toEqual(before);
    expect((after?.flow as { warnings?: Record<string, number> } | undefined)?.warnings).toEqual({
      3: 1,
    });
  }, 20_000);
});
