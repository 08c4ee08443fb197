/**
 * The forum's texts as pure functions (hub/engine/rulesets/forum/text/): wills, ads under
 * pseudonyms, the paper, the death message. Seats 1..6; seat 1 holds the boss's office.
 */
import { describe, expect, it } from "vitest";
import {
  applyTextInput,
  deathMessage,
  emptyTextState,
  printPaper,
  publicTextOf,
  publishDeathMessage,
  seatTextOf,
  type TextContext,
  type TextState,
  willAtDeath,
} from "../../hub/engine/rulesets/forum/text/index.js";
import type { TextAction } from "../../protocol/index.js";

class Texts {
  text: TextState = emptyTextState();
  seats = Array.from({ length: 6 }, (_, i) => ({ seat: i + 1, alive: true }));
  night = 1;
  office = 1;

  ctx(): TextContext {
    return {
      seats: this.seats,
      adLimit: 5,
      night: this.night,
      holdsOffice: (s) => s === this.office,
    };
  }

  send(seat: number, action: TextAction) {
    const before = JSON.stringify(this.text);
    const r = applyTextInput(this.text, this.ctx(), seat, action);
    if (r) expect(JSON.stringify(this.text), "a refusal changes nothing").toBe(before);
    return r;
  }

  will(seat: number, text: string, to: number[] | null = null) {
    return this.send(seat, { kind: "will", text, to });
  }

  ad(seat: number, pseudonym: string, text: string) {
    return this.send(seat, { kind: "ad", pseudonym, text });
  }

  die(seat: number) {
    (this.seats[seat - 1] as { alive: boolean }).alive = false;
    return willAtDeath(this.text, this.ctx(), seat);
  }

  mine(seat: number) {
    return seatTextOf(this.text, this.ctx(), seat);
  }
}

describe("FORUM-WILL: the will", () => {
  it("FORUM-WILL-01: every player may leave a will; it stays with him (and the host) until his death", () => {
    const t = new Texts();
    expect(t.will(3, "Seat 5 is the boss.")).toBeNull();
    expect(t.mine(3).will).toEqual({ text: "Seat 5 is the boss.", to: null });
    expect(t.mine(4).will).toBeNull();
    expect(publicTextOf(t.text).wills).toEqual([]);
  });

  it("FORUM-WILL-02: at death it is published, or sent only to the seats its author chose", () => {
    const t = new Texts();
    t.will(3, "public words");
    t.will(4, "for 2 and 6 only", [2, 6]);
    expect(t.die(3)).toEqual({ kind: "published", text: "public words" });
    expect(publicTextOf(t.text).wills).toEqual([{ seat: 3, text: "public words" }]);
    expect(t.die(4)).toEqual({ kind: "sent", to: [2, 6] });
    expect(publicTextOf(t.text).wills).toHaveLength(1);
    expect(t.mine(2).received).toEqual([{ from: 4, text: "for 2 and 6 only" }]);
    expect(t.mine(6).received).toEqual([{ from: 4, text: "for 2 and 6 only" }]);
    expect(t.mine(5).received).toEqual([]);
    expect(t.mine(3).received).toEqual([]);
  });

  it("FORUM-WILL-02: a recipient dead by then gets nothing; a dead seat cannot be named; nor oneself", () => {
    const t = new Texts();
    t.will(4, "for 2 and 6", [2, 6]);
    t.die(6);
    expect(t.die(4)).toEqual({ kind: "sent", to: [2] });
    expect(t.mine(6).received).toEqual([]);
    expect(t.will(5, "x", [6])?.code).toBe("bad_target");
    expect(t.will(5, "x", [5])?.code).toBe("bad_target");
  });

  it("FORUM-WILL-03: changed as often as wanted (the last counts) and withdrawn by an empty text", () => {
    const t = new Texts();
    t.will(3, "first");
    t.will(3, "second", [1]);
    expect(t.mine(3).will).toEqual({ text: "second", to: [1] });
    t.will(3, "");
    expect(t.mine(3).will).toBeNull();
    expect(t.die(3)).toEqual({ kind: "none" });
    expect(publicTextOf(t.text).wills).toEqual([]);
    expect(t.mine(1).received).toEqual([]);
  });

  it("FORUM-WILL-04: a will may carry anything that helps the author's party, verbatim", () => {
    const t = new Texts();
    const text = "I checked 5: MAFIA. Vote 5 tomorrow!\n— your detective";
    t.will(3, text);
    t.die(3);
    expect(publicTextOf(t.text).wills[0]?.text).toBe(text);
  });

  it("FORUM-DEAD-01: the dead write no will, ad, handover or message", () => {
    const t = new Texts();
    t.ad(1, "Raven", "hello");
    t.die(1);
    expect(t.will(1, "late")?.code).toBe("not_in_game");
    expect(t.ad(1, "Raven", "late")?.code).toBe("not_in_game");
    expect(t.send(1, { kind: "pseudonym", pseudonym: "Raven", to: 2 })?.code).toBe("not_in_game");
    expect(t.send(1, { kind: "message", text: "late" })?.code).toBe("not_in_game");
  });
});

