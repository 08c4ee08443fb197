/**
 * Corrections: the host's `undo` (no target) takes back the newest seat input or host command, is
 * journaled as a record of its own, and a replay of the journal honours it (hub/table/history.ts).
 * Also: a hub that was down past a step's deadline resumes the game paused.
 */
import { describe, expect, it } from "vitest";
import {
  createGame,
  type EngineInput,
  type GameState,
  type HostAction,
} from "../../hub/engine/index.js";
import { type HistoryRecord, replayHistory, undoTarget } from "../../hub/table/history.js";
import { EngineDriver, T0 } from "../helpers/engine-driver.js";
import {
  connectIdentity,
  endAll,
  gameOf,
  HostConsole,
  journalText,
  removeDir,
  startTestHub,
  subscribeGranted,
  tempDir,
} from "../helpers/hub.js";

const SEED = "0123456789abcdef0123456789abcdef";

function fresh(): GameState {
  const created = createGame({
    table: "t1",
    ruleset: "sport",
    seats: Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
    options: { autoAdvance: false },
    seed: SEED,
    at: T0,
  });
  if (!created.ok) throw new Error(created.errors.join("; "));
  return created.state;
}

/** Journal-like records: host inputs carry a command id, seat inputs a boot and seq. */
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

/** The game itself, without the counters and the log that a correction rightly advances. */
function gameState(s: GameState) {
  const { rev: _r, now: _n, logSeq: _l, announcements: _a, ...rest } = s;
  return rest;
}

function replayed(inputs: EngineInput[]): GameState {
  const r = replayHistory(fresh, records(inputs));
  if (!r.ok) throw new Error(`${r.record.n}: ${r.rejection.code} ${r.rejection.message}`);
  return r.state;
}

/** A sport game at the first day's first speech, all through inputs. */
function firstSpeech(): { base: EngineInput[]; speaker: number; at: number } {
  const d = new EngineDriver({ options: { autoAdvance: false }, seed: SEED });
  d.start().skipNight();
  expect(d.state.step).toBe("speech");
  return { base: [...d.inputs], speaker: d.state.speaker as number, at: d.at };
}

const host = (at: number, action: HostAction): EngineInput => ({ type: "host", at, action });

