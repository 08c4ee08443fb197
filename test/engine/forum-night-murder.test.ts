/**
 * The forum's murder and its protections on the pure modules (FORUM-KILL, FORUM-ANGEL,
 * FORUM-BG, FORUM-OPEN-07/08/13). Seats (DEFAULT_TABLE): 1 boss, 2 spy, 3 framer, 4 liar,
 * 5 detective, 6 matchmaker, 7 guardian, 8 bodyguard, 9..13 citizens.
 */
import { describe, expect, it } from "vitest";
import { FORUM_NIGHT_TABLE } from "../../hub/engine/rulesets/forum/night/index.js";
import { NightTable } from "../helpers/forum-night.js";

const nobody = (night: number) => ({ night, deaths: [], message: null });

describe("FORUM-KILL: the murder", () => {
  it("FORUM-KILL-01: the murder is optional: a night without one kills nobody", () => {
    const t = new NightTable().start(1);
    expect(t.offers(1).map((p) => p.action)).toEqual(["kill", "successor"]);
    const dawn = t.dawn();
    expect(dawn.report).toEqual(nobody(1));
    expect(dawn.murder).toBe("none");
  });

  it("FORUM-KILL-02: only the office holder sends it, during the night; no one else may", () => {
    const t = new NightTable();
    expect(t.act(1, "kill", [9])?.code).toBe("not_your_turn"); // no night open yet
    t.start(1);
    for (const seat of [2, 3, 4, 5, 9]) {
      expect(t.offers(seat).some((p) => p.action === "kill")).toBe(false);
      expect(t.act(seat, "kill", [10])?.code).toMatch(/bad_action|not_your_turn/);
    }
    expect(t.night.murder).toBeNull();
    expect(t.murder(1, 9)).toBeNull();
    expect(t.night.murder).toEqual({ by: 1, target: 9 });
  });

  it("FORUM-KILL-09: the office holder is not offered himself as the victim", () => {
    const t = new NightTable().start(1);
    const kill = t.offers(1).find((p) => p.action === "kill");
    expect(kill?.targets).not.toContain(1);
    expect(kill?.targets).toContain(2); // a fellow mafioso still is (FORUM-OPEN-13)
    expect(t.act(1, "kill", [1])?.code).toBe("bad_target");
  });

  it("FORUM-KILL-03, FORUM-KILL-04: at the night's end the victim is announced with the death message", () => {
    const t = new NightTable().start(1);
    t.murder(1, 10, "a text, or a link to a picture");
    t.murder(1, 9, "gone fishing"); // changed: the last one counts
    expect(t.seats[8]?.alive).toBe(true); // nothing happens before the end
    const dawn = t.dawn();
    expect(dawn.report).toEqual({
      night: 1,
      deaths: [{ seat: 9, how: "murdered" }],
      message: "gone fishing",
    });
    expect(dawn.murder).toBe("murdered");
  });

  it("FORUM-KILL-05, FORUM-OPEN-08: the Spion cannot be murdered; nobody dies, no reason given", () => {
    const t = new NightTable().start(1);
    t.murder(1, 2);
    const dawn = t.dawn();
    expect(dawn.report).toEqual(nobody(1));
    expect(dawn.murder).toBe("spy");
  });

  it("FORUM-KILL-06, FORUM-ANGEL-01: the Schutzengel's ward does not die, himself included", () => {
    const t = new NightTable().start(1);
    expect(t.offers(7)[0]?.targets).toContain(7);
    t.act(7, "protect", [9]);
    t.murder(1, 9);
    let dawn = t.dawn();
    expect(dawn.report).toEqual(nobody(1));
    expect(dawn.murder).toBe("protected");
    t.start(2).act(7, "protect", [7]);
    t.murder(1, 7);
    dawn = t.dawn();
    expect(dawn.report).toEqual(nobody(2));
  });

  it("FORUM-KILL-07, FORUM-BG-01: the Bodyguard dies instead of his ward; never guards himself", () => {
    const t = new NightTable().start(1);
    expect(t.offers(8)[0]?.targets).not.toContain(8);
    expect(t.act(8, "guard", [8])?.code).toBe("bad_target");
    t.act(8, "guard", [9]);
    t.murder(1, 9, "the river");
    const dawn = t.dawn();
    // FORUM-OPEN-08: the Bodyguard's death is announced, the death message is not published.
    expect(dawn.report).toEqual({
      night: 1,
      deaths: [{ seat: 8, how: "guarding" }],
      message: null,
    });
    expect(dawn.murder).toBe("guarded");
  });

  it("FORUM-KILL-08: without a death message by the night's end nobody is murdered", () => {
    const t = new NightTable().start(1);
    t.act(1, "kill", [9]);
    const dawn = t.dawn();
    expect(dawn.report).toEqual(nobody(1));
    expect(dawn.murder).toBe("no-message");
    expect(t.seats[8]?.alive).toBe(true);
  });
});

