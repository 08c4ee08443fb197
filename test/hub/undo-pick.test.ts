/**
 * The undo the judge aims (issue 24, "The judge"): any seat input or host command still in
 * effect can be taken back, the rest replays; the step keeps the time it really had left;
 * a removal the hub made from a sensor reading goes back with that reading; and the list the
 * console shows (hub/table/undo-list.ts) names what each undo would take back.
 */
import { describe, expect, it } from "vitest";
import { createGame, type EngineInput, type GameState } from "../../hub/engine/index.js";
import { type HistoryRecord, replayHistory } from "../../hub/table/history.js";
import { undoableEntries } from "../../hub/table/undo-list.js";
import { DEAL, EngineDriver, T0 } from "../helpers/engine-driver.js";

const SEED = "0123456789abcdef0123456789abcdef";
const OPTIONS = { autoAdvance: false };

function fresh(): GameState {
  const created = createGame({
    table: "t1",
    ruleset: "sport",
    seats: Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
    options: OPTIONS,
    seed: SEED,
    at: T0,
  });
  if (!created.ok) throw new Error(created.errors.join("; "));
  return created.state;
}

function records(inputs: EngineInput[]): HistoryRecord[] {
  return inputs.map((input, i) => ({
    n: i + 1,
    input,
    src:
      input.type === "host"
        ? { host: `c${i + 1}` }
        : input.type === "seat"
          ? { seat: input.seat, boot: "0000000a", seq: i + 1 }
          : undefined,
  }));
}

function replayed(inputs: EngineInput[]): GameState {
  const r = replayHistory(fresh, records(inputs));
  if (!r.ok) throw new Error(`${r.record.n}: ${r.rejection.code} ${r.rejection.message}`);
  return r.state;
}

const undo = (at: number, undoes: number, reason = "judge"): EngineInput => ({
  type: "host",
  at,
  action: { cmd: "undo", reason, undoes },
});
const host = (at: number, action: Extract<EngineInput, { type: "host" }>["action"]) =>
  ({ type: "host", at, action }) as EngineInput;

/** `count` thumb edges from `from` on, one a millisecond, going round seats 1 to `seats`. */
const thumbChatter = (from: number, count: number, seats: number): EngineInput[] =>
  Array.from({ length: count }, (_, i) => ({
    type: "seat",
    at: from + i,
    seat: 1 + (i % seats),
    action: { kind: "thumb", down: i % 2 === 0 },
  }));

/** A sport game at the first day's first speech, driven through inputs. */
function firstSpeech() {
  const d = new EngineDriver({ options: OPTIONS, seed: SEED });
  d.start().skipNight();
  expect(d.state.step).toBe("speech");
  const speaker = d.state.speaker as number;
  const nominee = speaker === 5 ? 6 : 5;
  return { d, base: [...d.inputs], speaker, nominee, at: d.at };
}

describe("undo of a chosen record", () => {
  it("takes back an older nomination and keeps the newer foul", () => {
    const { base, speaker, nominee, at } = firstSpeech();
    const nominate: EngineInput = {
      type: "seat",
      at: at + 1000,
      seat: speaker,
      action: { kind: "act", action: "nominate", targets: [nominee] },
    };
    const foul = host(at + 2000, { cmd: "foul", seat: 3 });
    const corrected = replayed([...base, nominate, foul, undo(at + 3000, base.length + 1)]);
    expect(corrected.nominations).toEqual([]);
    expect(corrected.seats[2]?.fouls).toBe(1);
    expect(corrected.paused).toBe(true);
  });

  it("an older record taken back after a newer one stays taken back when the newer one goes too", () => {
    const { base, at } = firstSpeech();
    const n = base.length;
    const both = replayed([
      ...base,
      host(at + 1, { cmd: "foul", seat: 3 }),
      host(at + 2, { cmd: "foul", seat: 4 }),
      undo(at + 3, n + 1), // the older foul first (the judge picked it)
      undo(at + 4, n + 2),
    ]);
    expect(both.seats.map((s) => s.fouls)).toEqual(Array(10).fill(0));
  });

  it("refuses a record already taken back, a timer, or one that does not exist", () => {
    const { base, at } = firstSpeech();
    const n = base.length;
    const foul = host(at + 1, { cmd: "foul", seat: 3 });
    for (const bad of [
      [foul, undo(at + 2, n + 1), host(at + 3, { cmd: "resume" }), undo(at + 4, n + 1)],
      [foul, undo(at + 2, n + 99)],
    ]) {
      const r = replayHistory(fresh, records([...base, ...bad]));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.rejection.code).toBe("bad_undo");
    }
  });
});

