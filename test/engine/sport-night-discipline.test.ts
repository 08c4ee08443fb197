/**
 * SPORT rule tests: the night shot (SPORT-NIGHT-01..05, SPORT-OPEN-01/02), peeking
 * (SPORT-FOUL-15/16), the win (SPORT-WIN-01/02, SPORT-OPEN-13) and what is shown of the
 * roles (SPORT-OPEN-12, the deal commitment).
 */
import { describe, expect, it } from "vitest";
import { dealCommitment, verifyDeal } from "../../hub/engine/index.js";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";

/** Zero night with the fixed deal; Day 0's first speech (seat 1) is open. */
function day0(options: Record<string, unknown> = {}): EngineDriver {
  return new EngineDriver({ options }).start(DEAL).skipNight();
}

/** Day 0 without nominations: Night 1's shot step is open. */
function night1(options: Record<string, unknown> = {}): EngineDriver {
  const d = day0(options).passAll();
  expect([d.state.phase, d.state.step, d.state.round]).toEqual(["night", "mafia", 1]);
  return d;
}

/** Each shooter shoots at his targets, in order. */
function shoot(d: EngineDriver, shots: Record<number, number[]>): EngineDriver {
  for (const [seat, targets] of Object.entries(shots))
    for (const t of targets) d.actOk(Number(seat), "shoot", [t]);
  return d;
}

/** Ends the night; returns the seats the morning found killed. */
function morning(d: EngineDriver): number[] {
  d.skipNight();
  return d.pub.seats.filter((s) => s.out === "killed").map((s) => s.seat);
}

/** During the speeches: someone nominates a decoy, a later speaker the target; every vote defaults to the target. */
function voteOut(d: EngineDriver, target: number): EngineDriver {
  while (d.state.step === "speech") {
    const s = d.state.speaker as number;
    const noms = d.state.nominations;
    const decoy = d.state.seats.find((x) => x.alive && x.seat !== s && x.seat !== target)?.seat;
    const pick = noms.length === 0 ? decoy : noms.length === 1 && s !== target ? target : undefined;
    if (pick !== undefined) d.actOk(s, "nominate", [pick]);
    d.pass(s);
  }
  while (d.state.step === "vote") d.next();
  expect(d.pub.seats[target - 1]?.out).toBe("voted");
  return d;
}

/** One counting window: thumbs go down for exactly `downs` (others up first), then it closes. */
function window(d: EngineDriver, downs: number[]): EngineDriver {
  for (const s of d.state.seats)
    if (s.alive && s.thumbDown && !downs.includes(s.seat)) d.thumb(s.seat, false);
  for (const n of downs) if (!d.state.seats[n - 1]?.thumbDown) d.thumb(n, true);
  return d.next();
}

function remove(d: EngineDriver, ...seats: number[]): EngineDriver {
  for (const seat of seats) expect(d.host({ cmd: "remove", seat })).toBeNull();
  return d;
}

function lastRemoval(d: EngineDriver) {
  return d.state.announcements.findLast((a) => a.key === "removed");
}

/** Takes the blindfold off `seat` (after putting it on) at the given night step. */
function peek(d: EngineDriver, seat: number): boolean {
  d.blindfold(seat, true).blindfold(seat, false);
  return d.pub.seats[seat - 1]?.out === "removed";
}

