/**
 * The forum night inside the ruleset (forum/night/hook.ts at forum/hooks.ts's NIGHT_HOOK):
 * answers taken and checked during the night (and by day for the coming night), nothing
 * ending the night early, the resolution at its end, results in the asker's own view only,
 * and nothing of a night choice or result in the public view or another seat's view.
 * Deal (test/helpers/forum.ts): boss 1, spy 2, framer 3, liar 4, detective 5, matchmaker 6,
 * guardian 7, bodyguard 8, citizens 9..13.
 */
import { describe, expect, it } from "vitest";
import { publicTextView } from "../../hub/engine/index.js";
import {
  BOSS,
  DETECTIVE,
  type ForumTable,
  FRAMER,
  forumTable,
  MATCHMAKER,
  SPY,
} from "../helpers/forum.js";
import { actOn as act, nightResults } from "../helpers/forum-night.js";

/** A table that opens with Night 1 (FORUM-OPEN-02 allows it as an option). */
const night1 = (): ForumTable => forumTable({ firstPhase: "night" }).pastStatus();

/** Everyone votes for `target`; the day ends (the liar's −1 does not change who is lynched). */
const lynch = (d: ForumTable, target: number) => d.allVote(target).expire();

describe("FORUM night in the ruleset", () => {
  it("FORUM-MM-01, FORUM-OPEN-14: the night offers its actions, takes changes, and lasts its time", () => {
    const d = night1();
    expect([d.state.phase, d.state.round]).toEqual(["night", 1]);
    expect(d.view(MATCHMAKER).prompt).toMatchObject({ action: "compare", min: 2, max: 2 });
    expect(d.view(BOSS).offers?.map((p) => p.action)).toEqual(["kill", "successor"]);
    expect(d.view(DETECTIVE).prompt?.action).toBe("decoy"); // odd night: nothing real
    expect(d.view(9).prompt?.action).toBe("decoy");
    const before = JSON.stringify({ ...d.state, quiet: null, rev: 0, now: 0 });
    expect(act(d, MATCHMAKER, "compare", [6, 6])?.code).toBe("bad_target");
    expect(act(d, DETECTIVE, "check", [1])?.code).toBe("not_your_turn");
    expect(act(d, SPY, "kill", [9])?.code).toBe("not_your_turn");
    // A refusal changes nothing but the night's count of answers (QUIET-REFUSED-01).
    expect(JSON.stringify({ ...d.state, quiet: null, rev: 0, now: 0 })).toBe(before);
    expect(act(d, MATCHMAKER, "compare", [1, 9])).toBeNull();
    expect(act(d, MATCHMAKER, "compare", [1, 2])).toBeNull(); // changed: the last counts
    expect(nightResults(d, MATCHMAKER)).toEqual([]); // nothing before the dawn
    d.answerRest();
    expect(d.state.phase).toBe("night"); // everyone answered: the night still runs
    d.expire();
    expect([d.state.phase, d.state.round]).toEqual(["day", 1]);
    expect(nightResults(d, MATCHMAKER)).toEqual([
      { night: 1, key: "forum.compare.same", seats: [1, 2] },
    ]);
  });

  it("FORUM-OPEN-08, FORUM-KILL-08: a night without a death message ends with 'nobody died'", () => {
    const d = night1();
    expect(act(d, BOSS, "kill", [9])).toBeNull();
    d.expire();
    expect(d.state.seats.every((s) => s.alive)).toBe(true);
    const morning = d.state.announcements.filter((a) => a.key.startsWith("forum.night."));
    expect(morning.map((a) => [a.key, a.seats])).toEqual([
      ["forum.night.start", []],
      ["forum.night.quiet", []],
    ]);
    expect(d.state.flow.nightBook).toMatchObject({ dawn: { night: 1, murder: "no-message" } });
  });

  it("FORUM-DET-02, FORUM-OPEN-14: an answer sent by day for the coming night counts at its end", () => {
    const d = night1();
    d.expire(); // Day 1; the coming night is Night 2, an even one
    expect(d.view(DETECTIVE).offers?.map((p) => p.action)).toEqual(["vote", "check"]);
    expect(d.view(DETECTIVE).offers?.[1]?.until).toBeNull();
    expect(act(d, DETECTIVE, "check", [1])).toBeNull();
    lynch(d, 13);
    expect([d.state.phase, d.state.round]).toEqual(["night", 2]);
    expect(d.view(DETECTIVE).prompt).toMatchObject({ action: "check", until: d.state.clock.until });
    d.expire();
    expect(nightResults(d, DETECTIVE)).toEqual([
      { night: 2, key: "forum.check.mafia", seats: [1] },
    ]);
    expect(nightResults(d, SPY)).toEqual([
      { night: 1, key: "forum.spy.none", seats: [] },
      { night: 2, key: "forum.spy.check", seats: [1] },
    ]);
  });

  it("FORUM-BOSS-04, FORUM-OPEN-09: the lynched boss's heir takes the office, told in his view only", () => {
    const d = night1();
    expect(act(d, BOSS, "successor", [2], "heir")?.code).toBe("bad_target"); // the Spion
    expect(act(d, BOSS, "successor", [FRAMER], "heir")).toBeNull();
    d.expire();
    const others = () => d.state.seats.filter((s) => s.seat !== FRAMER).map((s) => d.view(s.seat));
    lynch(d, BOSS);
    expect(d.state.seats[BOSS - 1]?.alive).toBe(false);
    expect(nightResults(d, FRAMER)).toEqual([{ night: 2, key: "forum.office", seats: [FRAMER] }]);
    expect(
      others()
        .flatMap((v) => v.results)
        .filter((r) => r.key === "forum.office"),
    ).toEqual([]);
    expect(JSON.stringify(d.pub)).not.toContain("forum.office");
    expect(d.view(FRAMER).offers?.map((p) => p.action)).toEqual(["frame", "kill", "successor"]);
  });

  it("FORUM-BOSS-02: a handover tells the new holder at once, in his view only", () => {
    const d = night1();
    expect(act(d, BOSS, "successor", [4], "handover")).toBeNull();
    expect(nightResults(d, 4)).toEqual([{ night: 1, key: "forum.office", seats: [4] }]);
    // No office actions left; he still owes one night answer (FORUM-QUIET-01): a decoy.
    expect(d.view(BOSS).offers?.map((p) => p.action)).toEqual(["decoy"]);
    expect(d.view(4).offers?.map((p) => p.action)).toEqual(["kill", "successor"]);
    const others = d.state.seats.filter((s) => s.seat !== 4).map((s) => nightResults(d, s.seat));
    expect(others.flat()).toEqual([]);
  });
});

