/** The game record of a forum game, from its journal alone: it builds, validates and renders. */
import { describe, expect, it } from "vitest";
import type { GameConfig } from "../../hub/engine/index.js";
import type { JournalHeader, JournalRecord } from "../../hub/journal/journal.js";
import { sheetHtml } from "../../hub/record/html.js";
import { gameRecordSchema, recordFromJournal } from "../../hub/record/index.js";
import { T0 } from "../helpers/engine-driver.js";
import { ForumTable } from "../helpers/forum.js";

describe("a forum game's record", () => {
  it("lists the lynch, the warnings' disqualification and the winner, and keeps no status message as a check", () => {
    const config: GameConfig = {
      table: "t1",
      ruleset: "forum",
      seats: Array.from({ length: 13 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
      options: {},
      seed: "0123456789abcdef0123456789abcdef",
      at: T0,
    };
    const d = new ForumTable({ ruleset: "forum", seats: 13 }).start().pastStatus();
    const mafia = d.state.seats.filter((s) => s.team === "mafia").map((s) => s.seat);
    const [first, ...rest] = mafia as [number, ...number[]];
    d.tick(1000).allVote(first).endPhase().endPhase();
    for (const m of rest) d.host({ cmd: "remove", seat: m });
    expect(d.state.winner).toBe("town");
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
    expect(r.ruleset).toBe("forum");
    expect(r.winner).toBe("town");
    expect(r.eliminations.map((e) => [e.seat, e.how])).toEqual([
      [first, "voted"],
      ...rest.map((m) => [m, "disqualified"]),
    ]);
    expect(r.nights.flatMap((n) => n.checks).filter((c) => c.result.startsWith("status."))).toEqual(
      [],
    );
    expect(gameRecordSchema.safeParse(JSON.parse(JSON.stringify(r))).success).toBe(true);
    expect(sheetHtml(r, "de")).toContain("P1");
  });
});
