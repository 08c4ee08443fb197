/**
 * Two games in a row on the same paddles (the real firmware, with its screen, in the
 * simulator): at the second game's start no paddle's status line still shows something of
 * the first game, a private result (`N1 check.mafia 7`) above all. Seat 1 is built as the
 * device is (no texts: it reads the glance, over the firmware's own MQTT client), the rest
 * as phones and bots are (the whole public state).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { PublicState } from "../../protocol/views.js";
import { type Harness, startTable, within } from "./sim-harness.js";

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe("two games on one table of paddles", () => {
  it("starts the second game with no result of the first on any status line", async () => {
    h = await startTable({ games: 2, device: { seat: 1 } });
    const table = h;
    const first = await within(table.sim.finished, 150_000, table, "the end of the first game");
    expect(first.phase).toBe("ended");
    const secondStart = new Promise<PublicState>((resolve) => {
      const on = (s: PublicState) => {
        if (s.phase !== "night" || s.round !== 0) return;
        table.sim.events.off("state", on);
        resolve(s);
      };
      table.sim.events.on("state", on);
    });
    await within(secondStart, 90_000, table, "the second game's start");
    // Let the first night's views of the new game reach the paddles.
    await new Promise((r) => setTimeout(r, 500));
    for (const p of table.sim.paddles) {
      const status = p.hal.screen[3] ?? "";
      expect(status, `seat ${p.seat}: ${p.hal.screen.join(" | ")}`).not.toMatch(/^N\d+ /);
      expect(p.hal.screen.join("\n")).not.toMatch(/end: /);
    }
  }, 300_000);
});