describe("FORUM night secrecy", () => {
  /** Two games alike but for every night choice; the same seats answer as often. */
  function play(choices: Record<number, [string, number[], string?]>) {
    const d = night1();
    const seen: unknown[] = [];
    for (const [seat, [action, targets, option]] of Object.entries(choices)) {
      expect(act(d, Number(seat), action, targets, option)).toBeNull();
      seen.push(d.pub, ...[9, 10, 11, 12, 13].map((s) => d.view(s)));
    }
    d.answerRest();
    d.expire();
    seen.push(d.pub, ...[4, 9, 10, 11, 12, 13].map((s) => d.view(s)));
    return { d, seen };
  }

  it("FORUM-OPEN-14, FORUM-SPY-02: no night choice or result reaches the public view or another seat's view", () => {
    const a = play({
      [BOSS]: ["kill", [9]],
      [FRAMER]: ["frame", [11]],
      [MATCHMAKER]: ["compare", [1, 9]],
      7: ["protect", [9]],
      8: ["guard", [10]],
    });
    const b = play({
      [BOSS]: ["successor", [4], "heir"],
      [FRAMER]: ["frame", [12]],
      [MATCHMAKER]: ["compare", [10, 11]],
      7: ["protect", [12]],
      8: ["guard", [13]],
    });
    expect(a.seen).toEqual(b.seen);
    // The answers are each in their own seat's view, and nowhere public.
    expect(nightResults(a.d, MATCHMAKER)).toEqual([
      { night: 1, key: "forum.compare.different", seats: [1, 9] },
    ]);
    expect(nightResults(b.d, MATCHMAKER)).toEqual([
      { night: 1, key: "forum.compare.same", seats: [10, 11] },
    ]);
    for (const d of [a.d, b.d]) {
      const pub = JSON.stringify(d.pub);
      expect(pub).not.toMatch(/forum\.(compare|check|spy|office)/);
      expect(pub).not.toMatch(/nightBook|"choices"/);
      // FORUM-SPY-02: the Spion learns the names, never the answer.
      expect(nightResults(d, SPY).map((r) => r.key)).toEqual(["forum.spy.compare"]);
    }
  });
});

