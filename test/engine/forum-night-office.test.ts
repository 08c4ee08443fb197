/**
 * The mafia's office on the pure modules (FORUM-BOSS-01..04, FORUM-OPEN-09). Seats
 * (DEFAULT_TABLE): 1 boss, 2 spy, 3 framer, 4 liar, 5 detective, 6 matchmaker, 7 guardian,
 * 8 bodyguard, 9..13 citizens.
 */
import { describe, expect, it } from "vitest";
import { seedRng } from "../../hub/engine/rng.js";
import { holdsOffice, passOffice } from "../../hub/engine/rulesets/forum/night/index.js";
import { NightTable } from "../helpers/forum-night.js";

const rng = () => seedRng("0123456789abcdef0123456789abcdef");

describe("FORUM-BOSS: the Mafiaboss and his office", () => {
  it("FORUM-BOSS-01: no ability but the murder, which only he sends, at night", () => {
    const t = new NightTable();
    expect(holdsOffice(t.night, 1)).toBe(true);
    expect(t.view().role("boss")?.night).toEqual([]);
    t.start(1);
    expect(t.offers(1).map((p) => p.action)).toEqual(["kill", "successor"]);
    expect(t.offers(3).map((p) => p.action)).toEqual(["frame"]);
  });

  it("FORUM-BOSS-02, FORUM-OPEN-09: he may hand the office to a mafioso; the new holder keeps his own", () => {
    const t = new NightTable().start(1);
    const successor = t.offers(1).find((p) => p.action === "successor");
    expect(successor).toMatchObject({ targets: [3, 4], options: ["heir", "handover"] });
    expect(t.act(1, "successor", [3])?.code).toBe("bad_option");
    expect(t.act(1, "successor", [3], "handover")).toBeNull();
    expect(holdsOffice(t.night, 3)).toBe(true);
    expect(t.offers(1)).toEqual([]); // a plain mafioso now: nothing at night
    expect(t.offers(3).map((p) => p.action)).toEqual(["frame", "kill", "successor"]);
    t.murder(3, 9);
    expect(t.dawn().report.deaths).toEqual([{ seat: 9, how: "murdered" }]);
    t.start(2); // the handover lasts until handed on again
    t.murder(1, 10); // refused: no longer his to send
    expect(t.night.murder).toBeNull();
    expect(holdsOffice(t.night, 3)).toBe(true);
    expect(t.act(1, "kill", [10])?.code).toBe("not_your_turn");
  });

  it("FORUM-BOSS-02, FORUM-OPEN-14: a murder sent before handing the office on goes with the office", () => {
    const t = new NightTable().start(1);
    t.murder(1, 9);
    t.act(1, "successor", [4], "handover");
    expect(t.dawn()).toMatchObject({ murder: "void", report: { deaths: [] } });
  });

  it("FORUM-BOSS-03: each night he may name or change his heir", () => {
    const t = new NightTable().start(1);
    expect(t.act(1, "successor", [3], "heir")).toBeNull();
    expect(t.act(1, "successor", [4], "heir")).toBeNull();
    expect(t.night.office).toEqual({ holder: 1, heir: 4 });
    t.dawn();
    t.start(2);
    expect(t.act(1, "successor", [3], "heir")).toBeNull();
    expect(t.night.office).toEqual({ holder: 1, heir: 3 });
  });

  it("FORUM-BOSS-04: when he dies his living heir takes over, even mid-night (the Terrorist)", () => {
    const t = new NightTable().start(1);
    t.act(1, "successor", [4], "heir");
    t.murder(1, 9);
    t.kill(1);
    expect(passOffice(t.view(), t.night, rng())).toBe(4);
    expect(t.offers(4).map((p) => p.action)).toEqual(["kill", "successor"]);
    // the dead holder's murder is void; the heir's counts (FORUM-OPEN-14)
    expect(t.dawn().report.deaths).toEqual([]);
  });
});

describe("FORUM-OPEN-09: succession", () => {
  it("FORUM-OPEN-09: a dead heir is skipped: a living mafioso other than the Spion is drawn by lot", () => {
    const t = new NightTable().start(1);
    t.act(1, "successor", [4], "heir");
    t.kill(4);
    t.kill(1);
    const r = rng();
    const before = [...r];
    expect(passOffice(t.view(), t.night, r)).toBe(3); // the only one left the boss knew
    expect(r).not.toEqual(before);
    expect(t.night.office).toEqual({ holder: 3, heir: null });
  });

  it("FORUM-OPEN-09: the lot is among the known mafiosi and replays from the generator", () => {
    const picks = new Set<number>();
    for (const seed of ["00", "11", "22", "33", "44", "55", "66", "77"]) {
      const t = new NightTable(["boss", "spy", "framer", "liar", "mafia", "citizen", "citizen"]);
      t.kill(1);
      const s = seedRng(seed.repeat(16));
      const again = seedRng(seed.repeat(16));
      const holder = passOffice(t.view(), t.night, s);
      picks.add(holder as number);
      const u = new NightTable(["boss", "spy", "framer", "liar", "mafia", "citizen", "citizen"]);
      u.kill(1);
      expect(passOffice(u.view(), u.night, again)).toBe(holder);
    }
    expect([...picks].every((p) => [3, 4, 5].includes(p))).toBe(true);
    expect(picks.size).toBeGreaterThan(1);
  });

  it("FORUM-OPEN-09: if only the Spion is left he becomes the holder; if no mafioso, nobody", () => {
    const t = new NightTable(["boss", "spy", "framer", "citizen", "citizen"]);
    t.kill(1);
    t.kill(3);
    expect(passOffice(t.view(), t.night, rng())).toBe(2);
    t.start(1);
    expect(t.offers(2).map((p) => p.action)).toEqual(["kill"]);
    t.kill(2);
    expect(passOffice(t.view(), t.night, rng())).toBeNull();
    expect(t.night.office.holder).toBeNull();
  });

  it("FORUM-OPEN-09: a living holder keeps the office and draws nothing", () => {
    const t = new NightTable();
    const r = rng();
    const before = [...r];
    expect(passOffice(t.view(), t.night, r)).toBeNull();
    expect(r).toEqual(before);
  });

  it("FORUM-OPEN-09 (b), option succession 'lotNoSpy': never the Spion; (c) 'none': no more murders", () => {
    const b = new NightTable(["boss", "spy", "framer", "citizen", "citizen"]);
    b.rules = { succession: "lotNoSpy" };
    b.kill(1);
    expect(passOffice(b.view(), b.night, rng())).toBe(3);
    b.kill(3);
    expect(passOffice(b.view(), b.night, rng())).toBeNull();
    expect(b.night.office.holder).toBeNull();
    expect(b.start(1).offers(2)).toEqual([]);
    const c = new NightTable(["boss", "spy", "framer", "citizen", "citizen"]);
    c.rules = { succession: "none" };
    c.start(1).act(1, "successor", [3], "heir");
    c.kill(1);
    expect(passOffice(c.view(), c.night, rng())).toBe(3); // a named heir still takes over
    c.kill(3);
    expect(passOffice(c.view(), c.night, rng())).toBeNull();
  });
});
