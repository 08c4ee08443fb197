/**
 * The forum night against the Terrorist's attack, which kills at once in any phase
 * (FORUM-TERR-01): protections do not stop it (FORUM-ANGEL-03, FORUM-BG-02), a role holder
 * it kills during the night has no night action (FORUM-OPEN-14), and a boss it kills hands
 * the office on at once (FORUM-BOSS-04). Deal: boss 1, spy 2, framer 3, terrorist 4,
 * detective 5, matchmaker 6, guardian 7, bodyguard 8, citizens 9..13.
 */
import { describe, expect, it } from "vitest";
import { FORUM_DEAL, type ForumTable, forumTable } from "../helpers/forum.js";
import { actOn as act, nightResults } from "../helpers/forum-night.js";

const TERRORIST = 4;
const DEAL = FORUM_DEAL.map((r, i) => (i === TERRORIST - 1 ? "terrorist" : r));

function night1(): ForumTable {
  const options = { firstPhase: "night", roles: ["bodyguard", "framer", "terrorist"] };
  return forumTable(options, DEAL).pastStatus();
}

const alive = (d: ForumTable, seat: number) => d.state.seats[seat - 1]?.alive;
describe("FORUM night and the Terrorist", () => {
  it("FORUM-ANGEL-03, FORUM-BG-02: the Schutzengel and the Bodyguard do not stop the attack", () => {
    const d = night1();
    expect(act(d, 7, "protect", [9])).toBeNull();
    expect(act(d, 8, "guard", [9])).toBeNull();
    expect(act(d, TERRORIST, "attack", [9])).toBeNull();
    expect([alive(d, 9), alive(d, TERRORIST)]).toEqual([false, false]);
    d.expire();
    expect(alive(d, 8)).toBe(true); // the Bodyguard did not die for him either
    expect(d.state.announcements.map((a) => a.key)).toContain("forum.night.quiet");
  });

  it("FORUM-TERR-05: an accepted attack is acknowledged to the terrorist like any accepted act", () => {
    const d = night1();
    const from = d.effects.length;
    expect(act(d, TERRORIST, "attack", [9])).toBeNull();
    expect(d.effects.slice(from)).toContainEqual({
      type: "signal",
      seat: TERRORIST,
      signal: { haptic: "short" },
    });
  });

  it("FORUM-OPEN-14: a role holder the Terrorist kills during the night has no night action", () => {
    const d = night1();
    expect(act(d, 6, "compare", [1, 9])).toBeNull();
    expect(act(d, TERRORIST, "attack", [6])).toBeNull();
    expect(act(d, 6, "compare", [1, 10])?.code).toBe("not_in_game");
    d.expire();
    expect(nightResults(d, 6)).toEqual([]);
    expect(nightResults(d, 2)).toEqual([{ night: 1, key: "forum.spy.none", seats: [] }]);
  });

  it("FORUM-BOSS-04, FORUM-OPEN-09: the boss killed mid-night hands the office to his heir at once", () => {
    const d = night1();
    expect(act(d, 1, "successor", [3], "heir")).toBeNull();
    expect(act(d, TERRORIST, "attack", [1])).toBeNull();
    expect(d.state.phase).toBe("night");
    // No `successor`: no other mafioso he knows is left to name.
    expect(d.view(3).offers?.map((p) => p.action)).toEqual(["frame", "kill"]);
    expect(nightResults(d, 3)).toEqual([{ night: 1, key: "forum.office", seats: [3] }]);
    expect(act(d, 3, "kill", [9])).toBeNull();
  });

  it("FORUM-OPEN-09: with the heir dead too, the office goes to the Spion when no other mafioso is left", () => {
    const d = night1();
    expect(act(d, TERRORIST, "attack", [3])).toBeNull(); // the framer and the terrorist die
    d.expire();
    d.allVote(1).expire(); // Day 1: the boss is lynched; only the Spion is left of the mafia
    expect(alive(d, 1)).toBe(false);
    expect(d.state.phase).toBe("night");
    expect(d.view(2).offers?.map((p) => p.action)).toEqual(["kill"]);
    expect(nightResults(d, 2).filter((r) => r.key === "forum.office")).toEqual([
      { night: 2, key: "forum.office", seats: [2] },
    ]);
  });
});
