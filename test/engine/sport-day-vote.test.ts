/**
 * SPORT rule tests: the day (speeches, rotation, nominations) and the thumb vote
 * (RULES.md §1 DAY, NOM, VOTE, SPORT-OPEN-06/07/08/11).
 */
import { describe, expect, it } from "vitest";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";

const SPEAKING = ["speech", "lastword", "shootout"];

/** A game at the start of Day 0 (seat 1 speaking), with the fixed deal. */
function day0(options: Record<string, unknown> = {}): EngineDriver {
  return new EngineDriver({ options }).start(DEAL).skipNight();
}

/**
 * Runs the speaking steps to their end with "thank you"; `noms` maps a speaker to the
 * seat he nominates. Returns the day speakers in order.
 */
function speak(d: EngineDriver, noms: Record<number, number> = {}): number[] {
  const order: number[] = [];
  while (d.state.phase === "day" && SPEAKING.includes(d.state.step)) {
    const s = d.state.speaker as number;
    const target = noms[s];
    if (d.state.step === "speech") {
      order.push(s);
      if (target !== undefined) d.actOk(s, "nominate", [target]);
    }
    d.pass(s);
  }
  return order;
}

/** One entry per counting window: the seats whose thumbs are down when it closes. */
function vote(d: EngineDriver, windows: number[][]): void {
  for (const seats of windows) {
    for (const s of seats) d.thumb(s, true);
    d.expire();
    for (const s of seats) d.thumb(s, false);
  }
}

/** A day with no nominations, then the night with no shot: the next day's speeches. */
function nextDay(d: EngineDriver): EngineDriver {
  speak(d);
  return d.skipNight();
}

/** In the night's mafia step: every living black shoots `target`; then the night ends. */
function kill(d: EngineDriver, target: number): EngineDriver {
  for (const s of d.state.seats)
    if (s.alive && s.team === "mafia") d.actOk(s.seat, "shoot", [target]);
  return d.skipNight();
}

/** Announcements with this key, from every effect so far (not only the last 12). */
function logs(d: EngineDriver, key: string) {
  return d.effects.flatMap((e) => (e.type === "log" && e.entry.key === key ? [e.entry] : []));
}

const seatOf = (d: EngineDriver, n: number) => d.pub.seats[n - 1];