describe("undo keeps the step's time", () => {
  it("a second undo leaves a paused speech the time it had (it once cut 19 s to 5 s)", () => {
    const { base, speaker, nominee, at } = firstSpeech();
    const until = replayed(base).clock.until as number;
    expect(until).toBeGreaterThan(at);
    const n = base.length;
    const nominate: EngineInput = {
      type: "seat",
      at: at + 1000,
      seat: speaker,
      action: { kind: "act", action: "nominate", targets: [nominee] },
    };
    const first = [
      ...base,
      nominate,
      host(at + 2000, { cmd: "foul", seat: 3 }),
      undo(at + 3000, n + 2),
    ];
    const afterFirst = replayed(first);
    expect(afterFirst.paused).toBe(true);
    const left = afterFirst.clock.remaining as number;
    expect(left).toBe(until - (at + 3000));
    // 14 s later, still paused, the judge takes back the nomination too.
    const second = replayed([...first, undo(at + 17_000, n + 1)]);
    expect(second.step).toBe("speech");
    expect(second.speaker).toBe(speaker);
    expect(second.paused).toBe(true);
    expect(second.clock.remaining).toBe(left);
  });

  it("a step ended by the record taken back gets back the time it had when it ended", () => {
    const { base, speaker, at } = firstSpeech();
    const until = replayed(base).clock.until as number;
    const n = base.length;
    const next = host(at + 4000, { cmd: "next" });
    const corrected = replayed([...base, next, undo(at + 9000, n + 1)]);
    expect(corrected.speaker).toBe(speaker);
    expect(corrected.paused).toBe(true);
    expect(corrected.clock.remaining).toBe(until - (at + 4000));
  });
});

describe("a removal the hub made from a sensor", () => {
  it("is listed with the reading that made it, and taking the reading back seats the player again", () => {
    const d = new EngineDriver({ options: OPTIONS, seed: SEED }).start();
    expect(d.state.phase).toBe("night");
    // A blindfold reported off at night by a seat the step does not wake: removed when it ends.
    const seat = d.state.seats.find((s) => d.view(s.seat).blindfold === true)?.seat as number;
    d.blindfold(seat, false);
    while (d.state.phase === "night" && d.state.seats[seat - 1]?.alive) d.next();
    expect(d.state.seats[seat - 1]?.out).toBe("removed");
    const recs = records(d.inputs);
    const list = undoableEntries(recs, d.state);
    const entry = list.find((e) => e.removal?.seat === seat);
    expect(entry?.removal?.cause).toBe("peeking");
    expect(entry?.input).toMatchObject({ type: "seat", seat, action: { kind: "blindfold" } });
    // Bare sensor edges are not listed: only the one that made a removal.
    expect(list.filter((e) => e.input.action.kind === "blindfold")).toHaveLength(1);

    const corrected = replayed([...d.inputs, undo(d.at + 1000, entry?.n as number)]);
    expect(corrected.seats[seat - 1]?.alive).toBe(true);
    expect(corrected.seats[seat - 1]?.out).toBeNull();
    const after = [...recs, { n: recs.length + 1, input: undo(d.at + 1000, entry?.n as number) }];
    expect(undoableEntries(after, corrected).some((e) => e.removal)).toBe(false);
  });

  it("lists the newest first, names host commands and hides nothing the host may know", () => {
    const { base, at } = firstSpeech();
    const recs = records([
      ...base,
      host(at + 1, { cmd: "foul", seat: 3 }),
      host(at + 2, { cmd: "foul", seat: 4 }),
    ]);
    const list = undoableEntries(recs, replayed(recs.map((r) => r.input)));
    expect(list[0]?.input.action).toMatchObject({ cmd: "foul", seat: 4 });
    expect(list[1]?.input.action).toMatchObject({ cmd: "foul", seat: 3 });
    expect(list[0]?.n).toBe(recs.length);
    expect(list.length).toBeLessThanOrEqual(15);
  });

  it("leaves out voice levels: a speaking seat's reports would push every command off the list", () => {
    const { d, base, at } = firstSpeech();
    const foul = host(at + 1, { cmd: "foul", seat: 3 });
    const levels: EngineInput[] = Array.from({ length: 20 }, (_, i) => ({
      type: "seat",
      at: at + 2 + i,
      seat: 4,
      action: { kind: "voice", on: true, levels: [60] },
    }));
    const recs = records([...base, foul, ...levels]);
    const list = undoableEntries(recs, d.state);
    expect(list.some((e) => e.input.type === "seat" && e.input.action.kind === "voice")).toBe(
      false,
    );
    expect(list[0]?.input.action).toMatchObject({ cmd: "foul", seat: 3 });
  });
});

