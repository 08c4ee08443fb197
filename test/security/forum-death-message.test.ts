/**
 * FORUM-QUIET-02 (issue 28's leftover): the office holder's death message was one text input
 * more that night for his seat alone, so counting a seat's inputs named the office. Now every
 * living seat sends one `message` a night (outside the office: a decoy), and each seat's
 * count and sizes of inputs, signals and text-view changes are the same whatever its role.
 */
import { describe, expect, it } from "vitest";
import { publicTextView, seatTextView, seatView } from "../../hub/engine/index.js";
import { padInput } from "../../protocol/index.js";
import { BOSS, forumTable } from "../helpers/forum.js";

const VICTIM = 9;
const TEXT = "Found in the river at dawn.";
/** A decoy as a phone sends it: as long as a message may be, so that the size says nothing. */
const decoy = (n: number) => `decoy ${n}`.padEnd(TEXT.length, ".");

describe("the forum's death message and its decoys", () => {
  it("FORUM-QUIET-02: every living seat sends one message a night; counts and sizes of inputs, signals and text views do not depend on the office", () => {
    const d = forumTable({ firstPhase: "night" }).pastStatus();
    expect(d.state.phase).toBe("night");
    const living = d.state.seats.filter((s) => s.alive).map((s) => s.seat);
    const texts = new Map(living.map((n) => [n, JSON.stringify(seatTextView(d.state, n))]));
    const changes = new Map<number, number>(living.map((n) => [n, 0]));
    const sizes = new Set<number>();
    const from = d.effects.length;
    const watch = () => {
      for (const n of living) {
        const now = JSON.stringify(seatTextView(d.state, n));
        if (now !== texts.get(n)) changes.set(n, (changes.get(n) ?? 0) + 1);
        texts.set(n, now);
      }
    };
    for (const n of living) {
      const text = n === BOSS ? TEXT : decoy(n);
      // The wire form a phone sends (boot and seq as in any input), padded as every text.
      sizes.add(padInput(JSON.stringify({ kind: "message", text, boot: 1, seq: 1 }), true).length);
      expect(d.seat(n, { kind: "message", text }), `seat ${n}`).toBeNull();
      watch();
    }
    expect(sizes.size).toBe(1);
    const per = (n: number) => ({
      n,
      signals: d.effects.slice(from).filter((e) => e.type === "signal" && e.seat === n).length,
      textViews: changes.get(n),
    });
    for (const n of living) expect(per(n)).toEqual({ n, signals: 1, textViews: 1 });
    // The seat views (prompts, stir) did not move for anyone: a message is no night answer.
    const views = living.map((n) => JSON.stringify(seatView(d.state, n)));
    // Only the holder's message is a death message: the decoys are never published.
    d.seat(BOSS, { kind: "act", action: "kill", targets: [VICTIM] });
    expect(living.map((n) => JSON.stringify(seatView(d.state, n)))).not.toEqual(views);
    d.answerRest().expire();
    expect(d.state.seats[VICTIM - 1]?.alive).toBe(false);
    const published = publicTextView(d.state)?.messages ?? [];
    expect(published.map((m) => m.text)).toEqual([TEXT]);
    expect(JSON.stringify(publicTextView(d.state))).not.toContain("decoy");
  });

  it("FORUM-QUIET-02: the holder who writes none sends an empty message: his text view changes as a decoy's sender's does, and nobody is murdered", () => {
    const d = forumTable({ firstPhase: "night" }).pastStatus();
    const living = d.state.seats.filter((s) => s.alive).map((s) => s.seat);
    const from = d.effects.length;
    d.seat(BOSS, { kind: "act", action: "kill", targets: [VICTIM] });
    for (const n of living) {
      const before = JSON.stringify(seatTextView(d.state, n));
      expect(
        d.seat(n, { kind: "message", text: n === BOSS ? "" : decoy(n) }),
        `seat ${n}`,
      ).toBeNull();
      expect(JSON.stringify(seatTextView(d.state, n)), `seat ${n}`).not.toBe(before);
    }
    const signals = (n: number) =>
      d.effects.slice(from).filter((e) => e.type === "signal" && e.seat === n).length;
    for (const n of living) expect(signals(n), `seat ${n}`).toBe(n === BOSS ? 2 : 1);
    d.answerRest().expire();
    expect(d.state.seats.every((s) => s.alive)).toBe(true); // FORUM-KILL-08: an empty one is none
    expect(publicTextView(d.state)?.messages).toEqual([]);
  });

  it("FORUM-QUIET-02: a decoy message from outside the office murders nobody, even with the holder's kill", () => {
    const d = forumTable({ firstPhase: "night" }).pastStatus();
    d.seat(BOSS, { kind: "act", action: "kill", targets: [VICTIM] });
    expect(d.seat(2, { kind: "message", text: "the spy writes" })).toBeNull();
    d.answerRest().expire();
    expect(d.state.seats.every((s) => s.alive)).toBe(true); // FORUM-KILL-08: no message of his
    expect(publicTextView(d.state)?.messages).toEqual([]);
  });

  it("FORUM-QUIET-02, FORUM-SETUP-07: when the status step ends, every living seat's text view changes, not the office holder's alone", () => {
    const d = forumTable({ firstPhase: "night" });
    expect(d.state.step).toBe("status");
    const living = d.state.seats.filter((s) => s.alive).map((s) => s.seat);
    const before = living.map((n) => JSON.stringify(seatTextView(d.state, n)));
    d.pastStatus();
    const after = living.map((n) => JSON.stringify(seatTextView(d.state, n)));
    expect(living.filter((_, i) => before[i] === after[i])).toEqual([]);
  });
});
