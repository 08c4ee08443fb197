/** Forum: the two clocks and the phases (RULES.md §4 TIMING, FORUM-OPEN-01/02), deadlines across a restart, night secrecy. */
import { describe, expect, it } from "vitest";
import { applyInPlace, createGame, nextDeadline, publicView } from "../../hub/engine/index.js";
import { nextLocal } from "../../hub/engine/rulesets/forum/calendar.js";
import { BOSS, DETECTIVE, FORUM_DEAL, ForumTable, forumTable } from "../helpers/forum.js";

/** 2026-03-28 11:00 in Berlin (CET, UTC+1); the clocks go forward the next night. */
const SAT_11H = Date.UTC(2026, 2, 28, 10, 0);
const calendar = (options: Record<string, unknown> = {}) => {
  const d = new ForumTable({
    ruleset: "forum",
    seats: 13,
    options: { clock: "calendar", ...options },
  });
  d.at = SAT_11H;
  return d.start(FORUM_DEAL).pastStatus();
};

describe("forum clocks", () => {
  it("FORUM-TIME-01: on the calendar the day's vote runs until 20:00, the deadline", () => {
    const d = calendar();
    expect(d.state.phase).toBe("day");
    expect(d.state.clock.until).toBe(Date.UTC(2026, 2, 28, 19, 0)); // 20:00 CET
    d.vote(9, 10);
    d.at = Date.UTC(2026, 2, 28, 18, 59);
    d.vote(9, 11); // still in time
    d.endPhase();
    expect(d.at).toBe(Date.UTC(2026, 2, 28, 19, 0));
    expect(d.state.phase).toBe("night");
  });

  it("FORUM-TIME-02: the night's result comes the next midday, 13:00, and the lynch vote follows until 20:00", () => {
    const d = calendar();
    d.endPhase();
    // The night of the clock change: 13:00 CEST is 11:00 UTC.
    expect(d.state.clock.until).toBe(Date.UTC(2026, 2, 29, 11, 0));
    d.endPhase();
    expect([d.state.phase, d.state.round]).toEqual(["day", 2]);
    expect(d.state.clock.until).toBe(Date.UTC(2026, 2, 29, 18, 0)); // 20:00 CEST
  });

  it("FORUM-TIME-03: a phase ends only by its deadline (or the host): what comes after it counts for the next", () => {
    const d = calendar();
    d.vote(9, 10);
    d.endPhase();
    expect(d.act(9, "vote", [10])?.code).toBe("not_your_turn");
    expect(d.state.flow.votes).toEqual({});
  });

  it("FORUM-TIME-04: the detective's answer is there when the next day starts, at the night's end", () => {
    const d = forumTable().pastStatus().endPhase().endPhase().endPhase(); // Night 2 (even)
    expect([d.state.phase, d.state.round]).toEqual(["night", 2]);
    expect(d.act(DETECTIVE, "check", [BOSS])).toBeNull();
    const nightEnd = d.state.clock.until;
    d.endPhase();
    expect(d.at).toBe(nightEnd);
    expect(d.state.step).toBe("day");
    expect(d.view(DETECTIVE).results.at(-1)).toEqual({
      night: 2,
      key: "forum.check.mafia",
      seats: [BOSS],
    });
  });

  it("FORUM-TIME-05: from 13:00, while the day runs, the night's answers may already be sent; they take effect that night", () => {
    const d = calendar();
    d.endPhase().endPhase(); // Day 2 from 13:00; Night 2 (even) comes at 20:00
    expect(d.at).toBe(Date.UTC(2026, 2, 29, 11, 0));
    expect(d.view(DETECTIVE).offers?.map((p) => p.action)).toContain("check");
    d.at += 60_000; // 13:01
    expect(d.act(DETECTIVE, "check", [9])).toBeNull();
    expect(d.view(DETECTIVE).results.some((r) => r.key.startsWith("forum.check"))).toBe(false);
    d.endPhase().endPhase(); // the night, then the morning at 13:00
    expect(d.view(DETECTIVE).results.at(-1)).toEqual({
      night: 2,
      key: "forum.check.notMafia",
      seats: [9],
    });
  });

  it("FORUM-OPEN-01: (a) Day 13:00–20:00, Night 20:00–13:00, both times and the zone configurable", () => {
    const d = calendar({ dayEnds: "21:30", nightEnds: "09:15", timeZone: "America/New_York" });
    const until = d.state.clock.until as number;
    expect(new Date(until).toISOString()).toBe("2026-03-29T01:30:00.000Z"); // 21:30 EDT on the 28th
    d.endPhase();
    expect(new Date(d.state.clock.until as number).toISOString()).toBe("2026-03-29T13:15:00.000Z");
    const bad = createGame({
      table: "t1",
      ruleset: "forum",
      seats: FORUM_DEAL.map((_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
      options: { clock: "calendar", timeZone: "Mars/Olympus", dayEnds: "25:00" },
      seed: "0".repeat(32),
      at: SAT_11H,
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.errors.join()).toMatch(
        /timeZone.*IANA.*dayEnds.*HH:MM|dayEnds.*HH:MM.*timeZone.*IANA/s,
      );
    // The next 20:00 is computed from `now` alone: across a fall-back night too.
    expect(nextLocal(Date.UTC(2026, 9, 24, 20, 0), "13:00", "Europe/Berlin")).toBe(
      Date.UTC(2026, 9, 25, 12, 0),
    );
  });

  it("FORUM-OPEN-02: the game opens with Day 1 after the status messages; nights count from 1; Night 1 first by option", () => {
    const d = forumTable().pastStatus();
    expect([d.state.phase, d.state.round, d.pub.extras.day, d.pub.extras.night]).toEqual([
      "day",
      1,
      1,
      0,
    ]);
    d.endPhase();
    expect([d.state.phase, d.state.round, d.pub.extras.night]).toEqual(["night", 1, 1]);
    const n = forumTable({ firstPhase: "night" }).pastStatus();
    expect([n.state.phase, n.state.round]).toEqual(["night", 1]);
    n.endPhase();
    expect([n.state.phase, n.state.round]).toEqual(["day", 1]);
  });

  it("a table evening: minutes per day and night as options", () => {
    const d = forumTable({ daySeconds: 600, nightSeconds: 120 }).pastStatus();
    expect(d.state.clock.until).toBe(d.at + 600_000);
    expect(d.pub.timings).toEqual({ day: 600, night: 120 });
    d.endPhase();
    expect(d.state.clock.until).toBe(d.at + 120_000);
  });

  it("deadlines are absolute, in the state, and the same after a restart's replay; a pause keeps the time left", () => {
    const d = calendar();
    d.vote(9, 10).tick(3_600_000).vote(10, 9);
    const { inputs } = d;
    const created = createGame({
      table: "t1",
      ruleset: "forum",
      seats: FORUM_DEAL.map((_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
      options: { clock: "calendar" },
      seed: "0123456789abcdef0123456789abcdef",
      at: SAT_11H,
    });
    if (!created.ok) throw new Error(created.errors.join());
    const replayed = created.state;
    for (const input of inputs) expect(applyInPlace(replayed, input, null)).toBeNull();
    // The test deal was swapped in after the start; the clock does not depend on it.
    expect(replayed.clock).toEqual(d.state.clock);
    expect(nextDeadline(replayed)).toBe(nextDeadline(d.state));
    d.host({ cmd: "pause" });
    expect(d.state.clock).toEqual({ until: null, remaining: Date.UTC(2026, 2, 28, 19, 0) - d.at });
    d.tick(60_000).host({ cmd: "resume" });
    expect(d.state.clock.until).toBe(Date.UTC(2026, 2, 28, 19, 1));
  });

  it("a night lasts its full time whoever holds a role and whoever has answered (secrecy)", () => {
    const a = forumTable().pastStatus().endPhase();
    const b = forumTable({}, [...FORUM_DEAL].reverse())
      .pastStatus()
      .endPhase();
    expect(a.state.clock.until).toBe(b.state.clock.until);
    const until = a.state.clock.until;
    a.answerRest();
    expect([a.state.phase, a.state.clock.until]).toEqual(["night", until]);
    expect(publicView(a.state, a.at).waitingFor).toEqual([]);
    a.endPhase();
    expect(a.at).toBe(until);
  });
});