describe("SPORT day: morning and speeches", () => {
  it("SPORT-DAY-02, SPORT-DAY-03: Day 0: every living player speaks once, in seat order from seat 1, 60 s each", () => {
    const d = day0();
    const lengths: number[] = [];
    const order: number[] = [];
    while (d.state.step === "speech") {
      order.push(d.pub.speaker as number);
      lengths.push((d.pub.until as number) - d.at);
      d.tick(1000).pass(d.pub.speaker as number);
    }
    expect(order).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(lengths)).toEqual(new Set([60_000]));
  });

  it("SPORT-DAY-03, SPORT-OPEN-06: the speech ends by its timer at 60 s, with no foul for the missing 'thank you'", () => {
    const d = day0();
    expect(d.feed({ type: "timer", at: d.at + 59_999 })?.code).toBe("stale_timer");
    expect(d.pub.speaker).toBe(1);
    d.expire();
    expect(d.pub.speaker).toBe(2);
    expect(seatOf(d, 1)?.fouls).toBe(0);
    expect(logs(d, "foul")).toEqual([]);
    // Talking on after the minute is speaking out of turn (SPORT-FOUL-01).
    d.host({ cmd: "foul", seat: 1, cause: "out_of_turn" });
    expect(logs(d, "foul").map((e) => [e.seats, e.params.cause])).toEqual([[[1], "out_of_turn"]]);
    expect(d.pub.speaker).toBe(2);
  });

  it("SPORT-DAY-05: 'thank you' ends one's own speech; nobody else can end it", () => {
    const d = day0();
    expect(d.seat(5, { kind: "pass" })?.code).toBe("not_your_turn");
    expect(d.pub.speaker).toBe(1);
    d.pass(1);
    expect(d.pub.step).toBe("speech");
    expect(d.pub.speaker).toBe(2);
  });

  it("SPORT-DAY-05: a seat out of the game is offered 'thank you' in its own last word, and it ends the word", () => {
    const d = day0();
    speak(d);
    kill(d, 5); // night 1: seat 5 dies and is owed a last word
    expect(d.pub.step).toBe("lastword");
    expect(d.pub.speaker).toBe(5);
    expect(d.view(5)).toMatchObject({ alive: false, pass: "thanks" });
    expect(d.view(4).pass).toBeNull();
    d.pass(5);
    expect(d.pub.step).toBe("speech");
    expect(d.view(5).pass).toBeNull();
  });

  it("SPORT-DAY-04, SPORT-OPEN-11: each later day starts one seat further on, wrapping 10 → 1", () => {
    const d = day0();
    const firsts: number[] = [];
    for (let day = 0; day <= 10; day++) {
      expect(d.pub.round).toBe(day);
      firsts.push(d.pub.speaker as number);
      nextDay(d);
    }
    expect(firsts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1]);
  });

  it("SPORT-OPEN-11: eliminated seats are skipped, in the speech order and in the rotation (wrap 10 → 1 past a dead seat)", () => {
    const d = day0();
    d.host({ cmd: "remove", seat: 10 });
    expect(speak(d)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    kill(d, 5); // night 1: seat 5 dies
    const firsts: number[] = [];
    for (let day = 1; day <= 10; day++) {
      if (d.pub.step === "lastword") d.pass(d.pub.speaker as number);
      firsts.push(d.pub.speaker as number);
      nextDay(d);
    }
    // Days 1..10: 2, 3, 4, then 6 (5 is dead), 7, 8, 9, then 1 (10 is dead), 2, 3.
    expect(firsts).toEqual([2, 3, 4, 6, 7, 8, 9, 1, 2, 3]);
  });

  it("SPORT-OPEN-11: a player silenced by 3 fouls is skipped but still counts as the day's first speaker", () => {
    const d = day0();
    for (let i = 0; i < 3; i++) d.host({ cmd: "foul", seat: 2 });
    nextDay(d); // Day 1 would start with seat 2
    expect(logs(d, "speech.lost").map((e) => e.seats)).toEqual([[2]]);
    expect(logs(d, "day.start").at(-1)?.seats).toEqual([2]);
    expect(speak(d)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 1]);
    d.skipNight();
    expect(d.pub.speaker).toBe(3); // the seat after 2, not after 3
  });

  it("SPORT-DAY-01, SPORT-LAST-02: a night kill is announced in the morning and the victim has a 60 s last word", () => {
    const d = day0();
    speak(d);
    kill(d, 7);
    expect(logs(d, "morning.killed").map((e) => e.seats)).toEqual([[7]]);
    expect(seatOf(d, 7)).toMatchObject({ alive: false, out: "killed" });
    expect(d.pub.step).toBe("lastword");
    expect(d.pub.speaker).toBe(7);
    expect((d.pub.until as number) - d.at).toBe(60_000);
    d.pass(7);
    expect(d.pub.step).toBe("speech");
    expect(d.pub.speaker).toBe(2);
  });

  it("SPORT-DAY-01: after a missed shot the morning is announced as peaceful and nobody is out", () => {
    const d = day0();
    speak(d);
    d.actOk(1, "shoot", [5]).actOk(2, "shoot", [5]).actOk(3, "shoot", [6]).skipNight();
    expect(d.logKeys()).toContain("morning.peaceful");
    expect(d.logKeys()).not.toContain("morning.killed");
    expect(d.pub.seats.every((s) => s.alive)).toBe(true);
    expect(d.pub.step).toBe("speech");
  });

  it("SPORT-DAY-07: claiming to be the Sheriff costs nothing: no foul cause exists for it", () => {
    const d = day0();
    const causes = d.pub.extras.foulCauses as string[];
    expect(causes.some((c) => /sheriff|claim|role|bluff/.test(c))).toBe(false);
    expect(d.host({ cmd: "foul", seat: 2, cause: "claim_sheriff" })?.code).toBe("bad_cause");
    expect(speak(d)).toHaveLength(10);
    expect(d.pub.seats.every((s) => s.fouls === 0 && s.alive)).toBe(true);
  });

  it("SPORT-DAY-08: nights and days alternate until a team wins", () => {
    const d = day0();
    speak(d);
    d.skipNight();
    for (const [speaker, black] of [
      [2, 1],
      [3, 2],
      [4, 3],
    ] as const) {
      expect(d.pub.speaker).toBe(speaker);
      speak(d, { [speaker]: black });
      vote(d, [[]]);
      if (d.pub.phase === "ended") break;
      speak(d); // the last word
      d.skipNight();
    }
    const keys = d.allLogs().map((l) => l.key);
    const rhythm = keys.filter((k) => ["night.start", "day.start", "game.end"].includes(k));
    const night = ["night.start", "day.start"];
    expect(rhythm).toEqual([...night, ...night, ...night, ...night, "game.end"]);
    expect(d.pub.phase).toBe("ended");
    expect(d.pub.winner).toBe("town");
  });
});

