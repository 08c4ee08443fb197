/**
 * The bots are not sport's: on the app ruleset (secret votes by prompt, changeable until
 * everyone has voted, silent nights with decoys) eight bot paddles play a game over the
 * broker to its end, with nothing told about the ruleset but its name.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startTable, within } from "./sim-harness.js";

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe("a simulated app table of bots", () => {
  it("APP-NIGHT-01, APP-VOTE-01: eight bot paddles play an app game to its end", async () => {
    h = await startTable({ paddles: 8, ruleset: "app", thinkMs: [10, 40] });
    const end = await within(h.sim.finished, 150_000, h, "the end of the app game");
    expect(end.ruleset).toBe("app");
    expect(["town", "mafia", "draw"]).toContain(end.winner);
    const keys = h.sim.entries.map((e) => e.key);
    expect(keys[keys.indexOf("game.start") + 1]).toBe("night.start");
    expect(keys).toContain("vote.start");
    expect(keys.at(-1)).toBe("game.end");
  }, 180_000);
});
