/**
 * The forum's texts inside the ruleset (forum/text/hook.ts at forum/hooks.ts's TEXT_HOOK):
 * wills out at any death, the paper at every day's and night's end, the death message with
 * its murder, and an ad's author in no view but his own. Deal (test/helpers/forum.ts):
 * boss 1, spy 2, framer 3, liar 4, detective 5, matchmaker 6, guardian 7, bodyguard 8,
 * citizens 9..13.
 */
import { describe, expect, it } from "vitest";
import {
  applyInPlace,
  createGame,
  hostView,
  publicTextView,
  publicView,
  type SeatAction,
  seatTextView,
  seatView,
} from "../../hub/engine/index.js";
import { BOSS, type ForumTable, forumTable, SPY } from "../helpers/forum.js";
import { actOn as act } from "../helpers/forum-night.js";

const day1 = (): ForumTable => forumTable().pastStatus();
const lynch = (d: ForumTable, target: number) => d.allVote(target).expire();
const text = (d: ForumTable, seat: number, action: SeatAction) => d.seat(seat, action);
const pubText = (d: ForumTable) => publicTextView(d.state);
const mine = (d: ForumTable, seat: number) => seatTextView(d.state, seat);

/** Everything any audience receives, as one string per seat / the table / the host. */
function everything(d: ForumTable) {
  const seats = d.state.seats.map((s) =>
    JSON.stringify([seatView(d.state, s.seat), seatTextView(d.state, s.seat)]),
  );
  const table = JSON.stringify([publicView(d.state, 0), publicTextView(d.state)]);
  return { seats, table, host: JSON.stringify(hostView(d.state, 0)) };
}