describe("SPORT night shot", () => {
  it("SPORT-NIGHT-01: when the day's vote is resolved the host announces night; everyone is blindfolded", () => {
    const quiet = night1();
    expect(quiet.logKeys().slice(-2)).toEqual(["vote.none", "night.start"]);
    const d = voteOut(day0(), 7).passAll(); // the last word, then night
    expect([d.state.phase, d.state.round]).toEqual(["night", 1]);
    expect(d.state.announcements.at(-1)).toMatchObject({
      key: "night.start",
      params: { round: 1 },
    });
    for (let n = 1; n <= 10; n++) if (n !== 7) expect(d.view(n).blindfold).toBe(true);
  });

  it("SPORT-NIGHT-02: the mafia hunts with eyes closed; the living seats are called in order 1..10", () => {
    const d = voteOut(day0(), 6).passAll();
    for (let n = 1; n <= 10; n++) expect(d.view(n).blindfold).toBe(n !== 6);
    const called = [1, 2, 3, 4, 5, 7, 8, 9, 10];
    for (const n of [1, 2, 3])
      expect(d.view(n).prompt).toMatchObject({ action: "shoot", targets: called });
    for (const n of [4, 5, 7, 8, 9, 10]) expect(d.realPrompt(n)).toBeNull();
    expect(peek(d, 2)).toBe(true); // no black is woken to shoot
  });

  it("SPORT-NIGHT-03: a shot is a private act: the shooter feels it, the table sees nothing", () => {
    const d = night1();
    const before = { effects: d.effects.length, log: d.logKeys().length };
    d.actOk(2, "shoot", [7]);
    expect(d.effects.slice(before.effects)).toEqual([
      { type: "signal", seat: 2, signal: { haptic: "short" } },
    ]);
    expect(d.logKeys().length).toBe(before.log);
    expect(d.act(5, "shoot", [7])?.code).toBe("not_your_turn");
  });

  it("SPORT-NIGHT-04: all 3 mafiosi on one number kill that player, announced in the morning", () => {
    const d = shoot(night1(), { 1: [7], 2: [7], 3: [7] }).next();
    expect(d.pub.seats[6]?.alive).toBe(true); // still alive through the Don's and Sheriff's steps
    d.next().next();
    expect(d.pub.seats[6]?.out).toBe("killed");
    expect(d.state.announcements.find((a) => a.key === "morning.killed")?.seats).toEqual([7]);
    expect([d.state.step, d.state.speaker, d.state.clock.until]).toEqual([
      "lastword",
      7,
      d.at + 60_000,
    ]);
  });

  it("SPORT-NIGHT-05: a split shot and a missing shot are both misses", () => {
    const misses: Record<number, number[]>[] = [{ 1: [7], 2: [7], 3: [8] }, { 1: [7], 2: [7] }, {}];
    for (const shots of misses) {
      const d = shoot(night1(), shots);
      expect(morning(d)).toEqual([]);
      expect(d.logKeys()).toContain("morning.peaceful");
      expect(d.pub.seats.every((s) => s.alive)).toBe(true);
    }
  });
});

describe("SPORT-OPEN-01: a mafia of fewer than three", () => {
  it("SPORT-OPEN-01: (a) after the Don is voted out, 2 agreeing mafiosi kill; his step still runs, empty", () => {
    const d = voteOut(day0(), 1).passAll();
    expect(d.realPrompt(1)).toBeNull();
    shoot(d, { 2: [8], 3: [8] }).next();
    expect(d.state.step).toBe("don");
    expect(d.state.clock.until).toBe(d.at + 15_000);
    expect(d.state.seats.filter((s) => d.realPrompt(s.seat) !== null)).toEqual([]);
    expect(morning(d)).toEqual([8]);
  });

  it("SPORT-OPEN-01: (a) a lone living mafioso's shot counts; one of two not shooting is a miss", () => {
    const lone = remove(voteOut(day0(), 1).passAll(), 3);
    expect(morning(shoot(lone, { 2: [9] }))).toEqual([9]);
    const pair = voteOut(day0(), 3).passAll();
    expect(morning(shoot(pair, { 1: [9] }))).toEqual([]);
  });

  it("SPORT-OPEN-01: (b) shotQuorum:'three' — two agreeing mafiosi miss; three still kill", () => {
    const two = voteOut(day0({ shotQuorum: "three" }), 3).passAll();
    expect(morning(shoot(two, { 1: [8], 2: [8] }))).toEqual([]);
    expect(two.logKeys()).toContain("morning.peaceful");
    const three = shoot(night1({ shotQuorum: "three" }), { 1: [8], 2: [8], 3: [8] });
    expect(morning(three)).toEqual([8]);
  });
});

describe("SPORT-OPEN-02: shot details", () => {
  it("SPORT-OPEN-02: (a) a second shot by the same mafioso spoils the shot", () => {
    for (const second of [7, 8]) {
      const d = shoot(night1(), { 1: [7], 2: [7, second], 3: [7] });
      expect(morning(d)).toEqual([]);
      expect(d.logKeys()).toContain("morning.peaceful");
    }
  });

  it("SPORT-OPEN-02: (a) only living seats are called; black seats, the shooter's own included, are targets", () => {
    const d = voteOut(day0(), 5).passAll();
    expect(d.act(1, "shoot", [5])?.code).toBe("bad_target");
    expect(morning(shoot(d, { 1: [3], 2: [3], 3: [3] }))).toEqual([3]);
  });

  it("SPORT-OPEN-02: (b) secondShot:'reject' — the second shot is refused and the first stands", () => {
    const d = shoot(night1({ secondShot: "reject" }), { 1: [7], 2: [7], 3: [7] });
    expect(d.view(2).prompt).toBeNull();
    expect(d.act(2, "shoot", [8])?.code).toBe("not_your_turn");
    expect(morning(d)).toEqual([7]);
  });

  it("SPORT-OPEN-02: (b) shotTargets:'nonBlack' — black seats are not offered", () => {
    const d = night1({ shotTargets: "nonBlack" });
    expect(d.view(1).prompt?.targets).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(d.act(1, "shoot", [2])?.code).toBe("bad_target");
  });
});