describe("the list while a game grows", () => {
  it("finds the commands behind a long run of reports, one write at a time as from scratch", () => {
    // The walk skips bare reports by an index it extends as the records grow (undo-list.ts).
    const { d, base, at } = firstSpeech();
    const chatter = (from: number) => thumbChatter(from, 60, 10);
    const inputs = [
      ...base,
      host(at + 1, { cmd: "foul", seat: 3 }),
      ...chatter(at + 10),
      host(at + 100, { cmd: "foul", seat: 4 }),
      ...chatter(at + 200),
    ];
    const all = records(inputs);
    const growing: HistoryRecord[] = [];
    for (const r of all) {
      growing.push(r);
      const list = undoableEntries(growing, d.state);
      expect(list, `after record ${r.n}`).toEqual(undoableEntries([...growing], d.state));
      // A list cut at an earlier write, from the same grown index, is that write's list.
      const upTo = Math.max(1, growing.length - 7);
      expect(undoableEntries(growing, d.state, 15, upTo)).toEqual(
        undoableEntries(growing.slice(0, upTo), d.state),
      );
    }
    const last = undoableEntries(growing, d.state);
    expect(last.slice(0, 2).map((e) => e.input.action)).toMatchObject([
      { cmd: "foul", seat: 4 },
      { cmd: "foul", seat: 3 },
    ]);
  });
});

describe("a peeking removal in a noisy night", () => {
  it("stays on the list, aimed at the edge that made it, whatever night noise follows", () => {
    // SPORT-FOUL-15/16: a seat the step does not wake lifts its blindfold and is out at once.
    const d = new EngineDriver({ options: OPTIONS, seed: SEED }).start(DEAL);
    const peeker = 7; // a civilian: no night step wakes it
    d.blindfold(peeker, true).blindfold(peeker, false);
    expect(d.state.seats[peeker - 1]?.out).toBe("removed");
    const made = d.inputs.length; // the record number of the lift (records count from 1)
    // The removed player puts the blindfold back on, the others' sensors chatter, every living seat answers its
    // decoy, and the judge pauses and resumes often enough to push the removal's
    // announcement out of the host view's last few.
    d.at += 1;
    d.blindfold(peeker, true);
    d.at += 500;
    for (const s of d.state.seats) {
      if (s.seat === peeker) continue;
      d.blindfold(s.seat, true).thumb(s.seat, true).thumb(s.seat, false);
    }
    d.answerRest();
    for (let i = 0; i < 10; i++) {
      d.at += 100;
      d.ok(host(d.at, { cmd: "pause" })).ok(host(d.at + 1, { cmd: "resume" }));
    }
    const recs = records(d.inputs);
    const list = undoableEntries(recs, d.state);
    expect(list).toHaveLength(15);
    const entry = list.find((e) => e.removal?.seat === peeker);
    expect(entry).toMatchObject({ n: made, removal: { seat: peeker, cause: "peeking" } });
    expect(list.some((e) => e.input.action.action === "decoy")).toBe(false);
    // The newest commands fill the rest, newest first.
    expect(list[0]?.n).toBe(recs.length);
    const corrected = replayed([...d.inputs, undo(d.at + 1000, made)]);
    expect(corrected.seats[peeker - 1]).toMatchObject({ alive: true, out: null });
  });
});

describe("a removal's edge while the game grows", () => {
  it("is found once and kept write after write, moving only as a walk from scratch would", () => {
    // undo-list.ts caches each removal's edge per records array; every list here must equal
    // the one walked from scratch (a copy of the array has no cache).
    const d = new EngineDriver({ options: OPTIONS, seed: SEED }).start(DEAL);
    const peeker = 7; // SPORT-FOUL-15/16: a civilian lifting the blindfold at night is out
    d.blindfold(peeker, true).blindfold(peeker, false);
    const made = d.inputs.length;
    const removal = d.state.removals?.at(-1);
    expect(removal?.params.cause).toBe("peeking");
    const state = d.state;
    const noise = (from: number) => thumbChatter(from, 30, 6);
    const removedAt = removal?.at as number;
    const inputs: EngineInput[] = [
      ...d.inputs,
      ...noise(d.at + 10),
      // An edge of the peeker's reported late but dated at the removal: it could have made it.
      { type: "seat", at: removedAt, seat: peeker, action: { kind: "blindfold", on: false } },
      ...noise(d.at + 100),
      undo(d.at + 200, made),
      ...noise(d.at + 300),
    ];
    const all = records(inputs);
    const growing: HistoryRecord[] = [];
    const edges = new Set<number>();
    for (const r of all) {
      growing.push(r);
      const list = undoableEntries(growing, state);
      expect(list, `after record ${r.n}`).toEqual(undoableEntries([...growing], state));
      const edge = list.find((e) => e.removal?.seat === peeker)?.n;
      if (edge !== undefined && r.n >= made) edges.add(edge); // the state is the final one
      const upTo = Math.max(1, growing.length - 5);
      expect(undoableEntries(growing, state, 15, upTo)).toEqual(
        undoableEntries(growing.slice(0, upTo), state),
      );
    }
    // The original lift, then the late edge dated at the removal (the newest that could).
    expect([...edges]).toEqual([made, made + 31]);
  });
});
