/**
 * A table takes a paddle's seq N after seq N+1 (issue 27: in a cluster failover seq N+1 can
 * overtake seq N), journals it, and still treats a real re-send as a duplicate, also after
 * the journal is replayed.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../hub/process/logger.js";
import { Table } from "../../hub/table/table.js";
import { removeDir, tempDir } from "../helpers/hub.js";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const BOOT = "0badcafe";

describe("seqs out of order at one table", () => {
  it("journals an overtaken seq once, and a re-send of it is a duplicate, also after a restart", async () => {
    const dir = await tempDir("hub-reorder-");
    cleanups.push(() => removeDir(dir));
    const open = async () => {
      const { logger, records } = createMemoryLogger("info");
      const table = new Table({
        id: "t1",
        dataDir: dir,
        log: logger,
        publish: async () => undefined,
        now: () => 1_000_000,
        defaults: { ruleset: "sport", seats: 10 },
      });
      await table.open();
      return { table, records };
    };
    const thumb = (table: Table, seq: number, down: boolean) =>
      table.seatInput(3, Buffer.from(JSON.stringify({ boot: BOOT, seq, kind: "thumb", down })), 1);
    const duplicateSeqs = (records: Record<string, unknown>[]) =>
      records.filter((r) => r.event === "input.duplicate").map((r) => r.seq);

    const first = await open();
    for (const [seq, down] of [
      [1, true],
      [2, false],
      [3, true],
      [5, true],
      [4, false], // overtaken by 5
    ] as const)
      await thumb(first.table, seq, down);
    expect(duplicateSeqs(first.records)).toEqual([]); // seq 4 was applied, not dropped
    await thumb(first.table, 4, false); // a real re-send
    expect(duplicateSeqs(first.records)).toEqual([4]);
    await first.table.close();

    const second = await open(); // replayed from the journal
    await thumb(second.table, 4, false);
    await thumb(second.table, 2, false);
    expect(duplicateSeqs(second.records)).toEqual([4, 2]);
    await second.table.close();
  }, 60_000);
});