describe("FORUM-NEWS: the newspaper", () => {
  it("FORUM-NEWS-01: a paper comes out at the end of every day and night, empty if nobody wrote", () => {
    const t = new Texts();
    t.ad(2, "Raven", "first ad");
    expect(publicTextOf(t.text).papers).toEqual([]); // nothing before the paper
    printPaper(t.text, "day", 1);
    printPaper(t.text, "night", 1);
    t.ad(3, "Owl", "second ad");
    printPaper(t.text, "day", 2);
    expect(publicTextOf(t.text).papers).toEqual([
      { edition: 1, phase: "day", round: 1, ads: [{ pseudonym: "Raven", text: "first ad" }] },
      { edition: 2, phase: "night", round: 1, ads: [] },
      { edition: 3, phase: "day", round: 2, ads: [{ pseudonym: "Owl", text: "second ad" }] },
    ]);
  });

  it("FORUM-NEWS-02: every player may place anonymous ads: the paper shows pseudonym and text only", () => {
    const t = new Texts();
    for (const s of [1, 2, 3, 4, 5, 6]) expect(t.ad(s, `P${s}`, `ad of ${s}`)).toBeNull();
    const json = JSON.stringify(publicTextOf(t.text));
    printPaper(t.text, "day", 1);
    const paper = publicTextOf(t.text).papers[0];
    expect(paper?.ads).toHaveLength(6);
    for (const ad of paper?.ads ?? [])
      expect(Object.keys(ad).sort()).toEqual(["pseudonym", "text"]);
    expect(json).not.toMatch(/"by"|owner/);
  });

  it("FORUM-NEWS-03: a pseudonym is chosen per ad and may be reused by its holder", () => {
    const t = new Texts();
    t.ad(2, "Raven", "one");
    t.ad(2, "raven", "two"); // the same pseudonym, whatever the case
    t.ad(2, "Owl", "three");
    expect(t.mine(2).pseudonyms).toEqual(["Raven", "Owl"]);
    printPaper(t.text, "day", 1);
    expect(publicTextOf(t.text).papers[0]?.ads.map((a) => a.pseudonym)).toEqual([
      "Raven",
      "Raven",
      "Owl",
    ]);
  });

  it("FORUM-NEWS-04: a pseudonym is used by one player at a time: another is refused, nothing said of whom", () => {
    const t = new Texts();
    t.ad(2, "Raven", "mine");
    const r = t.ad(3, "RAVEN", "stolen?");
    expect(r?.code).toBe("pseudonym_taken");
    expect(r?.message).not.toMatch(/2/);
    expect(t.mine(3).adsLeft).toBe(5); // a refused ad costs nothing
  });

  it("FORUM-NEWS-05: the holder hands a pseudonym to another player at any time; then only that one may use it", () => {
    const t = new Texts();
    t.ad(2, "Raven", "from 2");
    expect(t.send(3, { kind: "pseudonym", pseudonym: "Raven", to: 4 })?.code).toBe("not_owner");
    expect(t.send(2, { kind: "pseudonym", pseudonym: "Nobody", to: 4 })?.code).toBe("not_owner");
    expect(t.send(2, { kind: "pseudonym", pseudonym: "raven", to: 4 })).toBeNull();
    expect(t.mine(2).pseudonyms).toEqual([]);
    expect(t.mine(4).pseudonyms).toEqual(["Raven"]);
    expect(t.ad(2, "Raven", "again from 2")?.code).toBe("pseudonym_taken");
    expect(t.ad(4, "Raven", "from 4")).toBeNull();
    printPaper(t.text, "night", 1);
    expect(publicTextOf(t.text).papers[0]?.ads).toEqual([
      { pseudonym: "Raven", text: "from 2" },
      { pseudonym: "Raven", text: "from 4" },
    ]);
    expect(t.mine(4).pending).toEqual([]);
  });

  it("FORUM-NEWS-06: pseudonyms are not revealed when their holder dies", () => {
    const t = new Texts();
    t.ad(2, "Raven", "before");
    t.will(2, "my will");
    t.die(2);
    printPaper(t.text, "day", 1);
    const pub = JSON.stringify(publicTextOf(t.text));
    expect(pub).toContain("before");
    expect(pub).not.toMatch(/"seat":2,"text":"before"|"by"|owner/);
    for (const s of [1, 3, 4, 5, 6]) expect(t.mine(s).pseudonyms).toEqual([]);
  });

  it("FORUM-NEWS-07, FORUM-OPEN-15: at most 5 ads a player in the game, counted against who places them", () => {
    const t = new Texts();
    for (let i = 1; i <= 5; i++) expect(t.ad(2, "Raven", `ad ${i}`)).toBeNull();
    expect(t.mine(2).adsLeft).toBe(0);
    expect(t.ad(2, "Owl", "sixth")?.code).toBe("ad_limit");
    printPaper(t.text, "day", 1);
    expect(t.ad(2, "Raven", "next day")?.code).toBe("ad_limit"); // per game, not per day
    // The handed-over pseudonym carries no count: its new holder places his own five.
    t.send(2, { kind: "pseudonym", pseudonym: "Raven", to: 3 });
    for (let i = 1; i <= 5; i++) expect(t.ad(3, "Raven", `3's ${i}`)).toBeNull();
    expect(t.ad(3, "Raven", "3's sixth")?.code).toBe("ad_limit");
  });

  it("FORUM-OPEN-15: only living players place ads, and a pseudonym goes only to a living player", () => {
    const t = new Texts();
    t.ad(2, "Raven", "x");
    t.die(5);
    expect(t.send(2, { kind: "pseudonym", pseudonym: "Raven", to: 5 })?.code).toBe("bad_target");
    expect(t.send(2, { kind: "pseudonym", pseudonym: "Raven", to: 2 })?.code).toBe("bad_target");
    expect(t.ad(5, "Dead", "x")?.code).toBe("not_in_game");
    expect(t.mine(5).adsLeft).toBe(0);
  });
});

