/** Forum: the phase flow and the two clocks (RULES.md §4 TIMING, FORUM-OPEN-01/02). */
import { describe, expect, it } from "vitest";
import { createGame } from "../../hub/engine/index.js";
import { T0 } from "../helpers/engine-driver.js";
import { forumTable } from "../helpers/forum.js";

describe("forum flow", () => {
  it("FORUM-OPEN-02: status, then Day 1, Night 1, Day 2: each phase ends by its clock", () => {
    const d = forumTable();
    expect(d.state.step).toBe("status");
    d.pastStatus();
    expect([d.state.phase, d.state.round]).toEqual(["day", 1]);
    expect(d.state.clock.until).toBe(d.at + 300_000);
    d.allVote(13).endPhase();
    expect([d.state.phase, d.state.round]).toEqual(["night", 1]);
    expect(d.state.clock.until).toBe(d.at + 90_000);
    d.endPhase();
    expect([d.state.phase, d.state.round]).toEqual(["day", 2]);
  });

  it("accepts --ruleset forum with the default 13 seats", () => {
    const seats = Array.from({ length: 13 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
    const r = createGame({
      table: "t1",
      ruleset: "forum",
      seats,
      options: {},
      seed: "0".repeat(32),
      at: T0,
    });
    expect(r.ok).toBe(true);
  });
});