describe("SPORT nominations", () => {
  it("SPORT-DAY-06, SPORT-NOM-01, SPORT-NOM-02: the speaker is offered every other living player and nominates one", () => {
    const d2 = day0();
    d2.pass(1).pass(2).pass(3);
    const prompt = d2.view(4).prompt;
    expect(prompt).toMatchObject({ action: "nominate", min: 1, max: 1 });
    expect(prompt?.targets).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
    d2.actOk(4, "nominate", [2]); // e.g. a player the Sheriff would have found black
    expect(d2.pub.nominations).toEqual([2]);
    expect(logs(d2, "nomination").map((e) => e.seats)).toEqual([[4, 2]]);
  });

  it("SPORT-OPEN-08: one nomination per speech by default; nominationsPerSpeech allows more", () => {
    const d = day0();
    d.actOk(1, "nominate", [5]);
    expect(d.view(1).prompt).toBeNull();
    expect(d.act(1, "nominate", [6])?.code).toBe("not_your_turn");
    expect(d.pub.nominations).toEqual([5]);
    const two = day0({ nominationsPerSpeech: 2 });
    two.actOk(1, "nominate", [5]).actOk(1, "nominate", [6]);
    expect(two.act(1, "nominate", [7])?.code).toBe("not_your_turn");
    expect(two.pub.nominations).toEqual([5, 6]);
  });

  it("SPORT-OPEN-08: no self-nomination by default; selfNomination allows it", () => {
    const d = day0();
    expect(d.view(1).prompt?.targets).not.toContain(1);
    expect(d.act(1, "nominate", [1])?.code).toBe("bad_target");
    expect(d.pub.nominations).toEqual([]);
    const self = day0({ selfNomination: true });
    expect(self.view(1).prompt?.targets).toContain(1);
    self.actOk(1, "nominate", [1]);
    expect(self.pub.nominations).toEqual([1]);
  });

  it("SPORT-OPEN-08: an already nominated player is rejected with already_nominated; the speaker may name another", () => {
    const d = day0();
    d.actOk(1, "nominate", [5]).pass(1);
    expect(d.view(2).prompt?.targets).not.toContain(5);
    expect(d.act(2, "nominate", [5])?.code).toBe("already_nominated");
    expect(d.pub.nominations).toEqual([5]);
    d.actOk(2, "nominate", [6]);
    expect(d.pub.nominations).toEqual([5, 6]);
  });

  it("SPORT-OPEN-08: nominating outside one's own speech is rejected", () => {
    const d = day0();
    expect(d.view(3).prompt).toBeNull();
    expect(d.act(3, "nominate", [5])?.code).toBe("not_your_turn");
    speak(d, { 1: 5, 2: 6 });
    expect(d.pub.step).toBe("vote");
    expect(d.act(3, "nominate", [7])?.code).toBe("not_your_turn");
    expect(d.pub.nominations).toEqual([5, 6]);
  });

  it("SPORT-NOM-03: when all have spoken, the nominees are announced in nomination order", () => {
    const d = day0();
    speak(d, { 1: 7, 2: 5, 3: 9 });
    expect(logs(d, "vote.nominees").map((e) => [e.seats, e.params.count])).toEqual([
      [[7, 5, 9], 3],
    ]);
    expect(d.pub.ballot).toEqual([7, 5, 9]);
  });

  it("SPORT-NOM-04: on Day 0 a single nominee is not voted on; two nominees are", () => {
    const one = day0();
    speak(one, { 3: 8 });
    expect(one.logKeys()).toContain("vote.skipped");
    expect(one.pub.phase).toBe("night");
    expect(one.pub.seats.every((s) => s.alive)).toBe(true);
    const two = day0();
    speak(two, { 3: 8, 4: 9 });
    expect(two.pub.step).toBe("vote");
    expect(two.pub.counting).toBe(8);
  });

  it("SPORT-NOM-05, SPORT-NOM-07: on Day 1 a single nominee is voted on and gets every vote, cast or defaulted", () => {
    const d = nextDay(day0());
    speak(d, { 2: 6 });
    expect(d.pub.step).toBe("vote");
    expect(d.pub.counting).toBe(6);
    vote(d, [[1, 2, 3]]);
    expect(d.pub.tally).toEqual({ "6": 10 });
    expect(seatOf(d, 6)).toMatchObject({ alive: false, out: "voted" });
    expect(d.pub.step).toBe("lastword");
  });

  it("SPORT-NOM-06: with no nominees there is no vote, nobody leaves, and night follows", () => {
    const d = nextDay(day0());
    speak(d);
    expect(d.logKeys()).toContain("vote.none");
    expect(d.logKeys()).not.toContain("vote.start");
    expect(d.pub).toMatchObject({ phase: "night", round: 2 });
    expect(d.pub.seats.every((s) => s.alive)).toBe(true);
  });
});

