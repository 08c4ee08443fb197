/**
 * The game record from a journal alone: a scripted sport game checked field by field (a
 * shootout, a provocation, a correction, a removal), the JSON against its schema, the
 * mafiaratings export, an app game, the sheet in three languages, and the points.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { createGame, type GameConfig } from "../../hub/engine/index.js";
import type { JournalHeader, JournalRecord } from "../../hub/journal/journal.js";
import { sheetHtml } from "../../hub/record/html.js";
import {
  buildRecord,
  gameRecordSchema,
  recordFromJournal,
  recordJsonSchema,
  scoreGame,
  toMafiaratings,
  tournamentTable,
} from "../../hub/record/index.js";
import { replay } from "../../hub/record/replay.js";
import { replayHistory } from "../../hub/table/history.js";
import { EngineDriver, T0 } from "../helpers/engine-driver.js";
import { scriptedSportGame } from "./scripted-game.js";

const game = scriptedSportGame();
const record = recordFromJournal(game);
const START = T0;

describe("the record of a scripted sport game", () => {
  it("has the seats, roles, result and the time of the start", () => {
    expect(record.ruleset).toBe("sport");
    expect(record.startedAt).toBe(START);
    expect(record.winner).toBe("mafia");
    expect(record.seats.map((s) => `${s.seat}:${s.role}:${s.out ?? "-"}`)).toEqual([
      "1:civilian:killed",
      "2:civilian:removed",
      "3:sheriff:-",
      "4:mafia:-",
      "5:civilian:-",
      "6:civilian:voted",
      "7:civilian:-",
      "8:don:-",
      "9:mafia:-",
      "10:civilian:removed",
    ]);
    expect(record.seats[4]?.name).toBe("Eva <b>&");
  });

  it("keeps the foul that stands and lists the one taken back as a correction", () => {
    expect(record.fouls).toEqual([
      expect.objectContaining({ seat: 4, cause: "out_of_turn", count: 1, round: 0, phase: "day" }),
    ]);
    expect(record.seats[2]?.fouls).toBe(0);
    expect(record.corrections).toEqual([
      expect.objectContaining({ n: game.n.undo, undoes: game.n.undoneFoul, reason: "wrong seat" }),
    ]);
    expect(record.corrections[0]?.undone).toMatchObject({
      type: "host",
      action: { cmd: "foul", seat: 3, cause: "swearing" },
    });
  });

  it("has the nominations and both vote rounds with each voter's thumb edge", () => {
    expect(record.nominations.map((x) => [x.by, x.seat, x.round])).toEqual([
      [1, 5, 0],
      [2, 6, 0],
    ]);
    const [main, revote] = record.votes;
    expect(main?.kind).toBe("main");
    expect(main?.outcome).toBe("shootout");
    expect(main?.outcomeSeats).toEqual([5, 6]);
    const first = main?.windows[0];
    expect(first?.nominee).toBe(5);
    expect(first?.count).toBe(5);
    expect(first?.voters.map((v) => v.seat)).toEqual([1, 2, 3, 4, 5]);
    // Each thumb went down 200 ms after the one before, from the window's opening.
    expect(first?.voters.map((v) => (v.at as number) - (first?.opened as number))).toEqual([
      200, 400, 600, 800, 1000,
    ]);
    expect(first?.voters.every((v) => !v.defaulted && v.clock === (v.at as number) - START)).toBe(
      true,
    );
    const second = main?.windows[1];
    expect(second?.voters.map((v) => [v.seat, v.defaulted, v.at])).toEqual([
      [6, true, null],
      [7, true, null],
      [8, true, null],
      [9, true, null],
      [10, true, null],
    ]);
    expect(record.shootouts.map((s) => s.seats)).toEqual([[5, 6]]);
    expect(revote?.kind).toBe("revote");
    expect(revote?.windows.map((w) => [w.nominee, w.count])).toEqual([
      [5, 4],
      [6, 5],
    ]);
    expect(revote?.outcome).toBe("vote.eliminated");
    expect(revote?.outcomeSeats).toEqual([6]);
  });

  it("has the provocation as a removal inside the revote, and the host's removal with its reason", () => {
    expect(record.removals.map((m) => [m.n, m.seat, m.cause, m.reason, m.step])).toEqual([
      [game.n.provocation, 10, "provocation", null, "revote"],
      [expect.any(Number), 2, "host", "phone call <script>", "speech"],
    ]);
    const tenEdges = record.thumbs.filter((t) => t.seat === 10);
    expect(tenEdges.map((t) => t.down)).toEqual([true, false]);
    expect((tenEdges[1]?.at as number) - (tenEdges[0]?.at as number)).toBe(150);
  });

  it("has the night's shots, checks, the kill, last words and the best move", () => {
    const night = record.nights.find((n) => n.round === 1);
    expect(night?.actions.map((a) => [a.seat, a.action, a.targets[0]])).toEqual([
      [4, "shoot", 1],
      [8, "shoot", 1],
      [9, "shoot", 1],
      [8, "check", 3],
      [3, "check", 8],
    ]);
    expect(night?.checks.map((c) => [c.seat, c.target, c.result])).toEqual([
      [8, 3, "check.sheriff"],
      [3, 8, "check.mafia"],
    ]);
    expect(night?.killed).toEqual([1]);
    expect(record.lastWords.map((w) => [w.seat, w.round])).toEqual([
      [6, 0],
      [1, 1],
    ]);
    expect(record.bestMove).toMatchObject({ seat: 1, guess: [4, 8, 2], step: "lastword" });
    expect(record.eliminations.map((e) => [e.seat, e.how])).toEqual([
      [10, "removed"],
      [6, "voted"],
      [1, "killed"],
      [2, "removed"],
    ]);
  });

  it("replays the correction as the hub's own history does (hub/table/history.ts)", () => {
    const fresh = () => {
      const created = createGame(game.header.config);
      if (!created.ok) throw new Error("bad config");
      return created.state;
    };
    const hub = replayHistory(fresh, game.records);
    if (!hub.ok) throw new Error(hub.rejection.message);
    const trace = replay(game);
    // The same game; only the counters differ (the hub keeps them rising across a correction).
    const game_ = (s: typeof hub.state) => ({
      ...s,
      rev: 0,
      logSeq: 0,
      announcements: s.announcements.map(({ seq: _seq, ...a }) => a),
      removals: s.removals?.map(({ seq: _seq, ...a }) => a),
    });
    expect(game_(trace.final)).toEqual(game_(hub.state));
    expect(trace.void).toEqual([]);
  });

  it("validates against its schema, and docs/record.schema.json is the published schema", async () => {
    const json = JSON.parse(JSON.stringify(buildRecord(game, null)));
    expect(gameRecordSchema.safeParse(json).success).toBe(true);
    const published = JSON.parse(
      await readFile(new URL("../../docs/record/record.schema.json", import.meta.url), "utf8"),
    );
    expect(published).toEqual(JSON.parse(JSON.stringify(recordJsonSchema())));
    // A record missing a required field does not pass.
    const { seats: _seats, ...broken } = json;
    expect(gameRecordSchema.safeParse(broken).success).toBe(false);
  });
});

describe("the mafiaratings export (version 1.3)", () => {
  const mr = toMafiaratings(record);
  const p = (seat: number) => mr.players[seat - 1];

  it("has the players with roles, deaths, warnings and the winner", () => {
    expect(mr.version).toBe("1.3");
    expect(mr.winner).toBe("maf");
    expect(mr.players).toHaveLength(10);
    expect(mr.players.map((x) => x.role ?? "civ")).toEqual([
      "civ",
      "civ",
      "sheriff",
      "maf",
      "civ",
      "civ",
      "civ",
      "don",
      "maf",
      "civ",
    ]);
    expect(p(1)?.death).toEqual({ type: "night", round: 1 });
    expect(p(6)?.death).toEqual({ type: "day", round: 0 });
    expect(p(10)?.death).toMatchObject({ type: "kickOut", round: 0 });
    expect(p(2)?.death).toEqual({
      type: "kickOut",
      round: 1,
      time: { round: 1, time: "speaking", speaker: 2 },
    });
    expect(p(4)?.warnings).toEqual([{ round: 0, time: "speaking", speaker: 1 }]);
    expect(p(3)?.warnings).toBeUndefined();
  });

  it("has nominating, voting with the split sub-array, shooting, checks and the legacy", () => {
    expect(p(1)?.nominating).toEqual([5]);
    expect(p(2)?.nominating).toEqual([6]);
    expect(p(1)?.voting).toEqual([[5, 5]]);
    expect(p(5)?.voting).toEqual([[5, 6]]);
    expect(p(10)?.voting).toEqual([[6, null]]);
    expect(p(4)?.shooting).toEqual([1]);
    expect(p(8)?.shooting).toEqual([1]);
    expect(p(3)?.don).toBe(1);
    expect(p(8)?.sheriff).toBe(1);
    expect(p(1)?.legacy).toEqual([4, 8, 2]);
  });

  it("refuses rulesets it has no format for", () => {
    expect(() => toMafiaratings({ ...record, ruleset: "app" })).toThrow(/sport games only/);
  });
});

describe("an app game", () => {
  it("records the night's choices, the investigation and the secret vote", () => {
    const options = { mafia: 2, commissar: true, doctor: true, decoys: false };
    const config: GameConfig = {
      table: "t1",
      ruleset: "app",
      seats: Array.from({ length: 7 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
      options,
      seed: "0123456789abcdef0123456789abcdef",
      at: T0,
    };
    const created = createGame(config);
    if (!created.ok) throw new Error("bad config");
    const d = new EngineDriver({ ruleset: "app", seats: 7, options });
    d.start();
    const who = (role: string) => d.seatsWith(role)[0] as number;
    const town = d.state.seats.filter((s) => s.team === "town" && s.role === "councillor");
    const victim = town[0]?.seat as number;
    d.tick(1000).actOk(who("doctor"), "heal", [who("doctor")]);
    d.tick(1000).actOk(who("commissar"), "investigate", [who("godfather")]);
    for (const m of d.state.seats.filter((x) => x.team === "mafia"))
      if (d.realPrompt(m.seat)?.action === "kill") d.tick(1000).actOk(m.seat, "kill", [victim]);
    if (d.state.step === "discussion") d.tick(1000).next();
    const target = who("godfather");
    for (const s of d.state.seats.filter((x) => x.alive)) {
      d.tick(500);
      if (s.seat === target) d.pass(s.seat);
      else d.actOk(s.seat, "vote", [target]);
    }
    const header: JournalHeader = {
      type: "header",
      v: 1,
      config,
      setupId: null,
      seen: {},
      hostIds: [],
    };
    const records: JournalRecord[] = d.inputs.map((input, i) => ({
      type: "input",
      n: i + 1,
      input,
    }));
    const r = recordFromJournal({ header, records });
    expect(r.ruleset).toBe("app");
    const night = r.nights.find((n) => n.round === 1);
    expect([...new Set(night?.actions.map((a) => a.action))].sort()).toEqual([
      "heal",
      "investigate",
      "kill",
    ]);
    expect(night?.checks).toEqual([
      expect.objectContaining({ seat: who("commissar"), target, result: "role.godfather" }),
    ]);
    expect(night?.killed).toEqual([victim]);
    const vote = r.votes[0];
    expect(vote?.kind).toBe("secret");
    expect(vote?.windows[0]?.voters.find((v) => v.seat === target)?.choice).toBe("abstain");
    expect(vote?.windows[0]?.voters.filter((v) => v.choice === target)).toHaveLength(5);
    expect(vote?.outcome).toBe("vote.eliminated");
    expect(r.eliminations.map((e) => [e.seat, e.how])).toEqual([
      [victim, "killed"],
      [target, "voted"],
    ]);
    expect(gameRecordSchema.safeParse(JSON.parse(JSON.stringify(r))).success).toBe(true);
    expect(sheetHtml(r, "de")).toContain("Pate");
  });
});

describe("the sheet", () => {
  it("escapes player-supplied text and is in en, de and ru", () => {
    const en = sheetHtml(record, "en");
    expect(en).toContain("Eva &lt;b&gt;&amp;");
    expect(en).toContain("phone call &lt;script&gt;");
    expect(en).not.toContain("<script>");
    expect(en).toContain("@media print");
    expect(en).toContain("Mafia wins");
    expect(sheetHtml(record, "de")).toContain("Spielprotokoll");
    expect(sheetHtml(record, "de")).toContain("Die Mafia gewinnt");
    expect(sheetHtml(record, "ru")).toContain("Протокол игры");
    expect(sheetHtml(record, "ru")).toContain("провокация");
  });
});

describe("points (FIIM-style, an option)", () => {
  it("gives the win, the clear win, the best move and the removal penalty", () => {
    const points = scoreGame(record);
    const of = (seat: number) => points.find((p) => p.seat === seat);
    // The mafia won and none of them was voted out or removed: a clear win.
    expect(of(8)?.parts).toEqual({ win: 1, clearWin: 0.25 });
    // 1 named 4, 8 (black) and 2 (red): two blacks.
    expect(of(1)?.parts).toEqual({ bestMove: 0.25 });
    expect(of(2)?.parts).toEqual({ removal: -0.5 });
    expect(of(10)?.total).toBe(-0.5);
    expect(of(3)?.total).toBe(0);
    expect(
      buildRecord(game, { win: 2, bestMove: {}, foul: -0.1, removal: 0, clearWin: 0 }).points?.find(
        (p) => p.seat === 4,
      )?.total,
    ).toBe(1.9);
  });

  it("sums a series into a table with tie-breaks", () => {
    const table = tournamentTable([record, record]);
    expect(table[0]).toMatchObject({ place: 1, games: 2, total: 2.5, wins: 2 });
    // Three mafiosi with equal points share the first place.
    expect(
      table
        .filter((r) => r.place === 1)
        .map((r) => r.name)
        .sort(),
    ).toEqual(["Dmitri", "Hans", "Irina"]);
    // Anna (best move) is ahead of the reds without points, who are ahead of the removed.
    const anna = table.find((r) => r.name === "Anna");
    const clara = table.find((r) => r.name === "Clara");
    const boris = table.find((r) => r.name === "Boris");
    expect((anna?.place as number) < (clara?.place as number)).toBe(true);
    expect((clara?.place as number) < (boris?.place as number)).toBe(true);
    expect(boris?.penalties).toBe(1);
  });
});

describe("a refused night act taken as an answer", () => {
  it("QUIET-REFUSED-01: is in the journal but is no move of the record's night", () => {
    const config: GameConfig = {
      table: "t1",
      ruleset: "sport",
      seats: Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
      options: {},
      seed: "0123456789abcdef0123456789abcdef",
      at: T0,
    };
    const d = new EngineDriver().start().skipNight();
    d.passAll();
    expect(d.state).toMatchObject({ phase: "night", step: "mafia" });
    const civilian = d.seatsWith("civilian")[0] as number;
    const mafioso = d.seatsWith("mafia")[0] as number;
    // A civilian's paddle shows a decoy: a shot from it is refused, counted and dropped.
    expect(d.act(civilian, "shoot", [mafioso])?.code).toBe("not_your_turn");
    expect(d.view(civilian).answers).toBe(1);
    d.actOk(mafioso, "shoot", [civilian]);
    const header: JournalHeader = {
      type: "header",
      v: 1,
      config,
      setupId: null,
      seen: {},
      hostIds: [],
    };
    const records: JournalRecord[] = d.inputs.map((input, i) => ({
      type: "input",
      n: i + 1,
      input,
    }));
    const r = recordFromJournal({ header, records });
    const night = r.nights.find((n) => n.round === 1);
    expect(night?.actions.map((a) => [a.seat, a.action])).toEqual([[mafioso, "shoot"]]);
  });
});