describe("SPORT peeking", () => {
  it("SPORT-FOUL-15: a player who peeks at night is removed at once, with no foul counted", () => {
    const d = night1();
    d.host({ cmd: "foul", seat: 6 });
    d.host({ cmd: "foul", seat: 6 });
    const step = d.state.step;
    expect(peek(d, 6)).toBe(true);
    expect(lastRemoval(d)).toMatchObject({ seats: [6], params: { cause: "peeking" } });
    expect(d.pub.seats[5]?.fouls).toBe(2);
    expect(d.state.step).toBe(step);
    expect(d.logKeys().filter((k) => k === "foul")).toHaveLength(2);
  });

  it("SPORT-FOUL-16: a blindfold off is removal exactly when the step has not woken the seat", () => {
    // [steps to advance from the mafia step, round, seat, removed?]
    const cases: [number, 0 | 1, number, boolean][] = [
      [0, 0, 2, false],
      [0, 0, 5, true],
      [1, 0, 1, false],
      [1, 0, 3, true],
      [2, 0, 4, false],
      [2, 0, 1, true],
      [0, 1, 1, true],
      [0, 1, 3, true],
      [1, 1, 1, false],
      [1, 1, 4, true],
      [2, 1, 4, false],
      [2, 1, 2, true],
    ];
    for (const [steps, round, seat, removed] of cases) {
      const d = round === 0 ? new EngineDriver().start(DEAL) : night1();
      for (let i = 0; i < steps; i++) d.next();
      expect(peek(d, seat), `round ${round} ${d.state.step} seat ${seat}`).toBe(removed);
      if (removed) expect(lastRemoval(d)?.params.cause).toBe("peeking");
    }
  });

  it("SPORT-FOUL-16: a blindfold put on, taken off by day, or by an eliminated seat is no removal", () => {
    const d = voteOut(day0(), 7);
    d.blindfold(5, false);
    d.passAll();
    d.blindfold(5, true); // putting it on is no edge
    expect(peek(d, 7)).toBe(false); // 7 is out already: nothing more happens to him
    expect(d.pub.seats[6]?.out).toBe("voted");
    expect(d.pub.seats.filter((s) => !s.alive).map((s) => s.seat)).toEqual([7]);
  });
});

describe("SPORT win", () => {
  it("SPORT-WIN-01: red wins the moment the last black is eliminated", () => {
    const d = remove(day0(), 1, 2);
    expect(d.pub.winner).toBeNull();
    voteOut(d, 3);
    expect([d.pub.phase, d.pub.winner]).toEqual(["ended", "town"]);
    expect(d.state.announcements.at(-1)).toMatchObject({
      key: "game.end",
      params: { winner: "town" },
    });
    const removed = remove(night1(), 1, 2, 3);
    expect([removed.pub.phase, removed.pub.winner]).toEqual(["ended", "town"]);
  });

  it("SPORT-WIN-02: black wins at 3 vs 3, whether by removal, night kill or vote", () => {
    const byRemoval = remove(day0(), 5, 6, 7);
    expect(byRemoval.pub.winner).toBeNull();
    remove(byRemoval, 8);
    expect([byRemoval.pub.phase, byRemoval.pub.winner]).toEqual(["ended", "mafia"]);

    const byKill = remove(night1(), 5, 6, 7);
    morning(shoot(byKill, { 1: [8], 2: [8], 3: [8] }));
    expect([byKill.pub.winner, byKill.pub.seats[7]?.out]).toEqual(["mafia", "killed"]);

    const byVote = voteOut(remove(day0(), 5, 6, 7), 8);
    expect([byVote.pub.winner, byVote.state.step]).toEqual(["mafia", "end"]); // no last word
  });

  it("SPORT-WIN-02: blackWins:'exact' still ends the game at equality", () => {
    const d = remove(day0({ blackWins: "exact" }), 5, 6, 7, 8);
    expect(d.pub.winner).toBe("mafia");
  });

  it("SPORT-OPEN-13: a peeking removal at night that makes 3 vs 3 ends the game at once", () => {
    const d = remove(night1(), 5, 6, 7);
    expect(peek(d, 9)).toBe(true);
    expect([d.pub.phase, d.pub.winner]).toEqual(["ended", "mafia"]);
  });
});

