/** Forum: the public lynch vote, the liar, inactivity (RULES.md §4 VOTE, LIAR, INACT, FORUM-OPEN-10/11). */
import { describe, expect, it } from "vitest";
import { FORUM_ROLES } from "../../hub/engine/rulesets/forum/roles/index.js";
import {
  BOSS,
  DETECTIVE,
  type ForumTable,
  FRAMER,
  forumTable,
  LIAR,
  SPY,
} from "../helpers/forum.js";

const day1 = (options: Record<string, unknown> = {}) => forumTable(options).pastStatus();
const entries = (d: ForumTable, key: string) => d.state.announcements.filter((a) => a.key === key);

/** 11 gets three votes, 12 two plain votes and the liar's; the rest spread one each. */
function liarScenario(d: ForumTable, liarOption?: string): ForumTable {
  for (const [v, t] of [
    [9, 11],
    [10, 11],
    [1, 11],
    [2, 12],
    [3, 12],
    [6, 7],
    [7, 8],
    [8, 6],
    [11, 9],
    [12, 10],
    [13, 13],
    [5, 5],
  ])
    d.vote(v as number, t as number);
  return d.vote(LIAR, 12, liarOption);
}

describe("forum vote", () => {
  it("FORUM-VOTE-01: every living player votes each day; the dead do not", () => {
    const d = day1();
    expect(d.pub.ballot).toHaveLength(13);
    d.allVote(13).endPhase().endPhase();
    expect(d.state.seats[12]?.alive).toBe(false);
    expect(d.pub.ballot).toHaveLength(12);
    expect(d.act(13, "vote", [1])?.code).toBe("not_in_game");
    expect(d.view(13).prompt).toBeNull();
  });

  it("FORUM-VOTE-02: a vote names any one living player", () => {
    const d = day1();
    expect(d.view(9).prompt).toMatchObject({ action: "vote", min: 1, max: 1 });
    expect(d.view(9).prompt?.targets).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(d.seat(9, { kind: "act", action: "vote", targets: [1, 2] })?.code).toBe(
      "bad_target_count",
    );
    expect(d.seat(9, { kind: "act", action: "vote", targets: [] })?.code).toBe("bad_target_count");
  });

  it("FORUM-VOTE-03: a player who does not vote votes for himself at the deadline", () => {
    const d = day1();
    for (let s = 1; s <= 10; s++) d.vote(s, 11);
    d.endPhase();
    expect(entries(d, "vote.default").map((e) => e.seats[0])).toEqual([11, 12, 13]);
    // 11: ten votes (the liar's −1 among them) and his own.
    expect(d.state.seats[10]?.out).toBe("voted");
  });

  it("FORUM-VOTE-04: a vote may be changed until the deadline; the last one counts; after it, none", () => {
    const d = day1();
    d.vote(9, 10).vote(9, 11).vote(9, 12);
    expect(d.pub.extras.votes).toEqual({ 9: 12 });
    d.tick(299_000).vote(9, 13);
    expect(d.pub.extras.votes).toEqual({ 9: 13 });
    d.endPhase();
    expect(d.state.phase).toBe("night");
    expect(d.act(9, "vote", [1])?.code).toBe("not_your_turn");
  });

  it("FORUM-VOTE-05: the single highest net total is lynched, the liar's −1 included", () => {
    const d = liarScenario(day1());
    expect(d.state.tally).toMatchObject({ 11: 3, 12: 3 }); // the public count: plain (FORUM-LIAR-04)
    d.endPhase();
    expect(entries(d, "vote.lynched").map((e) => e.seats)).toEqual([[11]]);
    expect(d.state.seats[10]).toMatchObject({ alive: false, out: "voted" });
  });

  it("FORUM-VOTE-06: a tie for the most votes lynches nobody", () => {
    const d = day1();
    for (let s = 1; s <= 13; s++) if (s !== LIAR) d.vote(s, s <= 7 ? 9 : 10);
    d.vote(LIAR, 11, "straight"); // 9: 6, 10: 6, 11: 1
    d.endPhase();
    expect(d.logKeys()).toContain("forum.vote.tie");
    expect(d.state.seats.every((s) => s.alive)).toBe(true);
  });

  it("FORUM-VOTE-07: every single vote is public with voter and target", () => {
    const d = day1();
    d.vote(9, 3).vote(LIAR, 5);
    expect(d.pub.extras.votes).toEqual({ 9: 3, [LIAR]: 5 });
    expect(entries(d, "vote.cast").map((e) => e.seats)).toEqual([
      [9, 3],
      [LIAR, 5],
    ]);
    expect(d.pub.waitingFor).not.toContain(9);
    d.vote(10, 3);
    expect(d.pub.voters).toEqual({ 3: [9, 10], 5: [LIAR] });
  });

  it("FORUM-LIAR-01: the liar belongs to the mafia", () => {
    const d = day1();
    expect(FORUM_ROLES.liar?.party).toBe("mafia");
    expect(d.view(BOSS).allies).toContain(LIAR);
    expect(d.view(LIAR).team).toBe("mafia");
  });

  it("FORUM-LIAR-02: the liar's vote counts −1 for the player he names", () => {
    const d = day1({ tally: "net" });
    d.vote(9, 12).vote(LIAR, 12);
    expect(d.state.tally).toEqual({ 12: 0 });
    const e = liarScenario(day1());
    e.endPhase();
    expect(entries(e, "vote.lynched")[0]?.seats).toEqual([11]); // without the −1, 12 would tie at 3
  });

  it('FORUM-LIAR-03: with option "straight" the liar\'s vote counts as a normal vote', () => {
    const d = liarScenario(day1(), "straight");
    expect(d.state.tally).toMatchObject({ 11: 3, 12: 3 });
    expect(d.view(LIAR).prompt?.options).toEqual(["straight"]);
    expect(d.view(9).prompt?.options).toEqual([]);
    expect(d.seat(9, { kind: "act", action: "vote", targets: [1], option: "straight" })?.code).toBe(
      "bad_option",
    );
    d.endPhase();
    expect(d.logKeys()).toContain("forum.vote.tie");
  });

  it("FORUM-OPEN-10: the liar's vote is shown like any other; his silent self-vote counts −1; the result names only the lynched", () => {
    const d = day1();
    d.vote(LIAR, 9);
    expect(entries(d, "vote.cast")[0]).toMatchObject({ seats: [LIAR, 9], params: {} });
    expect(JSON.stringify(d.pub)).not.toContain("straight");
    // (i): silent, he votes for himself at −1; two others name him: net 1, against 12's 2.
    const e = day1();
    e.vote(9, LIAR).vote(10, LIAR).vote(11, 12).vote(12, 12);
    for (const s of [1, 2, 3, 5, 6, 7, 8, 13]) e.vote(s, s);
    e.endPhase();
    expect(entries(e, "vote.lynched")[0]).toMatchObject({ seats: [12], params: {} });
    // (ii) and (b): the option turns it around, and signed votes show their weight.
    const f = day1({ liarDefaultVote: "plus", liarVoteShown: "signed" });
    f.vote(LIAR, 9);
    expect(entries(f, "vote.cast")[0]?.params).toEqual({ weight: -1 });
    f.vote(LIAR, 9, "straight");
    expect(entries(f, "vote.cast")[1]?.params).toEqual({ weight: 1 });
    // (ii) by option: his silent self-vote counts +1, here making a tie with 12.
    const p = day1({ liarDefaultVote: "plus" });
    p.vote(9, LIAR).vote(10, 12);
    for (const s of [1, 2, 3, 5, 6, 7, 8, 11, 12, 13]) p.vote(s, s);
    p.endPhase();
    expect(p.logKeys()).toContain("forum.vote.tie");
    // `tally: "net"` applies the −1 in the public tally (the catalog's reading), by option.
    const n = day1({ tally: "net" });
    n.vote(LIAR, 9);
    expect(n.state.tally).toEqual({ 9: -1 });
  });

  it("FORUM-LIAR-04: by default the public count does not unmask the liar: his vote counts +1 there, −1 only in the result", () => {
    const d = day1();
    d.vote(9, 12).vote(LIAR, 12);
    expect(d.state.tally).toEqual({ 12: 2 }); // as if anyone had voted
    expect(d.pub.tally).toEqual({ 12: 2 });
    expect(JSON.stringify(d.pub)).not.toContain("-1");
    const e = liarScenario(day1());
    e.endPhase();
    expect(entries(e, "vote.lynched")[0]?.seats).toEqual([11]); // the −1 still decides
  });

  it("FORUM-OPEN-11: oneself may be named; a vote for a player gone by the deadline is void and earns no warning; the gone player's vote is discarded", () => {
    const d = day1();
    d.vote(9, 9).vote(10, 13).vote(11, 13).vote(13, 12);
    expect(d.host({ cmd: "remove", seat: 13 })).toBeNull();
    expect(d.pub.extras.votes).toEqual({ 9: 9, 10: 13, 11: 13 });
    for (const s of [1, 2, 3, 4, 5, 6, 7, 8, 12]) d.vote(s, 9);
    d.endPhase();
    expect(entries(d, "vote.lynched")[0]?.seats).toEqual([9]);
    expect(entries(d, "warned")).toEqual([]);
  });

  it("FORUM-INACT-01: an inactive player gets a warning", () => {
    const d = day1();
    d.allVote(13);
    expect(d.host({ cmd: "warn", seat: 9 })).toBeNull();
    expect(entries(d, "warned")[0]).toMatchObject({
      seats: [9],
      params: { cause: "host", warnings: 1 },
    });
    expect(d.pub.extras.warnings).toEqual({ 9: 1 });
  });

  it("FORUM-INACT-02: warnings come for not voting, or from the host's judgement of too little play", () => {
    const d = day1();
    for (let s = 1; s <= 12; s++) d.vote(s, 11);
    d.endPhase(); // 13 was silent
    expect(entries(d, "warned")[0]).toMatchObject({ seats: [13], params: { cause: "novote" } });
    d.endPhase(); // night
    expect(d.host({ cmd: "warn", seat: 10 })).toBeNull(); // any phase
    expect(d.pub.extras.warnings).toEqual({ 13: 1, 10: 1 });
    expect(d.host({ cmd: "warn", seat: 11 })?.code).toBe("not_in_game");
  });

  it("FORUM-INACT-03: at three warnings the player is removed and disqualified", () => {
    const d = day1();
    d.host({ cmd: "warn", seat: 9 });
    d.host({ cmd: "warn", seat: 9 });
    expect(d.state.seats[8]?.alive).toBe(true);
    d.host({ cmd: "warn", seat: 9 });
    expect(d.state.seats[8]).toMatchObject({ alive: false, out: "disqualified" });
    expect(d.pub.extras.disqualified).toEqual([9]);
    expect(d.act(9, "vote", [1])?.code).toBe("not_in_game");
    const e = day1({ warningsToDisqualify: 1 });
    e.host({ cmd: "warn", seat: 10 });
    expect(e.state.seats[9]?.out).toBe("disqualified");
  });

  it("FORUM-INACT-04: a disqualified player's status and special role are published", () => {
    const d = day1({ revealOnDeath: "none" });
    for (let i = 0; i < 3; i++) d.host({ cmd: "warn", seat: DETECTIVE });
    expect(d.pub.seats[DETECTIVE - 1]?.role).toBe("detective");
    expect(entries(d, "status.shown")[0]).toMatchObject({
      seats: [DETECTIVE],
      params: { role: "detective" },
    });
  });

  it("FORUM-INACT-05: a player who does not vote gets both the self-vote and a warning", () => {
    const d = day1();
    for (let s = 1; s <= 12; s++) d.vote(s, s);
    d.endPhase();
    expect(entries(d, "vote.default").map((e) => e.seats)).toEqual([[13]]);
    expect(entries(d, "warned").map((e) => e.seats)).toEqual([[13]]);
    expect(d.state.tally[13]).toBe(1);
  });

  it("FORUM-DEAD-01: a dead player takes no part: no vote, no action, no warning", () => {
    const d = day1();
    d.host({ cmd: "remove", seat: 9 });
    const before = JSON.stringify(d.state);
    expect(d.act(9, "vote", [1])?.code).toBe("not_in_game");
    expect(d.act(9, "attack", [1])?.code).toBe("not_in_game");
    expect(d.host({ cmd: "warn", seat: 9 })?.code).toBe("not_in_game");
    expect(JSON.stringify(d.state)).toBe(before);
  });

  it("FORUM-DEAD-02: a dead player cannot take part through the table at all, so the opposing party's win is never needed; the host may end the round", () => {
    const d = day1();
    d.allVote(9).endPhase();
    expect(d.state.seats[8]?.alive).toBe(false);
    for (const action of ["vote", "kill", "check", "suspect"])
      expect(d.act(9, action, [1])?.code).toBe("not_in_game");
    expect(d.host({ cmd: "end" })).toBeNull();
    expect(d.state.phase).toBe("ended");
  });

  it("FORUM-PN-01: every input names what it is (its action), and only an offered action is taken", () => {
    const d = day1();
    expect(d.act(9, "lynch", [1])?.code).toBe("bad_action");
    expect(d.act(9, "vote", [1])).toBeNull();
  });

  it("FORUM-PN-02: an imprecise input is refused with a reason and changes nothing", () => {
    const d = day1();
    const before = JSON.stringify(d.state);
    expect(d.seat(9, { kind: "act", action: "vote", targets: [] })?.message).toMatch(/one player/);
    expect(d.seat(9, { kind: "act", action: "vote", targets: [14] })?.code).toBe("bad_target");
    expect(d.seat(9, { kind: "act", action: "vote", targets: [1], option: "maybe" })?.code).toBe(
      "bad_option",
    );
    expect(JSON.stringify(d.state)).toBe(before);
  });

  it("FORUM-COMM-01: the engine sets no speaking order: any living player acts at any time of the day", () => {
    const d = day1();
    expect(d.pub.speaker).toBeNull();
    for (const s of [13, 1, 7, 2]) d.vote(s, 5);
    expect(Object.keys(d.pub.extras.votes as object)).toHaveLength(4);
  });

  it("FORUM-COMM-02: a player may claim any status: nothing public shows a living player's role", () => {
    const d = day1();
    expect(d.pub.seats.every((s) => s.role === null)).toBe(true);
    expect(d.pub.roles).toBeNull();
  });

  it("FORUM-COMM-03: what the host tells a player is in that player's own view only", () => {
    const d = day1();
    const pub = JSON.stringify(d.pub);
    expect(pub).not.toContain("status.true");
    expect(d.view(9).results.some((r) => r.key === "status.true")).toBe(false);
    expect(d.view(DETECTIVE).results.some((r) => r.key === "status.true")).toBe(true);
  });

  it("FORUM-COMM-04: no view lets anyone see another's inbox: roles and results stay in their own seat's view", () => {
    const d = day1();
    for (const s of d.state.seats) {
      const v = d.view(s.seat);
      expect(v.role).toBe(s.role);
      // Nothing of another seat's role in this view but the allies a mafioso knows.
      const others = d.state.seats.filter((o) => o.seat !== s.seat && !v.allies.includes(o.seat));
      expect(Object.keys(v.allyRoles).every((k) => v.allies.includes(Number(k)))).toBe(true);
      expect(others.length).toBeGreaterThan(0);
    }
    expect(d.view(SPY).allyRoles).toEqual({});
    expect(d.view(9).allyRoles).toEqual({});
  });

  it("FORUM-COMM-05: breaking the conduct rules disqualifies (the host's remove: status published) and may end the round", () => {
    const d = day1({ revealOnDeath: "none" });
    d.host({ cmd: "remove", seat: FRAMER, reason: "posted a PN" });
    expect(d.state.seats[FRAMER - 1]).toMatchObject({ alive: false, out: "disqualified" });
    expect(d.pub.seats[FRAMER - 1]?.role).toBe("framer");
    expect(d.pub.extras.disqualified).toEqual([FRAMER]);
    expect(d.host({ cmd: "end" })).toBeNull();
  });
});
