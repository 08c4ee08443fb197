/**
 * Twelve simulated paddles (the real firmware over mqtt.js, driven through their keys)
 * play a whole `hunt` game on the real hub to its end: in process, and as
 * `npm start -- --sim 12 --ruleset hunt` does it. The bots answer every prompt from the
 * seat view alone, the hunt's claimed status through the menu's second question.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { botGameOptions } from "../../firmware-sim/sim/bot-setup.js";
import { INPUT_BUCKET, SIGNAL_BUCKET } from "../../protocol/padding.js";
import { journalText, removeDir } from "../helpers/hub.js";
import { inputsAndSignalsByRole, recordNightTraffic, unlikeNights } from "./night-traffic.js";
import { simGameToEnd } from "./sim-cli.js";
import { type Harness, startTable, within } from "./sim-harness.js";

let h: Harness | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await h?.close();
  h = null;
});
afterAll(async () => {
  for (const d of dirs) await removeDir(d);
});

describe("a simulated hunt table", () => {
  it("HUNT-SETUP-01, HUNT-HUNT-02, HUNT-QUIET-01: twelve bot paddles play a hunt game over the broker to its end, hunts included", async () => {
    // Opening with the night, so that one night has every role in it: opening with a day,
    // the bots once voted the Boss out before any night (a 1.2 s game in CI).
    const fast = botGameOptions("hunt", 12);
    if (!fast.ok) throw new Error(fast.message);
    h = await startTable({
      paddles: 12,
      ruleset: "hunt",
      thinkMs: [10, 40],
      hostOptions: { ...fast.options, firstPhase: "night" },
    });
    const traffic = recordNightTraffic(h.hub, "t1");
    const end = await within(h.sim.finished, 150_000, h, "the end of the hunt game");

    expect(end.ruleset).toBe("hunt");
    expect(["town", "mafia", "maniac", "draw"]).toContain(end.winner);
    const keys = h.sim.entries.map((e) => e.key);
    expect(keys).toContain("night.start");
    expect(keys.at(-1)).toBe("game.end");
    for (const p of h.sim.paddles) expect(p.paddle.linkFaults).toBe(0);
    // HUNT-HUNT-02: applications reached the hub with a target and a claimed status, sent
    // through the paddles' menus (the option is the menu's second question).
    const journal = await journalText(h.hub);
    expect(journal).toMatch(/"action":"hunt","targets":\[\d+\],"option":"(mafia|maniac)"/);
    // HUNT-QUIET-01 with the bots' paddles (issue 28): every night, every living seat sent
    // as many inputs of the same sizes and got as many views, signals and texts of the same
    // sizes as every other, whatever its role.
    expect(traffic.nights.size).toBeGreaterThan(0);
    expect(unlikeNights(traffic, end.roles ?? {})).toEqual([]);
    // Per role, in so many words: two night answers of one size and two signals, the Boss's
    // block and shot like everyone else's one move and "nothing".
    const alike = `in:${INPUT_BUCKET} in:${INPUT_BUCKET} out:signal:${SIGNAL_BUCKET} out:signal:${SIGNAL_BUCKET}`;
    const byRole = inputsAndSignalsByRole(traffic, end.roles ?? {});
    expect(byRole.has("boss")).toBe(true);
    const unlike = [...byRole].flatMap(([role, nights]) =>
      [...nights].filter((seen) => !seen.endsWith(`: ${alike}`)).map((seen) => `${role} ${seen}`),
    );
    expect(unlike).toEqual([]);
  }, 180_000);

  it("npm start -- --sim 12 --ruleset hunt plays the game to its end", async () => {
    const end = await simGameToEnd("hunt", 12, 120_000, dirs);
    expect(end.seats).toHaveLength(12);
  }, 180_000);
});
