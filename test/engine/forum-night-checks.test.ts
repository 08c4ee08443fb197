/**
 * The forum night's checks on the pure modules: the Detektiv, the Matchmaker, the Rufmörder
 * and the Spion; target rules (FORUM-OPEN-13) and results that resolve at the night's end
 * (FORUM-OPEN-14). Seats (DEFAULT_TABLE): 1 boss, 2 spy, 3 framer, 4 liar, 5 detective,
 * 6 matchmaker, 7 guardian, 8 bodyguard, 9..13 citizens.
 */
import { describe, expect, it } from "vitest";
import { NightTable } from "../helpers/forum-night.js";

const of = NightTable.of;
const living = (t: NightTable) => t.seats.filter((s) => s.alive).map((s) => s.seat);

describe("FORUM-DET: the Detektiv", () => {
  it("FORUM-DET-01, FORUM-OPEN-02: asks on even nights only (nights count from 1)", () => {
    const t = new NightTable().start(1);
    expect(t.offers(5)).toEqual([]);
    expect(t.act(5, "check", [1])?.code).toBe("not_your_turn");
    t.dawn();
    t.start(2);
    expect(t.offers(5).map((p) => p.action)).toEqual(["check"]);
    t.dawn();
    expect(t.start(3).offers(5)).toEqual([]);
    expect(
      t
        .start(4)
        .offers(5)
        .map((p) => p.action),
    ).toEqual(["check"]);
  });

  it("FORUM-DET-02, FORUM-OPEN-13: one other living player, changeable until the night ends", () => {
    const t = new NightTable();
    t.kill(9);
    t.start(2);
    const [prompt] = t.offers(5);
    expect(prompt).toMatchObject({
      action: "check",
      min: 1,
      max: 1,
      options: [],
      until: 1_000_000,
    });
    expect(prompt?.targets).toEqual(living(t).filter((s) => s !== 5));
    expect(t.act(5, "check", [5])?.code).toBe("bad_target");
    expect(t.act(5, "check", [9])?.code).toBe("bad_target");
    expect(t.act(5, "check", [1, 2])?.code).toBe("bad_target_count");
    expect(t.night.choices).toEqual({});
    expect(t.act(5, "check", [10])).toBeNull();
    expect(t.act(5, "check", [1])).toBeNull(); // the last answer counts
    expect(of(t.dawn(), 5)).toEqual([["forum.check.mafia", [1]]]);
  });

  it("FORUM-DET-03: the answer is 'is a mafioso' or 'is not a mafioso', at dawn, to him alone", () => {
    const t = new NightTable().start(2);
    t.act(5, "check", [2]); // the Spion is a mafioso too
    let dawn = t.dawn();
    expect(of(dawn, 5)).toEqual([["forum.check.mafia", [2]]]);
    expect(dawn.results.filter((r) => r.seat !== 5 && r.seat !== 2)).toEqual([]);
    t.start(4).act(5, "check", [9]);
    dawn = t.dawn();
    expect(of(dawn, 5)).toEqual([["forum.check.notMafia", [9]]]);
    expect(dawn.report).toEqual({ night: 4, deaths: [], message: null });
  });
});

describe("FORUM-MM: the Matchmaker", () => {
  it("FORUM-MM-01, FORUM-OPEN-13: odd nights, two different living players, himself allowed", () => {
    const t = new NightTable();
    t.kill(12);
    t.start(1);
    const [prompt] = t.offers(6);
    expect(prompt).toMatchObject({ action: "compare", min: 2, max: 2 });
    expect(prompt?.targets).toEqual(living(t));
    expect(t.act(6, "compare", [6, 6])?.code).toBe("bad_target");
    expect(t.act(6, "compare", [6])?.code).toBe("bad_target_count");
    expect(t.act(6, "compare", [6, 12])?.code).toBe("bad_target");
    expect(t.act(6, "compare", [6, 1])).toBeNull();
    t.dawn();
    expect(t.start(2).offers(6)).toEqual([]);
  });

  it("FORUM-MM-02: 'same party' or 'different parties', at dawn", () => {
    const t = new NightTable().start(1);
    t.act(6, "compare", [1, 2]);
    expect(of(t.dawn(), 6)).toEqual([["forum.compare.same", [1, 2]]]);
    t.start(3).act(6, "compare", [9, 1]);
    expect(of(t.dawn(), 6)).toEqual([["forum.compare.different", [9, 1]]]);
    t.start(5).act(6, "compare", [9, 10]);
    expect(of(t.dawn(), 6)).toEqual([["forum.compare.same", [9, 10]]]);
  });
});

