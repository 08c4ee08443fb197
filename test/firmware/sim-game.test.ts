/**
 * Ten simulated paddles, each the real firmware over mqtt.js, on the real hub: bots play a
 * whole sport game to a winner, and a scenario forces a shootout, a provocation and a
 * peek removal on the way.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { parseScenario } from "../../firmware-sim/sim/script.js";
import { type Harness, startTable, within } from "./sim-harness.js";

const FORCED = parseScenario(
  readFileSync(
    new URL("../../firmware-sim/sim/scenarios/sport-forced.json", import.meta.url),
    "utf8",
  ),
);

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe("a simulated table", () => {
  it("plays a complete sport game to a winner, with a shootout, a provocation and a peek removal", async () => {
    // The table is told why a seat was removed (issue 24: by default only the console is),
    // so that the public log this test reads names each removal's cause.
    // A vote window of 2 s, not the fastest 1 s: the scenario's thumbs go down when it sees
    // the count reach its candidate. In a fresh-clone CI run at load 12 there was no
    // shootout (not traced: a vote that fell into the next window would do it; the lines the
    // test prints now would tell).
    h = await startTable({
      script: FORCED,
      hostOptions: { showRemovalCause: true, voteWindowSeconds: 2 },
    });
    const end = await within(h.sim.finished, 150_000, h, "the end of the game");
    expect(["town", "mafia"]).toContain(end.winner);
    const entries = h.sim.entries;
    const removed = (cause: string) =>
      entries.filter((e) => e.key === "removed" && e.params.cause === cause).map((e) => e.seats[0]);
    expect(entries.filter((e) => e.key === "shootout")[0]?.seats, h.lines.join("\n")).toEqual([
      5, 6,
    ]);
    expect(removed("provocation")).toEqual([10]);
    expect(removed("peeking"), h.lines.join("\n")).toEqual([7]);
    expect(entries.at(-1)?.key).toBe("game.end");
    // Every paddle got through the game with its link up and nothing left to send.
    for (const p of h.sim.paddles) {
      expect(p.paddle.linkState).toBe("up");
      expect(p.paddle.linkFaults).toBe(0);
    }
  }, 180_000);
});
