/** The game record's outputs: one function per format, from a journal's contents. */
import type { JournalContents } from "../journal/journal.js";
import { appealSvg } from "./appeal.js";
import { recordFromJournal } from "./extract.js";
import { sheetHtml } from "./html.js";
import type { RecordLang } from "./i18n.js";
import { toMafiaratings } from "./mafiaratings.js";
import type { GameRecord } from "./model.js";
import { htmlToPdf } from "./pdf.js";
import { type Scoring, scoreGame } from "./scoring.js";

export { RECORD_LANGS, type RecordLang } from "./i18n.js";
export { type GameRecord, gameRecordSchema, recordJsonSchema } from "./model.js";
export { defaultScoring, scoreGame, scoringSchema, tournamentTable } from "./scoring.js";
export { recordFromJournal, toMafiaratings };

export const RECORD_FORMATS = ["html", "pdf", "mafiaratings", "json", "svg"] as const;
export type RecordFormat = (typeof RECORD_FORMATS)[number];

export const CONTENT_TYPES: Record<RecordFormat, string> = {
  html: "text/html; charset=utf-8",
  pdf: "application/pdf",
  mafiaratings: "application/json",
  json: "application/json",
  svg: "image/svg+xml",
};

export interface RenderOptions {
  format: RecordFormat;
  lang?: RecordLang;
  /** Points on the sheet and in the JSON. */
  scoring?: Scoring | null;
  /** For svg: which vote round (index into record.votes). */
  vote?: number;
  /** Name the authors of newspaper ads (forum): only when the host asks (texts.ts). */
  authors?: boolean;
  /** For pdf: who prints the sheet; default a browser of its own (the hub passes its PdfPrinter). */
  print?: (html: string) => Promise<Buffer>;
}

export function buildRecord(
  journal: Pick<JournalContents, "header" | "records">,
  scoring?: Scoring | null,
  authors = false,
): GameRecord {
  const record = recordFromJournal(journal, { authors });
  if (scoring) record.points = scoreGame(record, scoring);
  return record;
}

export async function renderRecord(
  journal: Pick<JournalContents, "header" | "records">,
  o: RenderOptions,
): Promise<Buffer> {
  const record = buildRecord(journal, o.scoring, o.authors === true);
  const lang = o.lang ?? "en";
  switch (o.format) {
    case "json":
      return Buffer.from(`${safeJson(record)}\n`);
    case "mafiaratings":
      return Buffer.from(`${safeJson(toMafiaratings(record))}\n`);
    case "html":
      return Buffer.from(sheetHtml(record, lang));
    case "svg":
      return Buffer.from(appealSvg(record, o.vote ?? 0, lang));
    case "pdf":
      return (o.print ?? htmlToPdf)(sheetHtml(record, lang));
  }
}

/**
 * JSON with `<`, `>` and `&` written as \u escapes: the same values for every JSON reader,
 * and no player's text (a name, a will, an ad) turns into markup if the file is ever shown
 * or embedded in a page.
 */
function safeJson(value: unknown): string {
  return JSON.stringify(value, null, 2)
    .replaceAll("<", "\\u003c")
    .replaceAll(">", "\\u003e")
    .replaceAll("&", "\\u0026");
}