describe("FORUM-RUF: the Rufmörder", () => {
  it("FORUM-RUF-01: frames one other living player each night; the last answer counts", () => {
    const t = new NightTable().start(1);
    expect(t.offers(3).map((p) => p.action)).toEqual(["frame"]);
    expect(t.offers(3)[0]?.targets).toEqual(living(t).filter((s) => s !== 3));
    expect(t.act(3, "frame", [3])?.code).toBe("bad_target");
    expect(t.act(3, "frame", [9])).toBeNull();
    expect(t.act(3, "frame", [10])).toBeNull();
    expect(t.night.choices["3"]).toEqual({ frame: [10] });
    t.dawn();
    expect(
      t
        .start(2)
        .offers(3)
        .map((p) => p.action),
    ).toEqual(["frame"]);
  });

  it("FORUM-RUF-02, FORUM-OPEN-12: a framed citizen counts as a mafioso in that night's checks", () => {
    const t = new NightTable().start(2);
    t.act(3, "frame", [9]);
    t.act(5, "check", [9]);
    expect(of(t.dawn(), 5)).toEqual([["forum.check.mafia", [9]]]);
    t.start(3);
    t.act(3, "frame", [9]);
    t.act(6, "compare", [9, 1]);
    expect(of(t.dawn(), 6)).toEqual([["forum.compare.same", [9, 1]]]);
    t.start(5);
    t.act(3, "frame", [9]);
    t.act(6, "compare", [9, 10]);
    expect(of(t.dawn(), 6)).toEqual([["forum.compare.different", [9, 10]]]);
  });

  it("FORUM-OPEN-12: framing a mafioso changes nothing (reading b, not an inversion); only that night", () => {
    const t = new NightTable().start(2);
    t.act(3, "frame", [2]);
    t.act(5, "check", [2]);
    expect(of(t.dawn(), 5)).toEqual([["forum.check.mafia", [2]]]);
    t.start(3).act(3, "frame", [9]); // framed on night 3 ...
    t.dawn();
    t.start(4).act(5, "check", [9]); // ... checked on night 4: the true answer
    expect(of(t.dawn(), 5)).toEqual([["forum.check.notMafia", [9]]]);
  });
});

describe("FORUM-OPEN-12 (a): option framing 'inverted'", () => {
  it("FORUM-OPEN-12 (a), FORUM-RUF-02: a check or comparison of the framed player is inverted", () => {
    const t = new NightTable();
    t.rules = { framing: "inverted" };
    t.start(2);
    t.act(3, "frame", [2]);
    t.act(5, "check", [2]); // the Spion, framed: "not a mafioso"
    expect(of(t.dawn(), 5)).toEqual([["forum.check.notMafia", [2]]]);
    t.start(3);
    t.act(3, "frame", [9]);
    t.act(6, "compare", [9, 10]);
    expect(of(t.dawn(), 6)).toEqual([["forum.compare.different", [9, 10]]]);
    t.start(4).act(5, "check", [9]); // not framed tonight: the truth
    expect(of(t.dawn(), 5)).toEqual([["forum.check.notMafia", [9]]]);
  });
});

