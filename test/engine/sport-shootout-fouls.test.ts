/**
 * SPORT rule tests: the shootout and the leave/stay vote, last words, and fouls
 * (RULES.md §1 TIE, LAST, FOUL, SPORT-OPEN-04/05/06/09/10).
 */
import { describe, expect, it } from "vitest";
import { applyInPlace } from "../../hub/engine/index.js";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";

const SPEAKING = ["speech", "lastword", "shootout"];

/** A game at the start of Day 0 (seat 1 speaking), with the fixed deal. */
function day0(options: Record<string, unknown> = {}): EngineDriver {
  return new EngineDriver({ options }).start(DEAL).skipNight();
}

/**
 * Runs the speaking steps to their end with "thank you"; `noms` maps a day speaker to
 * the seat he nominates. Returns every turn as "step:seat:seconds".
 */
function speak(d: EngineDriver, noms: Record<number, number> = {}): string[] {
  const turns: string[] = [];
  while (d.state.phase === "day" && SPEAKING.includes(d.state.step)) {
    const s = d.state.speaker as number;
    turns.push(`${d.state.step}:${s}:${((d.state.clock.until as number) - d.at) / 1000}`);
    const target = noms[s];
    if (d.state.step === "speech" && target !== undefined) d.actOk(s, "nominate", [target]);
    d.pass(s);
  }
  return turns;
}

/** The day speakers among `speak`'s turns. */
const speakers = (turns: string[]) =>
  turns.filter((t) => t.startsWith("speech:")).map((t) => Number(t.split(":")[1]));

/** One entry per counting window: the seats whose thumbs are down when it closes. */
function vote(d: EngineDriver, windows: number[][]): void {
  for (const seats of windows) {
    for (const s of seats) d.thumb(s, true);
    d.expire();
    for (const s of seats) d.thumb(s, false);
  }
}

/** Announcements with this key, from every effect so far. */
function logs(d: EngineDriver, key: string) {
  return d.effects.flatMap((e) => (e.type === "log" && e.entry.key === key ? [e.entry] : []));
}

/** [nominee, votes] for every counting window closed so far. */
const counted = (d: EngineDriver) =>
  logs(d, "vote.counted").map((e) => [e.seats[0], e.params.votes]);

const seatOf = (d: EngineDriver, n: number) => d.pub.seats[n - 1];
const outSeats = (d: EngineDriver) => d.pub.seats.filter((s) => !s.alive).map((s) => s.seat);

/** Day 0: nominees 7 then 5, 5 votes each. */
function twoWayTie(options: Record<string, unknown> = {}): EngineDriver {
  const d = day0(options);
  speak(d, { 1: 7, 2: 5 });
  vote(d, [[1, 2, 3, 4, 5], []]);
  return d;
}

/**
 * Day 0: nominees 5, 6, 7, 8 get 3/3/3/1; after the justifications the revote gives
 * 5 → 4, 6 → 4, 7 → 2 (the partial re-tie of SPORT-OPEN-09 a).
 */
function partialReTie(options: Record<string, unknown> = {}): EngineDriver {
  const d = day0(options);
  speak(d, { 1: 5, 2: 6, 3: 7, 4: 8 });
  vote(d, [[1, 2, 3], [4, 5, 9], [6, 7, 10], []]);
  speak(d);
  vote(d, [[1, 2, 3, 4], [5, 6, 9, 10], []]);
  return d;
}

/** Seat 6 takes 3 fouls on Day 0 (not in his speech); then Day 1 begins. */
function silencedOnDay1(options: Record<string, unknown> = {}): EngineDriver {
  const d = day0(options);
  for (let i = 0; i < 3; i++) d.host({ cmd: "foul", seat: 6, cause: "out_of_turn" });
  speak(d);
  return d.skipNight();
}