describe("FORUM texts in the ruleset", () => {
  it("FORUM-WILL-02: the lynched player's will is published at the day's end; a private one reaches its recipients only", () => {
    const d = day1();
    expect(text(d, 9, { kind: "will", text: "Trust 5.", to: null })).toBeNull();
    expect(text(d, 10, { kind: "will", text: "Only for 11.", to: [11] })).toBeNull();
    expect(pubText(d)?.wills).toEqual([]);
    lynch(d, 9);
    expect(d.state.seats[8]?.alive).toBe(false);
    expect(pubText(d)?.wills).toEqual([{ seat: 9, text: "Trust 5." }]);
    expect(d.state.announcements.some((a) => a.key === "forum.will" && a.seats[0] === 9)).toBe(
      true,
    );
    // Night 1: the murder of seat 10, with its death message (FORUM-KILL-03).
    expect(text(d, BOSS, { kind: "message", text: "Found in the river." })).toBeNull();
    expect(act(d, BOSS, "kill", [10])).toBeNull();
    d.answerRest().expire();
    expect(d.state.seats[9]?.alive).toBe(false);
    expect(pubText(d)?.messages).toEqual([{ night: 1, victim: 10, text: "Found in the river." }]);
    expect(pubText(d)?.wills).toHaveLength(1); // the private will is not published
    expect(mine(d, 11)?.received).toEqual([{ from: 10, text: "Only for 11." }]);
    const others = d.state.seats.filter((s) => s.seat !== 11);
    for (const s of others)
      expect(JSON.stringify(everything(d).seats[s.seat - 1])).not.toContain("Only for 11.");
    expect(everything(d).table).not.toContain("Only for 11.");
  });

  it("FORUM-KILL-08: the boss's kill without a death message murders nobody; the message is his alone to write", () => {
    const d = forumTable({ firstPhase: "night" }).pastStatus();
    expect(text(d, SPY, { kind: "message", text: "x" })).toBeNull(); // a decoy (FORUM-QUIET-02)
    expect(mine(d, BOSS)?.mayMessage).toBe(true);
    expect(mine(d, SPY)?.mayMessage).toBe(false);
    act(d, BOSS, "kill", [9]);
    text(d, BOSS, { kind: "message", text: "draft" });
    text(d, BOSS, { kind: "message", text: "" }); // taken back
    d.answerRest().expire();
    expect(d.state.seats.every((s) => s.alive)).toBe(true);
    expect(pubText(d)?.messages).toEqual([]);
  });

  it("FORUM-NEWS-01: the paper comes out at the end of each day and each night, and not before", () => {
    const d = day1();
    expect(text(d, 9, { kind: "ad", pseudonym: "Raven", text: "Day ad" })).toBeNull();
    expect(mine(d, 9)?.pending).toEqual([{ pseudonym: "Raven", text: "Day ad" }]);
    expect(pubText(d)?.papers).toEqual([]);
    lynch(d, 13);
    text(d, 9, { kind: "ad", pseudonym: "Raven", text: "Night ad" });
    expect(pubText(d)?.papers).toHaveLength(1);
    d.answerRest().expire();
    expect(pubText(d)?.papers).toEqual([
      { edition: 1, phase: "day", round: 1, ads: [{ pseudonym: "Raven", text: "Day ad" }] },
      { edition: 2, phase: "night", round: 1, ads: [{ pseudonym: "Raven", text: "Night ad" }] },
    ]);
    const papers = d.state.announcements.filter((a) => a.key === "forum.paper");
    expect(papers.map((a) => [a.seats, a.params])).toEqual([
      [[], { edition: 1, phase: "day", ads: 1 }],
      [[], { edition: 2, phase: "night", ads: 1 }],
    ]);
  });

  it("FORUM-NEWS-06, FORUM-NEWS-05: an ad under a handed-over pseudonym names its author to nobody, host included, not even at the end", () => {
    const d = day1();
    text(d, 12, { kind: "ad", pseudonym: "Der Rabe", text: "first" });
    expect(text(d, 12, { kind: "pseudonym", pseudonym: "der rabe", to: 7 })).toBeNull();
    expect(text(d, 7, { kind: "ad", pseudonym: "Der Rabe", text: "second" })).toBeNull();
    const check = () => {
      const all = everything(d);
      all.seats.forEach((s, i) => {
        // Seats 12 and 7 wrote under it: each sees his own ads until they are printed.
        if (i + 1 !== 7 && i + 1 !== 12) expect(s, `seat ${i + 1}`).not.toContain("Der Rabe");
      });
      for (const json of [all.table, all.host]) {
        expect(json).not.toMatch(/"by":|"owner":|adsPlaced/);
      }
      expect(all.host).toContain("Der Rabe"); // the host sees the ads, not their authors
    };
    check();
    lynch(d, 12); // the first author dies: still nothing
    check();
    d.host({ cmd: "end" });
    expect(d.state.phase).toBe("ended");
    check();
  });

  it("FORUM-DEAD-01: a dead player's text is refused and changes nothing", () => {
    const d = day1();
    lynch(d, 13);
    const before = JSON.stringify(d.state);
    for (const action of [
      { kind: "will", text: "late", to: null },
      { kind: "ad", pseudonym: "Ghost", text: "boo" },
      { kind: "message", text: "late" },
    ] as SeatAction[]) {
      expect(text(d, 13, action)?.code).toBe("not_in_game");
    }
    expect(JSON.stringify(d.state)).toBe(before);
  });

  it("a text changes no view but its sender's (and the host's): its time shows nowhere else", () => {
    const d = day1();
    const before = everything(d);
    text(d, 4, { kind: "ad", pseudonym: "Owl", text: "hoot" });
    text(d, 4, { kind: "will", text: "w", to: [5] });
    const after = everything(d);
    expect(after.table).toBe(before.table);
    after.seats.forEach((s, i) => {
      if (i + 1 !== 4) expect(s).toBe(before.seats[i]);
    });
    expect(after.seats[3]).not.toBe(before.seats[3]);
  });

  it("replaying the journal rebuilds the same texts", () => {
    const d = day1();
    text(d, 9, { kind: "will", text: "w", to: null });
    text(d, 2, { kind: "ad", pseudonym: "Raven", text: "a" });
    text(d, 2, { kind: "pseudonym", pseudonym: "Raven", to: 3 });
    lynch(d, 9);
    const fresh = createGame({
      table: "t1",
      ruleset: "forum",
      seats: d.state.seats.map((s) => ({ seat: s.seat, name: `P${s.seat}` })),
      options: {},
      seed: "0123456789abcdef0123456789abcdef",
      at: d.inputs[0]?.at ?? 0,
    });
    if (!fresh.ok) throw new Error("setup");
    const replayed = fresh.state;
    for (const [i, input] of d.inputs.entries()) {
      expect(applyInPlace(replayed, input, null), `input ${i}`).toBeNull();
      if (i === 0)
        Object.assign(
          replayed.seats,
          structuredClone(d.state.seats).map((s, n) => ({
            ...replayed.seats[n],
            role: s.role,
            team: s.team,
          })),
        );
    }
    expect(publicTextView(replayed)).toEqual(publicTextView(d.state));
    expect(replayed.flow.text).toEqual(d.state.flow.text);
  });
});