describe("FORUM murder in the ruleset (with ftext's death message)", () => {
  const message = (d: ForumTable, seat: number, text: string) =>
    d.seat(seat, { kind: "message", text });

  it("FORUM-KILL-02, FORUM-KILL-03, FORUM-KILL-04: the victim dies at the night's end, announced with the message", () => {
    const d = night1();
    expect(act(d, BOSS, "kill", [9])).toBeNull();
    expect(message(d, BOSS, "Found in the river <b>at dawn</b>")).toBeNull();
    expect(message(d, FRAMER, "not mine to send")).toBeNull(); // a decoy (FORUM-QUIET-02)
    expect(d.state.seats[8]?.alive).toBe(true); // nothing before the end
    expect(publicTextView(d.state)?.messages).toEqual([]);
    d.expire();
    expect(d.state.seats[8]).toMatchObject({ alive: false, out: "killed" });
    const morning = d.state.announcements.filter((a) =>
      /^forum\.night\.(quiet|murdered|guarding)$/.test(a.key),
    );
    expect(morning.map((a) => [a.key, a.seats])).toEqual([["forum.night.murdered", [9]]]);
    expect(publicTextView(d.state)?.messages).toEqual([
      { night: 1, victim: 9, text: "Found in the river <b>at dawn</b>" },
    ]);
  });

  it("FORUM-KILL-07, FORUM-OPEN-08: the Bodyguard dies instead; his death is announced, the message is not", () => {
    const d = night1();
    act(d, 8, "guard", [9]);
    act(d, BOSS, "kill", [9]);
    message(d, BOSS, "the river");
    d.expire();
    expect([d.state.seats[7]?.alive, d.state.seats[8]?.alive]).toEqual([false, true]);
    expect(d.state.announcements.map((a) => a.key)).toContain("forum.night.guarding");
    expect(publicTextView(d.state)?.messages).toEqual([]);
  });

  it("FORUM-KILL-08: a message taken back (empty text) before the night's end: nobody is murdered", () => {
    const d = night1();
    act(d, BOSS, "kill", [9]);
    message(d, BOSS, "the river");
    expect(message(d, BOSS, "")).toBeNull();
    d.expire();
    expect(d.state.seats.every((s) => s.alive)).toBe(true);
    expect(d.state.announcements.map((a) => a.key)).toContain("forum.night.quiet");
    expect(d.state.flow.nightBook).toMatchObject({ dawn: { murder: "no-message" } });
  });

  it("FORUM-KILL-05, FORUM-OPEN-08: the Spion as the target: 'nobody died', no reason, no message", () => {
    const d = night1();
    act(d, BOSS, "kill", [SPY]);
    message(d, BOSS, "the spy falls");
    d.expire();
    expect(d.state.seats.every((s) => s.alive)).toBe(true);
    const pub = JSON.stringify(d.pub);
    expect(pub).toContain("forum.night.quiet");
    expect(pub).not.toMatch(/spy|immune|protected/);
    expect(publicTextView(d.state)?.messages).toEqual([]);
  });
});