describe("SPORT thumb vote", () => {
  it("SPORT-VOTE-01: one counting window per nominee, in nomination order", () => {
    const d = day0();
    speak(d, { 1: 7, 2: 5, 3: 9 });
    const counted: (number | null)[] = [];
    while (d.pub.step === "vote") {
      counted.push(d.pub.counting);
      expect((d.pub.until as number) - d.at).toBe(5_000);
      d.expire();
    }
    expect(counted).toEqual([7, 5, 9]);
    expect(logs(d, "vote.counted").map((e) => e.seats[0])).toEqual([7, 5, 9]);
  });

  it("SPORT-VOTE-02, SPORT-VOTE-03: a thumb down at the close is one vote; kept down into later windows it is not a second one", () => {
    const d = day0();
    speak(d, { 1: 7, 2: 5, 3: 9 });
    d.thumb(1, true).thumb(2, true).expire(); // window 7: seats 1 and 2, thumbs stay down
    d.thumb(3, true).expire(); // window 5: only seat 3 is new
    d.thumb(3, false).expire(); // window 9 (last): the other 7 default here
    expect(d.pub.tally).toEqual({ "7": 2, "5": 1, "9": 7 });
    expect(d.pub.seats.filter((s) => !s.alive).map((s) => s.seat)).toEqual([9]);
  });

  it("SPORT-VOTE-04: thumb down and up inside one window is a provocation: the player is removed", () => {
    const d = day0();
    speak(d, { 1: 7, 2: 5 });
    d.thumb(4, true).thumb(4, false);
    expect(seatOf(d, 4)).toMatchObject({ alive: false, out: "removed" });
    expect(logs(d, "removed").map((e) => [e.seats, e.params.cause])).toEqual([
      [[4], "provocation"],
    ]);
    d.thumb(6, true).expire().thumb(6, false); // raised after the count: no provocation
    expect(seatOf(d, 6)?.alive).toBe(true);
  });

  it("SPORT-VOTE-05: a player who votes for nobody votes for the last nominee", () => {
    const d = day0();
    speak(d, { 1: 7, 2: 5, 3: 9 });
    vote(d, [[], [], []]);
    expect(d.pub.tally).toEqual({ "7": 0, "5": 0, "9": 10 });
  });

  it("SPORT-VOTE-06: the nominee with most votes leaves after a 30 s last word, then night", () => {
    const d = day0();
    speak(d, { 1: 7, 2: 5 });
    vote(d, [[1, 2, 3, 4, 5, 6], []]);
    expect(d.pub.tally).toEqual({ "7": 6, "5": 4 });
    expect(logs(d, "vote.eliminated").map((e) => e.seats)).toEqual([[7]]);
    expect(seatOf(d, 7)).toMatchObject({ alive: false, out: "voted" });
    expect(d.pub).toMatchObject({ step: "lastword", speaker: 7 });
    expect((d.pub.until as number) - d.at).toBe(30_000);
    d.pass(7);
    expect(d.pub).toMatchObject({ phase: "night", round: 1 });
  });
});

