/** Forum: the terrorist, the insider, the wins and what a death shows (RULES.md §4 TERR, INS, WIN, FORUM-OPEN-06/16/17). */
import { describe, expect, it } from "vitest";
import { FORUM_DEAL, ForumTable, forumTable } from "../helpers/forum.js";

/** Boss 1, spy 2, terrorist 3, insider 4, detective 5, matchmaker 6, guardian 7, citizens 8..13. */
const TI_DEAL = [
  "boss",
  "spy",
  "terrorist",
  "insider",
  "detective",
  "matchmaker",
  "guardian",
  ...Array(6).fill("citizen"),
];
const TERRORIST = 3;
const INSIDER = 4;
const DETECTIVE = 5;
const MATCHMAKER = 6;
const ti = (options: Record<string, unknown> = {}) =>
  forumTable({ roles: ["terrorist", "insider"], ...options }, TI_DEAL).pastStatus();
const entries = (d: ForumTable, key: string) => d.state.announcements.filter((a) => a.key === key);
const remove = (d: ForumTable, ...seats: number[]) => {
  for (const seat of seats) expect(d.host({ cmd: "remove", seat })).toBeNull();
  return d;
};

describe("forum terrorist and insider", () => {
  it("FORUM-TERR-01: in any phase the terrorist attacks another player; both are dead at once, so only once", () => {
    const d = ti();
    expect(d.view(TERRORIST).offers?.map((p) => p.action)).toEqual(["vote", "attack"]);
    expect(d.act(TERRORIST, "attack", [TERRORIST])?.code).toBe("bad_target");
    expect(d.act(TERRORIST, "attack", [9])).toBeNull();
    expect(d.state.seats[TERRORIST - 1]).toMatchObject({ alive: false, out: "attacked" });
    expect(d.state.seats[8]).toMatchObject({ alive: false, out: "attacked" });
    expect(d.act(TERRORIST, "attack", [10])?.code).toBe("not_in_game");
    const n = ti().endPhase();
    expect(n.state.phase).toBe("night");
    expect(n.view(TERRORIST).prompt?.action).toBe("attack");
    expect(n.act(TERRORIST, "attack", [10])).toBeNull();
    expect(n.state.seats[9]?.alive).toBe(false);
    expect(n.state.phase).toBe("night");
  });

  it("FORUM-TERR-02: the attack is announced at once, naming the terrorist and his victim", () => {
    const d = ti();
    d.act(TERRORIST, "attack", [11]);
    expect(entries(d, "terror.attack")[0]?.seats).toEqual([TERRORIST, 11]);
    expect(d.pub.seats[10]?.alive).toBe(false);
    expect(d.view(11).alive).toBe(false);
  });

  it("FORUM-TERR-03: in the day's last 30 minutes (calendar) or last terrorBlackoutSeconds (table) he stays inactive", () => {
    const d = ti({ terrorBlackoutSeconds: 60 });
    const until = d.state.clock.until as number;
    d.at = until - 60_000;
    const r = d.act(TERRORIST, "attack", [9]);
    expect(r?.code).toBe("wrong_step");
    expect(r?.message).toMatch(/FORUM-TERR-03/);
    // The blackout's start is a deadline of its own: the view drops the attack by itself.
    const e = ti({ terrorBlackoutSeconds: 60 });
    e.at = (e.state.clock.until as number) - 60_000;
    e.ok({ type: "timer", at: e.at });
    expect(e.state.step).toBe("day");
    expect(e.view(TERRORIST).offers?.map((p) => p.action)).toEqual(["vote"]);
    const c = new ForumTable({
      ruleset: "forum",
      seats: 13,
      options: { clock: "calendar", roles: ["terrorist", "insider"] },
    });
    c.at = Date.UTC(2026, 5, 1, 10, 0); // 12:00 in Berlin (CEST)
    c.start(TI_DEAL).pastStatus();
    c.at = Date.UTC(2026, 5, 1, 17, 30); // 19:30
    expect(c.act(TERRORIST, "attack", [9])?.code).toBe("wrong_step");
    c.at = Date.UTC(2026, 5, 1, 17, 29); // 19:29: still allowed (time as the hub stamps it)
    expect(c.act(TERRORIST, "attack", [9])).toBeNull();
  });

  it("FORUM-TERR-04: no protection and no spy immunity stops the attack", () => {
    const d = ti().endPhase();
    d.act(TERRORIST, "attack", [2]);
    expect(d.state.seats[1]).toMatchObject({ alive: false, out: "attacked" });
  });

  it("FORUM-INS-01: each day the insider may name one player he suspects of being the detective", () => {
    const d = ti();
    expect(d.view(INSIDER).offers?.map((p) => p.action)).toEqual(["vote", "suspect"]);
    expect(d.act(INSIDER, "suspect", [9])).toBeNull();
    expect(d.act(INSIDER, "suspect", [DETECTIVE])?.code).toBe("already_acted");
    d.endPhase();
    expect(d.act(INSIDER, "suspect", [DETECTIVE])?.code).toBe("not_your_turn");
    d.endPhase();
    expect(d.act(INSIDER, "suspect", [DETECTIVE])).toBeNull();
    expect(d.act(9, "suspect", [DETECTIVE])?.code).toBe("not_your_turn");
  });

  it("FORUM-INS-02: only the real detective is a hit, and only a hit is answered, privately", () => {
    const d = ti();
    d.act(INSIDER, "suspect", [MATCHMAKER]);
    expect(d.view(INSIDER).results.filter((r) => r.key === "insider.hit")).toEqual([]);
    d.endPhase().endPhase();
    d.act(INSIDER, "suspect", [DETECTIVE]);
    expect(d.view(INSIDER).results.at(-1)).toEqual({
      night: 2,
      key: "insider.hit",
      seats: [DETECTIVE],
    });
    expect(JSON.stringify(d.pub)).not.toContain("insider.hit");
    for (const s of [1, DETECTIVE, 9])
      expect(d.view(s).results.some((r) => r.key === "insider.hit")).toBe(false);
  });

  it("FORUM-OPEN-17: one guess a day, answered at once on a hit only; a dead detective cannot be found", () => {
    const d = ti();
    const before = d.view(INSIDER).results.length;
    d.act(INSIDER, "suspect", [DETECTIVE]);
    expect(d.view(INSIDER).results.length).toBe(before + 1); // at once, no waiting for the night
    const e = ti();
    e.act(TERRORIST, "attack", [DETECTIVE]);
    expect(e.view(INSIDER).offers?.find((p) => p.action === "suspect")?.targets).not.toContain(
      DETECTIVE,
    );
    expect(e.act(INSIDER, "suspect", [DETECTIVE])?.code).toBe("bad_target");
  });
});