describe("FORUM-SPY: the Spion", () => {
  it("FORUM-SPY-01: he is on no one's list and no one is on his; he cannot be named successor", () => {
    const t = new NightTable().start(1);
    expect(t.view().role("spy")).toMatchObject({
      team: "mafia",
      knowsTeam: false,
      knownToTeam: false,
    });
    expect(t.offers(1).find((p) => p.action === "successor")?.targets).toEqual([3, 4]);
    expect(t.act(1, "successor", [2], "heir")?.code).toBe("bad_target");
    expect(t.act(1, "successor", [9], "heir")?.code).toBe("bad_target"); // same refusal
  });

  it("FORUM-SPY-02: at dawn he learns whom the Detektiv and the Matchmaker asked, not the answers", () => {
    const t = new NightTable().start(1);
    t.act(6, "compare", [9, 1]);
    expect(of(t.dawn(), 2)).toEqual([["forum.spy.compare", [9, 1]]]);
    t.start(2).act(5, "check", [4]);
    expect(of(t.dawn(), 2)).toEqual([["forum.spy.check", [4]]]);
    t.start(3);
    expect(of(t.dawn(), 2)).toEqual([["forum.spy.none", []]]);
  });
});

describe("FORUM-OPEN-14: everything resolves at the night's end", () => {
  it("FORUM-OPEN-14: nothing is answered before the dawn; answers from the last choices only", () => {
    const t = new NightTable().start(2);
    t.act(5, "check", [9]);
    t.act(3, "frame", [10]);
    t.act(3, "frame", [9]); // frames 9 after the check was sent: still that night's check
    expect(t.night.choices["5"]).toEqual({ check: [9] });
    expect(of(t.dawn(), 5)).toEqual([["forum.check.mafia", [9]]]);
  });

  it("FORUM-OPEN-14: a querier murdered that night gets no answer, but the Spion still learns", () => {
    const t = new NightTable().start(2);
    t.act(5, "check", [9]);
    t.murder(1, 5);
    const dawn = t.dawn();
    expect(dawn.report.deaths).toEqual([{ seat: 5, how: "murdered" }]);
    expect(of(dawn, 5)).toEqual([]);
    expect(of(dawn, 2)).toEqual([["forum.spy.check", [9]]]);
  });

  it("FORUM-OPEN-14: a role holder killed by the Terrorist before the night ends has no action", () => {
    const t = new NightTable().start(1);
    t.act(6, "compare", [9, 1]);
    t.act(7, "protect", [9]);
    t.murder(1, 9);
    t.kill(6); // the Terrorist, during the night
    t.kill(7);
    expect(t.offers(6)).toEqual([]);
    expect(t.act(6, "compare", [9, 10])?.code).toBe("not_your_turn");
    const dawn = t.dawn();
    expect(dawn.results.filter((r) => r.seat === 6 || r.seat === 7)).toEqual([]);
    expect(of(dawn, 2)).toEqual([["forum.spy.none", []]]);
    expect(dawn.report.deaths).toEqual([{ seat: 9, how: "murdered" }]);
  });

  it("FORUM-OPEN-14: a Spion who died gets nothing; answers of a stale night are not used", () => {
    const t = new NightTable().start(2);
    t.act(5, "check", [9]);
    t.kill(2);
    expect(of(t.dawn(), 2)).toEqual([]);
    t.start(3);
    expect(t.night.choices).toEqual({});
    expect(of(t.dawn(), 5)).toEqual([]);
  });

  it("FORUM-OPEN-14: answers sent early (by day) are kept into the night; one whose target died since does not count", () => {
    const t = new NightTable().start(2); // opened by day for the coming night 2
    t.act(5, "check", [9]);
    t.act(7, "protect", [10]);
    t.murder(1, 10);
    t.kill(9); // lynched at the day's end
    t.start(2); // the night begins: the same night's answers stay
    expect(t.night.choices["7"]).toEqual({ protect: [10] });
    const dawn = t.dawn();
    expect(of(dawn, 5)).toEqual([]);
    expect(of(dawn, 2)).toEqual([["forum.spy.none", []]]);
    expect(dawn.report.deaths).toEqual([]); // the protection held
  });
});
