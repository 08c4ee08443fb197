/** The record's speech timelines (issue 26, hub/record/speech.ts), from a replayed journal. */
import { describe, expect, it } from "vitest";
import type { JournalHeader, JournalRecord } from "../../hub/journal/journal-format.js";
import { recordFromTrace } from "../../hub/record/extract.js";
import { sheetHtml } from "../../hub/record/html.js";
import { gameRecordSchema } from "../../hub/record/model.js";
import { replay } from "../../hub/record/replay.js";
import { speechSvg, voiceRecord } from "../../hub/record/speech.js";
import { EngineDriver, T0 } from "../helpers/engine-driver.js";

function journal(d: EngineDriver, options: Record<string, unknown>) {
  const header = {
    type: "header",
    v: 3,
    config: {
      table: "t1",
      ruleset: "sport",
      seats: d.state.seats.map((s) => ({ seat: s.seat, name: s.name })),
      options,
      seed: "0123456789abcdef0123456789abcdef",
      at: T0,
    },
  } as unknown as JournalHeader;
  const records: JournalRecord[] = d.inputs.map((input, i) => ({ type: "input", n: i + 1, input }));
  return { header, records };
}

function talk(d: EngineDriver, seat: number, ms: number): void {
  for (let t = 0; t < ms; t += 500) {
    d.tick(500);
    d.seat(seat, { kind: "voice", on: true, levels: Array(5).fill(80) });
  }
  d.tick(100);
  d.seat(seat, { kind: "voice", on: false, levels: [0] });
  d.tick(1500);
}

describe("the record's speech timelines", () => {
  it("show who spoke during each speech, and the candidates as the judge left them", () => {
    const options = { voice: true };
    const d = new EngineDriver({ options }).start().skipNight();
    for (const s of [1, 4]) d.seat(s, { kind: "hello", fw: "phone", caps: ["mic"] });
    talk(d, 1, 2000);
    talk(d, 4, 1500);
    d.pass(1);
    talk(d, 2, 1000);
    expect(d.host({ cmd: "dismiss", candidate: 1 })).toBeNull();
    const r = voiceRecord(replay(journal(d, options)));
    expect(r?.speeches[0]).toMatchObject({ speaker: 1, step: "speech" });
    expect(r?.speeches[0]?.spans.map((s) => s.seat)).toEqual([1, 4]);
    expect(r?.candidates).toMatchObject([
      { id: 1, seat: 4, kind: "turn", during: 1, status: "dismissed" },
    ]);
    const svg = speechSvg(
      r?.speeches[0] as NonNullable<typeof r>["speeches"][number],
      d.state.seats,
    );
    expect(svg).toContain('class="spoke" data-seat="4"');
    expect(svg).toContain('class="spoke" data-seat="1"');
  });

  it("are on the sheet in en, de and ru, with the candidates confirmed and dismissed", () => {
    const options = { voice: true };
    const d = new EngineDriver({ options }).start().skipNight();
    for (const s of [1, 4, 6]) d.seat(s, { kind: "hello", fw: "phone", caps: ["mic"] });
    talk(d, 1, 2000);
    talk(d, 4, 1500);
    talk(d, 6, 1500);
    expect(d.host({ cmd: "dismiss", candidate: 1 })).toBeNull();
    expect(d.host({ cmd: "foul", seat: 6, cause: "out_of_turn", candidate: 2 })).toBeNull();
    d.pass(1);
    const record = recordFromTrace(replay(journal(d, options)));
    expect(gameRecordSchema.parse(record).voice?.candidates.map((c) => c.status)).toEqual([
      "dismissed",
      "confirmed",
    ]);
    const words = {
      en: ["Who spoke when", "dismissed", "confirmed: foul", "spoke during the speech of"],
      de: ["Wer wann sprach", "verworfen", "bestätigt: Foul", "sprach während der Rede von"],
      ru: ["Кто когда говорил", "отклонено", "подтверждено: фол", "говорил во время речи"],
    } as const;
    for (const [lang, expected] of Object.entries(words) as [
      keyof typeof words,
      readonly string[],
    ][]) {
      const html = sheetHtml(record, lang);
      expect(html).toMatch(/<figure class="speech" data-round="\d+" data-speaker="1">/);
      expect(html).toContain('class="spoke" data-seat="4"');
      expect(html).toContain('class="spoke" data-seat="6"');
      expect(html.match(/<tr class="candidate"/g)?.length).toBe(2);
      expect(html).toContain('data-status="dismissed"');
      expect(html).toContain('data-status="confirmed"');
      for (const w of expected) expect(html).toContain(w);
      expect(html).not.toMatch(/voice\.(kind|status|step|title|what|decision|candidates)/);
    }
  });

  it("are absent from a game that heard nothing", () => {
    const d = new EngineDriver().start().skipNight();
    d.pass(1);
    expect(voiceRecord(replay(journal(d, {})))).toBeNull();
    expect(sheetHtml(recordFromTrace(replay(journal(d, {}))))).not.toContain('class="speech"');
  });
});