describe("SPORT shootout", () => {
  it("SPORT-VOTE-07, SPORT-TIE-01: two or more nominees tied for most votes go to a shootout", () => {
    const d = twoWayTie();
    expect(counted(d)).toEqual([
      [7, 5],
      [5, 5],
    ]);
    expect(logs(d, "shootout").map((e) => e.seats)).toEqual([[7, 5]]);
    expect(d.pub.step).toBe("shootout");
    expect(outSeats(d)).toEqual([]);
    const three = day0();
    speak(three, { 1: 5, 2: 6, 3: 7, 4: 8 });
    vote(three, [[1, 2, 3], [4, 5, 9], [6, 7, 10], []]);
    expect(counted(three).map(([, votes]) => votes)).toEqual([3, 3, 3, 1]);
    expect(logs(three, "shootout").map((e) => e.seats)).toEqual([[5, 6, 7]]);
    expect(three.pub.ballot).toEqual([5, 6, 7]);
  });

  it("SPORT-TIE-02: each tied player justifies himself for 30 s, in nomination order", () => {
    const d = twoWayTie();
    expect(speak(d)).toEqual(["shootout:7:30", "shootout:5:30"]);
    expect(d.pub.step).toBe("revote");
  });

  it("SPORT-TIE-03, SPORT-OPEN-09, SPORT-LAST-01: the revote holds the tied in nomination order, non-votes go to the last; the winner leaves after 30 s", () => {
    const d = twoWayTie();
    speak(d);
    expect(d.pub).toMatchObject({ step: "revote", ballot: [7, 5], counting: 7 });
    vote(d, [[1, 2, 3], []]);
    expect(d.pub.tally).toEqual({ "7": 3, "5": 7 });
    expect(seatOf(d, 5)).toMatchObject({ alive: false, out: "voted" });
    expect(speak(d)).toEqual(["lastword:5:30"]);
    expect(d.pub).toMatchObject({ phase: "night", round: 1 });
  });

  it("SPORT-TIE-04, SPORT-OPEN-09 (a): 3-way tie, then a partial re-tie: only the top-tied go to the leave/stay vote", () => {
    const d = partialReTie();
    expect(counted(d).slice(-3)).toEqual([
      [5, 4],
      [6, 4],
      [7, 2],
    ]);
    expect(d.pub.step).toBe("leavevote");
    expect(d.pub.ballot).toEqual([5, 6]);
    expect(logs(d, "vote.leave.start").map((e) => e.seats)).toEqual([[5, 6]]);
  });

  it("SPORT-OPEN-09 (b): revoteTie allTied puts every originally tied player on the leave/stay ballot", () => {
    const d = partialReTie({ revoteTie: "allTied" });
    expect(d.pub.step).toBe("leavevote");
    expect(d.pub.ballot).toEqual([5, 6, 7]);
  });

  it("SPORT-TIE-04, SPORT-TIE-05, SPORT-OPEN-10, SPORT-LAST-01: more than half of the living vote leave: all leave, 30 s last word each, then night", () => {
    const d = partialReTie();
    vote(d, [[5, 6, 1, 2, 3, 4]]); // the tied ones vote too
    expect(d.pub.tally).toEqual({ leave: 6, stay: 4 });
    expect(logs(d, "vote.leave.yes").map((e) => e.seats)).toEqual([[5, 6]]);
    expect(outSeats(d)).toEqual([5, 6]);
    expect(d.pub.seats.filter((s) => !s.alive).every((s) => s.out === "voted")).toBe(true);
    expect(speak(d)).toEqual(["lastword:5:30", "lastword:6:30"]);
    expect(d.pub).toMatchObject({ phase: "night", round: 1 });
    const all = partialReTie({ revoteTie: "allTied" });
    vote(all, [[1, 2, 3, 4, 8, 9]]);
    expect(outSeats(all)).toEqual([5, 6, 7]);
    expect(speak(all)).toEqual(["lastword:5:30", "lastword:6:30", "lastword:7:30"]);
    expect(all.pub.phase).toBe("night");
  });

  it("SPORT-OPEN-10 (a), SPORT-TIE-05: exactly half of the living voting leave keeps all; night follows either way", () => {
    const half = partialReTie();
    vote(half, [[1, 2, 3, 4, 5]]);
    expect(half.pub.tally).toEqual({ leave: 5, stay: 5 });
    expect(half.logKeys()).toContain("vote.leave.no");
    expect(outSeats(half)).toEqual([]);
    expect(half.pub).toMatchObject({ phase: "night", round: 1 });
    const none = partialReTie();
    vote(none, [[]]); // nobody votes: a non-vote is "stay"
    expect(none.pub.tally).toEqual({ leave: 0, stay: 10 });
    expect(outSeats(none)).toEqual([]);
    const more = partialReTie();
    vote(more, [[1, 2, 3, 4, 5, 7]]);
    expect(outSeats(more)).toEqual([5, 6]);
  });

  it("SPORT-OPEN-10 (b) leaveVoteThreshold castMajority: a leave window and a stay window; more leave than stay among votes cast", () => {
    const fewer = partialReTie({ leaveVoteThreshold: "castMajority" });
    vote(fewer, [[1, 2, 3]]);
    expect(fewer.pub.step).toBe("stayvote");
    expect(fewer.pub.tally).toEqual({ leave: 3 });
    vote(fewer, [[4, 7]]); // 3 leave against 2 stay: they leave, though 3 is not half of 10
    expect(fewer.pub.tally).toEqual({ leave: 3, stay: 2 });
    expect(outSeats(fewer)).toEqual([5, 6]);
    const tie = partialReTie({ leaveVoteThreshold: "castMajority" });
    vote(tie, [
      [1, 2],
      [3, 4],
    ]);
    expect(tie.logKeys()).toContain("vote.leave.no");
    expect(outSeats(tie)).toEqual([]);
    expect(tie.pub).toMatchObject({ phase: "night", round: 1 });
  });
});

