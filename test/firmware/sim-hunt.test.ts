/**
 * Twelve simulated paddles (the real firmware over mqtt.js, driven through their keys)
 * play a whole `hunt` game on the real hub to its end: what `npm start -- --sim 12
 * --ruleset hunt` runs, in process. The bots answer every prompt from the seat view alone,
 * the hunt's claimed status through the menu's second question.
 */
import { afterEach, describe, expect, it } from "vitest";
import { journalText } from "../helpers/hub.js";
import { type Harness, startTable, within } from "./sim-harness.js";

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe("a simulated hunt table", () => {
  it("HUNT-SETUP-01, HUNT-HUNT-02: twelve bot paddles play a hunt game over the broker to its end, hunts included", async () => {
    h = await startTable({ paddles: 12, ruleset: "hunt", thinkMs: [10, 40] });
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
  }, 180_000);
});
