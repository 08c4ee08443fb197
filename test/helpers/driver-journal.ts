/**
 * The journal a hub would have written for a game an EngineDriver played: its header with
 * the driver's config, and every accepted input in order. The record is built from it as
 * from a file (hub/record/extract.ts `recordFromJournal`).
 */
import type { JournalHeader, JournalRecord } from "../../hub/journal/journal.js";
import type { EngineDriver } from "./engine-driver.js";

export function journalOf(d: EngineDriver): { header: JournalHeader; records: JournalRecord[] } {
  const header: JournalHeader = {
    type: "header",
    v: 1,
    config: d.config,
    setupId: null,
    seen: {},
    hostIds: [],
  };
  const records = d.inputs.map((input, i) => ({ type: "input" as const, n: i + 1, input }));
  return { header, records };
}
