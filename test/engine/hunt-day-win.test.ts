/** Hunt: the day's vote, its reveal, the win checks and the phase order (RULES.md §3 VOTE, REVEAL, WIN, OPEN). */
import { describe, expect, it } from "vitest";
import { asHuntState } from "../../hub/engine/rulesets/hunt/flow.js";
import { huntOutcome } from "../../hub/engine/rulesets/hunt/win.js";
import { BOSS, DOCTOR, type HuntTable, huntTable, MANIAC } from "../helpers/hunt.js";

/** A table in its first day's vote. */
function voting(options: Record<string, unknown> = {}): HuntTable {
  const d = huntTable({ firstPhase: "day", ...options });
  d.next();
  expect(d.state.step).toBe("vote");
  return d;
}

/** Leaves exactly these seats alive (a test's shortcut past earlier nights), without a win check. */
function onlyAlive(d: HuntTable, alive: number[]): HuntTable {
  for (const s of d.state.seats) s.alive = alive.includes(s.seat);
  return d;
}

describe("hunt: the day", () => {
  it("HUNT-OPEN-15: the game opens with Day 1 by default, with Night 1 by option", () => {
    const day = huntTable({ firstPhase: "day" });
    expect(day.state).toMatchObject({ phase: "day", step: "discussion", round: 1 });
    const night = huntTable({ firstPhase: "night" });
    expect(night.state).toMatchObject({ phase: "night", step: "night", round: 1 });
    day.toNight();
    expect(day.state).toMatchObject({ phase: "night", round: 1 }); // Day 1, then Night 1
  });

  it("HUNT-VOTE-01: each day has a vote that can eliminate one player", () => {
    const d = voting();
    for (const s of [1, 2, 3, 4]) d.actOk(s, "vote", [8]);
    d.actOk(9, "vote", [1]);
    d.next();
    expect(d.dead()).toEqual([8]);
    expect(d.state.seats[7]?.out).toBe("voted");
    expect(d.state.phase).toBe("night");
  });

  it("HUNT-VOTE-02: a vote cannot be changed once cast", () => {
    const d = voting();
    d.actOk(6, "vote", [7]);
    expect(d.view(6).prompt).toBeNull();
    expect(d.act(6, "vote", [8])?.code).toBe("already_acted");
    expect(d.state.flow.votes).toEqual({ "6": 7 });
  });

  it("HUNT-OPEN-12: open votes for another living player; most votes out; a tie or no votes, nobody; non-voters ignored", () => {
    const d = voting();
    expect(d.view(6).prompt?.targets).not.toContain(6);
    d.actOk(6, "vote", [7]).pass(8); // 8 abstains
    expect(d.pub.tally).toEqual({ "7": 1 });
    expect(d.pub.waitingFor).not.toContain(6);
    expect(d.logs().at(-1)).toMatchObject({ key: "vote.cast", seats: [6, 7] });
    d.actOk(9, "vote", [10]).next();
    expect(d.dead()).toEqual([]);
    expect(d.logs().at(-2)).toMatchObject({ key: "vote.tie", seats: [7, 10] });
    const none = voting().next();
    expect(none.dead()).toEqual([]);
    expect(none.logs().some((l) => l.key === "vote.nobody")).toBe(true);
  });

  it("HUNT-REVEAL-08: a day-vote elimination shows only civilian or mafia, never the exact role", () => {
    const d = voting();
    for (const s of [6, 7, 8, 9]) d.actOk(s, "vote", [BOSS]);
    d.next().actOk(2, "shoot", [10]).resolve();
    expect(d.morning().at(-1)).toEqual({ key: "day.revealed", seats: [BOSS], role: "mafia" });
    expect(d.pub.seats[BOSS - 1]?.role).toBe("mafia");
  });

  it("HUNT-REVEAL-09: that status is announced at the start of the next day, not at the elimination", () => {
    const d = voting();
    for (const s of [6, 7, 8, 9]) d.actOk(s, "vote", [DOCTOR]);
    d.next();
    expect(d.logs().find((l) => l.key === "vote.eliminated")?.params).toEqual({ votes: 4 });
    expect(d.pub.seats[DOCTOR - 1]?.role).toBeNull();
    expect(d.state.phase).toBe("night");
    d.resolve();
    expect(d.pub.seats[DOCTOR - 1]?.role).toBe("civilian");
    expect(d.logs().find((l) => l.key === "day.revealed")).toMatchObject({ seats: [DOCTOR] });
  });
});