const CAUSES = [
  ["SPORT-FOUL-01", "out_of_turn"],
  ["SPORT-FOUL-02", "after_thanks"],
  ["SPORT-FOUL-03", "honestly"],
  ["SPORT-FOUL-04", "swearing"],
  ["SPORT-FOUL-05", "percent"],
  ["SPORT-FOUL-06", "money"],
  ["SPORT-FOUL-07", "agitation"],
  ["SPORT-FOUL-08", "artificial"],
  ["SPORT-FOUL-09", "religion"],
  ["SPORT-FOUL-10", "insult"],
] as const;

describe("SPORT fouls", () => {
  it.each(CAUSES)("%s: the host's foul with cause %s is accepted and counted", (_id, cause) => {
    const d = day0();
    expect(d.host({ cmd: "foul", seat: 5, cause })).toBeNull();
    expect(seatOf(d, 5)?.fouls).toBe(1);
    expect(logs(d, "foul").map((e) => [e.seats, e.params])).toEqual([[[5], { cause, fouls: 1 }]]);
    expect(d.pub.speaker).toBe(1); // one foul changes nothing else
  });

  it("SPORT-OPEN-06: the ten causes plus 'other' are offered; a foul without a cause counts as 'other'", () => {
    const d = day0();
    expect(d.pub.extras.foulCauses).toEqual([...CAUSES.map(([, c]) => c), "other"]);
    d.host({ cmd: "foul", seat: 3 });
    expect(logs(d, "foul")[0]?.params).toEqual({ cause: "other", fouls: 1 });
  });

  it("SPORT-OPEN-06: a foul with an unknown cause is rejected with bad_cause and changes nothing", () => {
    const d = day0();
    d.host({ cmd: "foul", seat: 5, cause: "money" });
    const before = structuredClone(d.state);
    const effects = d.effects.length;
    expect(d.host({ cmd: "foul", seat: 5, cause: "bogus" })?.code).toBe("bad_cause");
    expect(d.state).toEqual(before);
    expect(d.effects).toHaveLength(effects);
    // Replay applies inputs in place: a rejection must not touch the state there either.
    const replayed = structuredClone(before);
    const action = { cmd: "foul", seat: 5, cause: "bogus" } as const;
    expect(applyInPlace(replayed, { type: "host", at: d.at, action }, [])?.code).toBe("bad_cause");
    expect(replayed).toEqual(before);
  });

  it("SPORT-FOUL-11: fouls add up over the whole game, across nights and days", () => {
    const d = day0();
    d.host({ cmd: "foul", seat: 8, cause: "percent" });
    speak(d);
    expect(d.pub.phase).toBe("night");
    d.host({ cmd: "foul", seat: 8, cause: "out_of_turn" });
    d.skipNight();
    d.host({ cmd: "foul", seat: 8, cause: "insult" });
    expect(seatOf(d, 8)?.fouls).toBe(3);
    expect(logs(d, "foul").map((e) => e.params.fouls)).toEqual([1, 2, 3]);
  });

  it("SPORT-FOUL-12, SPORT-OPEN-05 (a): 3 fouls cost the next day's speech, so no nomination, but the player still votes", () => {
    const d = silencedOnDay1();
    expect(logs(d, "foul.silenced").map((e) => [e.seats, e.params.day])).toEqual([[[6], 1]]);
    expect(logs(d, "speech.lost").map((e) => [e.seats, e.params.round])).toEqual([[[6], 1]]);
    const turns = speak(d, { 2: 7, 3: 8 });
    expect(speakers(turns)).toEqual([2, 3, 4, 5, 7, 8, 9, 10, 1]);
    expect(d.pub.ballot).toEqual([7, 8]);
    vote(d, [[6], []]);
    expect(d.pub.tally).toEqual({ "7": 1, "8": 9 });
  });

  it("SPORT-OPEN-05 (a): a silenced player keeps his shootout justification and his last word", () => {
    const d = silencedOnDay1();
    speak(d, { 2: 6, 3: 7 });
    vote(d, [[1, 2, 3, 4, 5], []]);
    expect(speak(d)).toEqual(["shootout:6:30", "shootout:7:30"]);
    vote(d, [[1, 2, 3, 4, 5, 6], []]);
    expect(seatOf(d, 6)?.out).toBe("voted");
    expect(speak(d)).toEqual(["lastword:6:30"]);
  });

  it("SPORT-OPEN-05 (b): silencedLoses allSpeaking takes the justification and the last word too", () => {
    const d = silencedOnDay1({ silencedLoses: "allSpeaking" });
    speak(d, { 2: 6, 3: 7 });
    vote(d, [[1, 2, 3, 4, 5], []]);
    expect(speak(d)).toEqual(["shootout:7:30"]);
    vote(d, [[1, 2, 3, 4, 5, 6], []]);
    expect(seatOf(d, 6)?.out).toBe("voted");
    expect(speak(d)).toEqual([]);
    expect(d.pub.phase).toBe("night");
  });

  it.each([
    ["speech", ["lastword:6:60"]],
    ["allSpeaking", []],
  ])(
    "SPORT-OPEN-05 (silencedLoses %s): a silenced player killed at night: last word %j",
    (silencedLoses, lastWords) => {
      const d = day0({ silencedLoses });
      for (let i = 0; i < 3; i++) d.host({ cmd: "foul", seat: 6 });
      speak(d);
      for (const black of [1, 2, 3]) d.actOk(black, "shoot", [6]);
      d.skipNight();
      expect(seatOf(d, 6)?.out).toBe("killed");
      expect(speak(d).filter((t) => t.startsWith("lastword"))).toEqual(lastWords);
    },
  );

  it("SPORT-FOUL-13, SPORT-OPEN-04 (a): the 3rd foul in one's own speech ends it at once and costs the next day's speech", () => {
    const d = day0();
    d.host({ cmd: "foul", seat: 1, cause: "honestly" });
    d.host({ cmd: "foul", seat: 1, cause: "honestly" });
    expect(d.pub.speaker).toBe(1);
    d.host({ cmd: "foul", seat: 1, cause: "honestly" });
    expect(d.pub).toMatchObject({ step: "speech", speaker: 2 });
    speak(d);
    d.skipNight();
    expect(logs(d, "speech.lost").map((e) => e.seats)).toEqual([[1]]);
    expect(speakers(speak(d))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("SPORT-FOUL-13, SPORT-OPEN-04 (b): thirdFoulInSpeech endOnly ends the speech but keeps the next one", () => {
    const d = day0({ thirdFoulInSpeech: "endOnly" });
    for (let i = 0; i < 3; i++) d.host({ cmd: "foul", seat: 1, cause: "swearing" });
    expect(d.pub).toMatchObject({ step: "speech", speaker: 2 });
    expect(d.logKeys()).not.toContain("foul.silenced");
    speak(d);
    d.skipNight();
    expect(logs(d, "speech.lost")).toEqual([]);
    expect(speakers(speak(d))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 1]);
  });

  it("SPORT-FOUL-14: the 4th foul removes the player from the table", () => {
    const d = day0();
    for (let i = 0; i < 3; i++) d.host({ cmd: "foul", seat: 5, cause: "agitation" });
    expect(seatOf(d, 5)?.alive).toBe(true);
    d.host({ cmd: "foul", seat: 5, cause: "agitation" });
    expect(seatOf(d, 5)).toMatchObject({ alive: false, out: "removed", fouls: 4 });
    expect(logs(d, "removed").map((e) => [e.seats, e.params.cause])).toEqual([[[5], "fouls"]]);
    expect(d.host({ cmd: "foul", seat: 5 })?.code).toBe("not_in_game");
    expect(speakers(speak(d))).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10]);
  });
});