describe("FORUM-KILL-03/08: the death message", () => {
  it("FORUM-KILL-02, FORUM-QUIET-02: only the office holder writes it; anyone else's is a decoy, never a death message", () => {
    const t = new Texts();
    expect(t.send(2, { kind: "message", text: "x" })).toBeNull();
    expect(deathMessage(t.text, 1, 2)).toBeNull();
    expect(t.mine(2)).toMatchObject({ mayMessage: false, message: "x" }); // shown back to him only
    expect(t.mine(1)).toMatchObject({ mayMessage: true, message: null });
  });

  it("FORUM-KILL-08: deathMessage is the last one the sender wrote for that night, null if none or taken back", () => {
    const t = new Texts();
    expect(deathMessage(t.text, 1, 1)).toBeNull();
    t.send(1, { kind: "message", text: "draft" });
    t.send(1, { kind: "message", text: "In the river." });
    expect(deathMessage(t.text, 1, 1)).toBe("In the river.");
    expect(deathMessage(t.text, 2, 1)).toBeNull(); // another night's
    expect(t.mine(1).message).toBe("In the river.");
    t.send(1, { kind: "message", text: "" });
    expect(deathMessage(t.text, 1, 1)).toBeNull();
  });

  it("FORUM-KILL-03: published with the murder only when forum/night/ says its victim died", () => {
    const t = new Texts();
    t.send(1, { kind: "message", text: "In the river." });
    expect(publicTextOf(t.text).messages).toEqual([]);
    expect(publishDeathMessage(t.text, 1, 1, 4)).toBe("In the river.");
    expect(publicTextOf(t.text).messages).toEqual([{ night: 1, victim: 4, text: "In the river." }]);
  });
});
