/**
 * Reads a game journal for a record without touching the file: the hub may be appending
 * to it right now, so an incomplete last line is left alone (not cut off, as the hub's own
 * readJournal does when it reopens a journal) and simply not read.
 */
import { readFile } from "node:fs/promises";
import type { JournalContents, JournalHeader, JournalRecord } from "../journal/journal.js";

export type JournalForRecord = Pick<JournalContents, "header" | "records">;

export function parseJournalText(text: string, name: string): JournalForRecord {
  const lines = text.split("\n");
  lines.pop(); // "" after the last newline, or a line still being written
  const [first, ...rest] = lines;
  const header = first === undefined ? null : (JSON.parse(first) as JournalHeader);
  if (header?.type !== "header" || typeof header.config !== "object")
    throw new Error(`${name}: line 1 is not a journal header`);
  const records = rest.map((line, i) => {
    const record = JSON.parse(line) as JournalRecord;
    if (record?.type !== "input") throw new Error(`${name}: line ${i + 2} is not an input record`);
    return record;
  });
  return { header, records };
}

export async function readJournalForRecord(path: string): Promise<JournalForRecord> {
  return parseJournalText(await readFile(path, "utf8"), path);
}