describe("undo, in the game's history", () => {
  it("undo then the right action gives the same state as the right action alone (a nomination)", () => {
    const { base, speaker, at } = firstSpeech();
    const [wrong, right] = speaker === 5 ? [6, 7] : [5, speaker === 6 ? 7 : 6];
    const act = (target: number): EngineInput => ({
      type: "seat",
      at: at + 1000,
      seat: speaker,
      action: { kind: "act", action: "nominate", targets: [target] },
    });
    const n = base.length + 1;
    const corrected = replayed([
      ...base,
      act(wrong),
      host(at + 2000, { cmd: "undo", reason: "wrong seat", undoes: n }),
      host(at + 2000, { cmd: "resume" }),
      act(right),
    ]);
    const direct = replayed([...base, act(right)]);
    expect(corrected.nominations).toEqual(direct.nominations);
    expect(gameState(corrected)).toEqual(gameState(direct));
  });

  it("undo then the right action gives the same state as the right action alone (a foul)", () => {
    const { base, at } = firstSpeech();
    const n = base.length + 1;
    const corrected = replayed([
      ...base,
      host(at + 500, { cmd: "foul", seat: 3 }),
      host(at + 900, { cmd: "undo", reason: "meant seat 4", undoes: n }),
      host(at + 900, { cmd: "resume" }),
      host(at + 1000, { cmd: "foul", seat: 4 }),
    ]);
    const direct = replayed([...base, host(at + 1000, { cmd: "foul", seat: 4 })]);
    expect(corrected.seats[2]?.fouls).toBe(0);
    expect(corrected.seats[3]?.fouls).toBe(1);
    expect(gameState(corrected)).toEqual(gameState(direct));
  });

  it("can be repeated: each undo takes back the newest record still in effect", () => {
    const { base, at } = firstSpeech();
    const inputs = [
      ...base,
      host(at + 1, { cmd: "foul", seat: 3 }),
      host(at + 2, { cmd: "foul", seat: 4 }),
    ];
    const recs = records(inputs);
    const first = undoTarget(recs);
    expect(first?.n).toBe(base.length + 2);
    const withUndo = [
      ...inputs,
      host(at + 3, { cmd: "undo", reason: "a", undoes: base.length + 2 }),
    ];
    expect(undoTarget(records(withUndo))?.n).toBe(base.length + 1);
    const both = replayed([
      ...withUndo,
      host(at + 4, { cmd: "undo", reason: "b", undoes: base.length + 1 }),
    ]);
    expect(both.seats.map((s) => s.fouls)).toEqual(Array(10).fill(0));
    expect(both.paused).toBe(true);
    expect(both.announcements.at(-1)?.key).toBe("game.corrected");
  });

  it("refuses, at replay, an undo of a record that an undo took back already", () => {
    const { base, at } = firstSpeech();
    const r = replayHistory(
      fresh,
      records([
        ...base,
        host(at + 1, { cmd: "foul", seat: 3 }),
        host(at + 2, { cmd: "undo", reason: "x", undoes: base.length + 1 }),
        host(at + 3, { cmd: "undo", reason: "y", undoes: base.length + 1 }),
      ]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.rejection.code).toBe("bad_undo");
  });
});

describe("undo, through the real hub", () => {
  it("is journaled as its own record, shows 'corrected' publicly, and survives a restart", async () => {
    const dir = await tempDir();
    let hub = await startTestHub({ dataDir: dir });
    try {
      const hc = await connectIdentity(hub, "host/t1");
      await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
      const display = await connectIdentity(hub, "display/t1");
      await subscribeGranted(display.client, ["mafia/v1/t1/public/#"]);
      const console_ = new HostConsole(hc);
      const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
      expect((await console_.command("undo", { reason: "nothing yet" })).error).toBe(
        "nothing_to_undo",
      );
      const setup = await console_.command("setup", {
        ruleset: "sport",
        seats,
        options: { autoAdvance: false },
      });
      expect(setup.ok).toBe(true);
      expect((await console_.command("start")).ok).toBe(true);
      expect((await console_.command("foul", { seat: 3 })).ok).toBe(true);
      const undo = (await console_.command("undo", { reason: "wrong seat" })) as {
        ok: boolean;
        undone?: { n: number; input: { action: { cmd: string; seat: number } } };
      };
      expect(undo.ok).toBe(true);
      expect(undo.undone?.input.action).toMatchObject({ cmd: "foul", seat: 3 });
      const corrected = await display.inbox.next(
        "mafia/v1/t1/public/log",
        (j) => (j as { key?: string }).key === "game.corrected",
        { past: true },
      );
      expect(JSON.stringify(corrected)).not.toContain("wrong seat"); // the reason is the host's
      expect(gameOf(hub).seats[2]?.fouls).toBe(0);
      expect(gameOf(hub).paused).toBe(true);

      const lines = (await journalText(hub))
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      const foul = lines.find((l) => l.input?.action?.cmd === "foul");
      const undoRec = lines.at(-1);
      expect(foul).toBeDefined(); // nothing is deleted
      expect(undoRec.input.action).toEqual({
        cmd: "undo",
        reason: "wrong seat",
        undoes: foul.n,
      });
      expect(undoRec.src).toEqual({ host: expect.any(String) });

      const live = gameState(gameOf(hub));
      await endAll(hc, display);
      await hub.stop();
      hub = await startTestHub({ dataDir: dir });
      expect(gameState(gameOf(hub))).toEqual({
        ...live,
        seats: live.seats.map((s) => ({ ...s, online: false })),
      });
    } finally {
      await hub.stop();
      await removeDir(dir);
    }
  });
});

describe("a hub that was down past a step's deadline", () => {
  it("resumes the game paused, with the time that was left when it stopped", async () => {
    const dir = await tempDir();
    let clock = Date.now();
    const now = () => clock;
    let hub = await startTestHub({ dataDir: dir, now });
    try {
      const hc = await connectIdentity(hub, "host/t1");
      await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
      const console_ = new HostConsole(hc);
      const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
      await console_.command("setup", { ruleset: "sport", seats, options: {} });
      expect((await console_.command("start")).ok).toBe(true);
      const before = gameOf(hub);
      const { phase, step, round } = before;
      const until = before.clock.until as number;
      expect(until).toBeGreaterThan(clock);
      const left = until - before.now;
      await endAll(hc);
      await hub.stop();

      clock = until + 3_600_000; // an hour past the step's end
      hub = await startTestHub({ dataDir: dir, now });
      const after = gameOf(hub);
      expect({ phase: after.phase, step: after.step, round: after.round }).toEqual({
        phase,
        step,
        round,
      });
      expect(after.paused).toBe(true);
      expect(after.clock.remaining).toBe(left);

      const hc2 = await connectIdentity(hub, "host/t1");
      await subscribeGranted(hc2.client, ["mafia/v1/t1/host/#"]);
      expect((await new HostConsole(hc2).command("resume")).ok).toBe(true);
      expect(gameOf(hub).clock.until).toBe(clock + left);
      await endAll(hc2);
    } finally {
      await hub.stop();
      await removeDir(dir);
    }
  });
});