describe("hunt: who wins", () => {
  it("HUNT-WIN-01: the mafia wins when no more civilians live than mafia (the Maniac dead)", () => {
    const d = huntTable();
    onlyAlive(d, [BOSS, 2, DOCTOR, 6, 7]);
    expect(huntOutcome(asHuntState(d.state))).toBeNull();
    d.actOk(2, "shoot", [7]).actOk(DOCTOR, "heal", [6]).resolve();
    expect(d.state).toMatchObject({ phase: "ended", winner: "mafia" });
  });

  it("HUNT-WIN-02: the Maniac wins when left one on one with a civilian or a mafioso", () => {
    const d = huntTable();
    onlyAlive(d, [2, MANIAC, 6]);
    d.actOk(MANIAC, "kill", [6]).resolve();
    expect(d.state).toMatchObject({ phase: "ended", winner: "maniac" });
    const m = huntTable();
    onlyAlive(m, [2, MANIAC, 6]);
    m.actOk(MANIAC, "kill", [2]).resolve();
    expect(m.state.winner).toBe("maniac");
  });

  it("HUNT-OPEN-01: the town wins when no mafioso and no Maniac is left; by option, when no mafioso is", () => {
    const d = huntTable();
    onlyAlive(d, [2, MANIAC, 6, 7, 8]);
    d.hunt(6, 2, "mafia").resolve();
    expect(d.state.phase).toBe("day"); // the Maniac lives on
    d.toNight().hunt(7, MANIAC, "maniac").resolve();
    expect(d.state.winner).toBe("town");
    const b = huntTable({ townWins: "allMafia" });
    onlyAlive(b, [2, MANIAC, 6, 7, 8]);
    b.hunt(6, 2, "mafia").resolve();
    expect(b.state.winner).toBe("town");
  });

  it("HUNT-OPEN-02: checked after the night and each vote in the order draw, Maniac, town, mafia; parity by reading (c), (a) or (b)", () => {
    const d = huntTable();
    // Night deaths that leave nobody alive: a draw comes before every other check.
    onlyAlive(d, []);
    expect(huntOutcome(asHuntState(d.state))).toBe("draw");
    // The Maniac with one other beats the mafia's parity (1 mafioso ≥ 0 civilians).
    onlyAlive(d, [2, MANIAC]);
    expect(huntOutcome(asHuntState(d.state))).toBe("maniac");
    // Reading (c): no mafia win while the Maniac lives, even at 2 mafia : 1 civilian.
    const c = huntTable();
    onlyAlive(c, [BOSS, 2, MANIAC, 6]);
    expect(huntOutcome(asHuntState(c.state))).toBeNull();
    const a = huntTable({ mafiaWins: "literal" });
    onlyAlive(a, [BOSS, 2, MANIAC, 6]);
    expect(huntOutcome(asHuntState(a.state))).toBe("mafia");
    const b = huntTable({ mafiaWins: "maniacCounts" });
    onlyAlive(b, [BOSS, 2, MANIAC, 6, 7]);
    expect(huntOutcome(asHuntState(b.state))).toBeNull(); // 2 < 2 + 1
    onlyAlive(b, [BOSS, 2, MANIAC, 6]);
    expect(huntOutcome(asHuntState(b.state))).toBe("mafia"); // 2 ≥ 1 + 1
    // After a day elimination too.
    const v = voting();
    onlyAlive(v, [BOSS, 2, DOCTOR, 6, 7]);
    for (const s of [BOSS, 2, 6]) v.actOk(s, "vote", [7]);
    v.next();
    expect(v.state.winner).toBe("mafia");
  });

  it("HUNT-OPEN-10: by option the balance is a ratio: civilians ≤ 2 × opponents ends the hunt right", () => {
    const d = huntTable({ huntBalance: "ratio" });
    onlyAlive(d, [BOSS, 2, 6, 7, 8, 9]);
    expect(d.realPrompt(6)).toBeNull(); // 4 ≤ 2 × 2
    onlyAlive(d, [BOSS, 2, 6, 7, 8, 9, 10]);
    expect(d.realPrompt(6)?.action).toBe("hunt"); // 5 > 4
  });

  it("HUNT-OPEN-13: the host may close the night without the mandatory moves: no shot, no heal, and his view says so", () => {
    const d = huntTable();
    d.expire();
    expect(d.state.phase).toBe("night"); // the timer waits
    d.resolve();
    expect(d.dead()).toEqual([]);
    expect(d.state.flow.record).toMatchObject({ missing: ["heal", "shoot"] });
    const no = huntTable({ waitForMandatory: false });
    no.expire();
    expect(no.state.phase).toBe("day");
  });
});
