/**
 * The forum's texts in the game record (hub/record/texts.ts): wills, papers and death
 * messages from the journal alone; an ad's author only when the host asks explicitly; and
 * every player's text escaped on the sheet.
 */
import { describe, expect, it } from "vitest";
import type { GameConfig, SeatAction } from "../../hub/engine/index.js";
import type { JournalHeader, JournalRecord } from "../../hub/journal/journal.js";
import { buildRecord, gameRecordSchema, renderRecord } from "../../hub/record/index.js";
import { undoneInput } from "../../hub/record/texts.js";
import { T0 } from "../helpers/engine-driver.js";
import { ForumTable } from "../helpers/forum.js";

const WILL = 'Trust 5 <script>alert("will")</script>';
const AD = '<img src=x onerror="alert(1)"> meet at noon';

/** A forum game with the seed's own deal, played on the engine and written as a journal. */
function played() {
  const seats = 13;
  const d = new ForumTable({ ruleset: "forum", seats });
  d.start().pastStatus();
  const [a, b] = d.state.seats.filter((s) => s.role === "citizen").map((s) => s.seat) as [
    number,
    number,
  ];
  const text = (seat: number, action: SeatAction) => d.ok({ type: "seat", at: d.at, seat, action });
  text(a, { kind: "will", text: WILL, to: null });
  text(b, { kind: "will", text: "for a only", to: [a] });
  text(a, { kind: "ad", pseudonym: "<b>Raven</b>", text: AD });
  text(a, { kind: "pseudonym", pseudonym: "<b>Raven</b>", to: b });
  text(b, { kind: "ad", pseudonym: "<b>Raven</b>", text: "second" });
  d.vote(b, a).expire(); // a is lynched (his own default vote and b's): his will comes out
  const config: GameConfig = {
    table: "t1",
    ruleset: "forum",
    seats: d.state.seats.map((s) => ({ seat: s.seat, name: `P${s.seat}` })),
    options: {},
    seed: "0123456789abcdef0123456789abcdef",
    at: T0,
  };
  const header: JournalHeader = {
    type: "header",
    v: 2,
    config,
    setupId: null,
    seen: {},
    hostIds: [],
  };
  const records: JournalRecord[] = d.inputs.map((input, i) => ({ type: "input", n: i + 1, input }));
  return { journal: { header, records }, a, b, d };
}

describe("the record's texts", () => {
  it("FORUM-NEWS-06: the record leaves the ads' authors out unless the host asks for them", () => {
    const { journal, a, b, d } = played();
    expect(d.state.seats[a - 1]?.alive).toBe(false);
    const record = buildRecord(journal);
    expect(gameRecordSchema.safeParse(record).success).toBe(true);
    expect(record.texts?.authors).toBe(false);
    expect(record.texts?.papers[0]?.ads).toEqual([
      { pseudonym: "<b>Raven</b>", text: AD },
      { pseudonym: "<b>Raven</b>", text: "second" },
    ]);
    expect(JSON.stringify(record)).not.toMatch(/"author"/);
    expect(record.texts?.wills).toEqual([{ seat: a, text: WILL, to: null }]);

    const asked = buildRecord(journal, null, true);
    expect(asked.texts?.authors).toBe(true);
    expect(asked.texts?.papers[0]?.ads.map((x) => x.author)).toEqual([a, b]);
  });

  it("FORUM-NEWS-06: a correction that took back an ad or a handover names no seat unless asked", () => {
    const ad = { type: "seat", at: 1, seat: 3, action: { kind: "ad", pseudonym: "R", text: "x" } };
    const vote = {
      type: "seat",
      at: 1,
      seat: 3,
      action: { kind: "act", action: "vote", targets: [4] },
    };
    expect(undoneInput(ad, {})).toMatchObject({ seat: null, action: { kind: "ad" } });
    expect(undoneInput(ad, { authors: true })).toMatchObject({ seat: 3 });
    expect(undoneInput(vote, {})).toMatchObject({ seat: 3 });
  });

  it("the sheet escapes every player's text: HTML and scripts in a will and an ad are characters", async () => {
    const { journal } = played();
    const html = (await renderRecord(journal, { format: "html", lang: "de" })).toString();
    expect(html).toContain("Testament");
    expect(html).toContain("Trust 5 &lt;script&gt;alert(&quot;will&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; meet at noon");
    expect(html).toContain("&lt;b&gt;Raven&lt;/b&gt;");
    expect(html).not.toMatch(/<script>alert|<img src=x|<b>Raven/);
    expect(html).not.toContain("Aufgegeben von"); // no author column unless asked
    const asked = (await renderRecord(journal, { format: "html", authors: true })).toString();
    expect(asked).toContain("Placed by");
  });
});