describe("SPORT-OPEN-07: removal during the game", () => {
  it("SPORT-OPEN-07: a nominee's provocation voids the votes for him; his own nominations stay; defaults go to the last remaining nominee", () => {
    const d = day0();
    speak(d, { 1: 5, 2: 6, 5: 7 });
    vote(d, [[8, 9, 10]]); // window 5
    d.thumb(5, true).thumb(5, false); // provocation in window 6
    expect(seatOf(d, 5)?.out).toBe("removed");
    expect(d.pub.ballot).toEqual([6, 7]);
    expect(d.pub.counting).toBe(6);
    vote(d, [[8, 9], []]); // 8 and 9 vote again; the rest default to 7
    expect(d.pub.tally).toEqual({ "6": 2, "7": 7 });
    expect(seatOf(d, 7)?.out).toBe("voted");
  });

  it("SPORT-OPEN-07: the last nominee removed in his own window: it closes uncounted, defaults go to the new last nominee, no last word for him", () => {
    const d = day0();
    speak(d, { 1: 5, 2: 6, 3: 7 });
    vote(d, [[], [1, 2]]);
    d.thumb(7, true).thumb(7, false);
    expect(d.pub.tally).toEqual({ "5": 0, "6": 9 });
    expect(seatOf(d, 6)?.out).toBe("voted");
    expect(d.pub).toMatchObject({ step: "lastword", speaker: 6 });
    d.pass(6);
    expect(d.pub.phase).toBe("night");
  });

  it("SPORT-OPEN-07 (b): removalLastWord gives the removed player a 30 s last word at the next speaking point", () => {
    const d = day0({ removalLastWord: true });
    speak(d, { 1: 5, 2: 6, 3: 7 });
    vote(d, [[], [1, 2]]);
    d.thumb(7, true).thumb(7, false);
    expect(d.pub).toMatchObject({ step: "lastword", speaker: 7 });
    expect((d.pub.until as number) - d.at).toBe(30_000);
    d.pass(7);
    expect(d.pub).toMatchObject({ step: "lastword", speaker: 6 });
  });

  it("SPORT-OPEN-07: a removal in one's own speech ends it at once, with no last word", () => {
    const d = day0();
    d.pass(1).host({ cmd: "remove", seat: 2 });
    expect(seatOf(d, 2)?.out).toBe("removed");
    expect(d.pub).toMatchObject({ step: "speech", speaker: 3 });
    expect(speak(d)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("SPORT-OPEN-07: the win check runs at once after a removal", () => {
    const d = day0();
    d.host({ cmd: "remove", seat: 1 });
    d.host({ cmd: "remove", seat: 2 });
    expect(d.pub.phase).toBe("day");
    d.host({ cmd: "remove", seat: 3 });
    expect(d.pub).toMatchObject({ phase: "ended", winner: "town" });
    expect(d.pub.roles?.["1"]).toBe("don");
  });
});