/** Day 0 at 3 black vs 4 red (8, 9, 10 removed); a shootout that ends with the leave vote on 4 and 5. */
function threeVsTwo(options: Record<string, unknown> = {}): EngineDriver {
  const d = remove(day0(options), 8, 9, 10);
  expect(d.pub.winner).toBeNull();
  const picks: Record<number, number> = { 1: 4, 2: 5, 3: 6, 4: 7 };
  while (d.state.step === "speech") {
    const s = d.state.speaker as number;
    if (picks[s]) d.actOk(s, "nominate", [picks[s]]);
    d.pass(s);
  }
  window(window(window(window(d, [1, 2]), [3, 4]), [5, 6]), []); // 2, 2, 2, 1 (7 defaults to 7)
  expect(d.state.step).toBe("shootout");
  d.passAll();
  window(window(window(d, [1, 2, 3]), [4, 5, 6]), []); // 3, 3, 1: only 4 and 5 stay tied
  expect([d.state.step, d.state.ballot]).toEqual(["leavevote", [4, 5]]);
  return window(d, [1, 2, 3, 7]); // 4 of 7 living vote "leave"
}

describe("SPORT-OPEN-13: more blacks than reds", () => {
  it("SPORT-OPEN-13: (a) two reds leaving together from 3 vs 4 make 3 vs 2: black wins", () => {
    const d = threeVsTwo();
    expect([4, 5].map((n) => d.pub.seats[n - 1]?.out)).toEqual(["voted", "voted"]);
    expect([d.pub.phase, d.pub.winner]).toEqual(["ended", "mafia"]);
  });

  it("SPORT-OPEN-13: (b) blackWins:'exact' — 3 vs 2 is no win; the game goes on to the last words", () => {
    const d = threeVsTwo({ blackWins: "exact" });
    expect(d.pub.winner).toBeNull();
    expect([d.state.step, d.state.speaker]).toEqual(["lastword", 4]);
    d.passAll();
    expect([d.state.phase, d.state.round]).toEqual(["night", 1]);
  });
});

describe("SPORT-OPEN-12: roles on elimination and at the end", () => {
  it("SPORT-OPEN-12: (a) no role is shown when a player is voted out, killed or removed", () => {
    const d = voteOut(day0(), 4).passAll();
    remove(d, 2);
    morning(shoot(d, { 1: [9], 3: [9] }));
    expect(d.pub.seats.filter((s) => !s.alive).map((s) => [s.seat, s.out])).toEqual([
      [2, "removed"],
      [4, "voted"],
      [9, "killed"],
    ]);
    expect(d.pub.seats.every((s) => s.role === null)).toBe(true);
    expect(d.pub.roles).toBeNull();
    expect(d.view(5).allyRoles).toEqual({});
  });

  it("SPORT-OPEN-12: (b) revealOnElimination shows the leaver's role only", () => {
    const d = voteOut(day0({ revealOnElimination: true }), 4);
    remove(d, 2);
    expect(d.pub.seats.map((s) => s.role)).toEqual([
      null,
      "mafia",
      null,
      "sheriff",
      ...Array(6).fill(null),
    ]);
  });

  it("SPORT-OPEN-12: the end shows every role and opens the real deal, which verifies", () => {
    const d = new EngineDriver({ seed: "5e1f00d5a11ce0ffee00b0bacafe1234" }).start();
    const dealt = d.state.seats.map((s) => d.view(s.seat).role as string);
    const commitment = d.pub.deal?.commitment as string;
    d.skipNight();
    remove(d, ...dealt.flatMap((r, i) => (r === "don" || r === "mafia" ? [i + 1] : [])));
    const pub = d.pub;
    expect(pub.winner).toBe("town");
    expect(pub.roles).toEqual(Object.fromEntries(dealt.map((r, i) => [String(i + 1), r])));
    expect(pub.seats.map((s) => s.role)).toEqual(dealt);
    expect(pub.deal?.commitment).toBe(commitment);
    expect(pub.deal?.roles).toEqual(dealt);
    const salt = pub.deal?.salt as string;
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    expect(dealCommitment(salt, dealt)).toBe(commitment);
    expect(verifyDeal(commitment, salt, dealt)).toBe(true);
    expect(verifyDeal(commitment, salt, [...dealt].reverse())).toBe(false);
  });

  it("SPORT-OPEN-12: a game the host aborts also shows every role", () => {
    const d = day0();
    expect(d.host({ cmd: "end" })).toBeNull();
    expect(d.pub.winner).toBeNull();
    expect(Object.values(d.pub.roles ?? {})).toEqual(DEAL);
  });
});