describe("FORUM-ANGEL, FORUM-BG: protections", () => {
  it("FORUM-ANGEL-02, FORUM-OPEN-13: not the same player two nights running; a skipped night breaks it", () => {
    const t = new NightTable().start(1);
    t.act(7, "protect", [9]);
    t.dawn();
    t.start(2);
    expect(t.offers(7)[0]?.targets).not.toContain(9);
    expect(t.act(7, "protect", [9])?.code).toBe("bad_target");
    t.act(7, "protect", [10]);
    t.dawn();
    t.start(3);
    expect(t.offers(7)[0]?.targets).toContain(9);
    t.dawn(); // night 3: no protection
    t.start(4);
    expect(t.offers(7)[0]?.targets).toContain(10);
  });

  it("FORUM-ANGEL-03, FORUM-BG-02: they guard against the murder only; nothing carries past the night", () => {
    const protections = FORUM_NIGHT_TABLE.flat().filter((e) => e.label === "protect");
    expect(protections.map((e) => (e.label === "protect" ? e.against : []))).toEqual([
      ["kill"],
      ["kill"],
      ["kill"],
    ]);
    const t = new NightTable().start(1);
    t.act(7, "protect", [9]);
    t.act(8, "guard", [10]);
    t.dawn();
    t.start(2);
    t.murder(1, 10);
    expect(t.dawn().report.deaths).toEqual([{ seat: 10, how: "murdered" }]);
  });

  it("FORUM-BG-01, FORUM-OPEN-13: the Bodyguard may guard the same player night after night", () => {
    const t = new NightTable().start(1);
    t.act(8, "guard", [9]);
    t.dawn();
    t.start(2);
    expect(t.act(8, "guard", [9])).toBeNull();
  });
});

describe("FORUM-OPEN-07: precedence of the murder's checks", () => {
  it("FORUM-OPEN-07 (1): the Spion first: guarded by the Bodyguard, nobody dies", () => {
    const t = new NightTable().start(1);
    t.act(8, "guard", [2]);
    t.murder(1, 2);
    expect(t.dawn()).toMatchObject({ report: nobody(1), murder: "spy" });
  });

  it("FORUM-OPEN-07 (2): the Schutzengel before the Bodyguard: both on the target, nobody dies", () => {
    const t = new NightTable().start(1);
    t.act(8, "guard", [9]);
    t.act(7, "protect", [9]);
    t.murder(1, 9);
    expect(t.dawn()).toMatchObject({ report: nobody(1), murder: "protected" });
  });

  it("FORUM-OPEN-07 (3): the Bodyguard dies instead unless the Schutzengel protects him", () => {
    const t = new NightTable().start(1);
    t.act(8, "guard", [9]);
    t.act(7, "protect", [8]);
    t.murder(1, 9);
    expect(t.dawn()).toMatchObject({ report: nobody(1), murder: "protected" });
  });

  it("FORUM-OPEN-07 (4): otherwise the target dies; the murdered Bodyguard's own ward is irrelevant", () => {
    const t = new NightTable().start(1);
    t.act(8, "guard", [9]);
    t.murder(1, 8);
    expect(t.dawn().report.deaths).toEqual([{ seat: 8, how: "murdered" }]);
  });
});

describe("FORUM-OPEN-13: the murder's targets", () => {
  it("FORUM-OPEN-13: any other living player, a fellow mafioso included; never a dead one", () => {
    const t = new NightTable();
    t.kill(11);
    t.start(1);
    expect(t.offers(1)[0]?.targets).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13]); // FORUM-KILL-09
    expect(t.act(1, "kill", [11])?.code).toBe("bad_target");
    t.murder(1, 3);
    expect(t.dawn().report.deaths).toEqual([{ seat: 3, how: "murdered" }]);
  });

  it("FORUM-OPEN-13, FORUM-OPEN-08: a target who died before the night's end is not murdered again", () => {
    const t = new NightTable().start(1);
    t.murder(1, 9);
    t.kill(9); // the Terrorist took him during the night
    expect(t.dawn()).toMatchObject({ report: nobody(1), murder: "void" });
  });
});