describe("forum wins", () => {
  it("FORUM-WIN-01: the citizens win as soon as all mafiosi are dead", () => {
    const d = forumTable().pastStatus();
    remove(d, 1, 2, 3);
    expect(d.state.winner).toBeNull();
    remove(d, 4);
    expect(d.state.winner).toBe("town");
  });

  it("FORUM-WIN-02: the mafia wins as soon as there are fewer citizens than mafiosi", () => {
    const d = forumTable().pastStatus();
    remove(d, 5, 6, 7, 8, 9);
    expect(d.state.winner).toBeNull();
    remove(d, 10);
    expect(d.state.winner).toBe("mafia");
  });

  it("FORUM-WIN-03: every member of the winning party wins, dead or alive", () => {
    const d = forumTable().pastStatus();
    d.allVote(1).endPhase(); // the boss is lynched
    remove(d, 5, 6, 7, 8, 9, 10, 11);
    expect(d.state.winner).toBe("mafia");
    expect(d.pub.extras.credited).toEqual([1, 2, 3, 4]);
  });

  it("FORUM-WIN-04: equal numbers of citizens and mafiosi do not end the game", () => {
    const d = forumTable().pastStatus();
    remove(d, 5, 6, 7, 8, 9);
    expect(d.state.seats.filter((s) => s.alive && s.team === "town")).toHaveLength(4);
    expect(d.state.phase).toBe("day");
  });

  it("FORUM-WIN-05: the win is checked at once after every death; the spy and the liar count as mafiosi", () => {
    const d = forumTable().pastStatus();
    remove(d, 1, 3);
    expect(d.state.winner).toBeNull(); // the spy and the liar are still mafia
    d.allVote(2).endPhase();
    expect(d.state.winner).toBeNull();
    d.host({ cmd: "remove", seat: 4 });
    expect([d.state.phase, d.state.winner]).toEqual(["ended", "town"]);
  });

  it("FORUM-OPEN-16: both parties wiped out at once is a draw (by option the mafia's or the town's); the disqualified are not credited", () => {
    const deal = ["boss", "spy", "terrorist", "detective", "matchmaker", "guardian", "citizen"];
    const game = (bothWipedOut?: string) => {
      const d = forumTable(
        { mafia: 3, roles: ["terrorist"], ...(bothWipedOut ? { bothWipedOut } : {}) },
        deal,
      ).pastStatus();
      remove(d, 1, 2, 4, 5, 6);
      expect(d.state.phase).toBe("day"); // 1 : 1
      expect(d.act(3, "attack", [7])).toBeNull();
      return d;
    };
    expect(game().state.winner).toBe("draw");
    expect(game().pub.extras.credited).toEqual([]);
    expect(game("mafia").state.winner).toBe("mafia");
    expect(game("mafia").pub.extras.credited).toEqual([3]); // boss and spy were disqualified
    expect(game("town").state.winner).toBe("town");
  });

  it("FORUM-OPEN-06: a death shows party and role by default; by option nothing, or the party only", () => {
    const lynch = (options: Record<string, unknown>) => {
      const d = forumTable(options).pastStatus();
      d.allVote(3).endPhase();
      return d;
    };
    expect(lynch({}).pub.seats[2]?.role).toBe("framer");
    expect(lynch({ revealOnDeath: "none" }).pub.seats[2]?.role).toBeNull();
    expect(lynch({ revealOnDeath: "none" }).logKeys()).not.toContain("status.shown");
    expect(lynch({ revealOnDeath: "party" }).pub.seats[2]?.role).toBe("mafia");
    const d = forumTable({ revealOnDeath: "party" }, FORUM_DEAL).pastStatus();
    d.allVote(5).endPhase();
    expect(d.pub.seats[4]?.role).toBe("citizen");
  });
});

describe("forum secrecy", () => {
  it("no role, private result or night choice reaches the public view or another seat's view", () => {
    const d = ti();
    d.act(INSIDER, "suspect", [DETECTIVE]);
    d.vote(TERRORIST, 9);
    // The composition (which roles are in the game) is public, as in the forum's opening post.
    const pub = JSON.stringify({ ...d.pub, extras: { ...d.pub.extras, composition: null } });
    for (const word of [
      "boss",
      "spy",
      "terrorist",
      "insider",
      "detective",
      "insider.hit",
      "status.true",
    ])
      expect(pub).not.toContain(`"${word}"`);
    const plain = JSON.stringify(d.view(9));
    for (const word of ["boss", "terrorist", "insider.hit", "attack", "suspect"])
      expect(plain).not.toContain(word);
    expect(d.pub.waitingFor).not.toContain(TERRORIST); // only the public votes
    expect(new ForumTable({ ruleset: "forum", seats: 13 }).pub.roles).toBeNull();
  });
});
