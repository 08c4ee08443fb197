/**
 * Deduplication by (seat, boot, seq) when seqs arrive out of order (issue 27): in a
 * cluster failover seq N+1 of a connection can be applied by the new owner while seq N
 * still waits for the dead one; the re-sent N must be applied, not taken for a duplicate.
 */
import { describe, expect, it } from "vitest";
import { Duplicates, SEQ_WINDOW } from "../../hub/table/dedupe.js";

const src = (seq: number) => ({ seat: 3, boot: "0badcafe", seq });

describe("Duplicates with reordered seqs", () => {
  it("an overtaken seq is not a duplicate until it is applied itself", () => {
    const d = new Duplicates();
    for (const seq of [1, 2, 3, 5]) d.remember(src(seq));
    expect(d.isApplied(3, "0badcafe", 4)).toBe(false);
    for (const seq of [1, 2, 3, 5]) expect(d.isApplied(3, "0badcafe", seq)).toBe(true);
    expect(d.isApplied(3, "0badcafe", 6)).toBe(false);
    d.remember(src(4));
    expect(d.isApplied(3, "0badcafe", 4)).toBe(true);
    // Another boot of the same seat, and another seat, are their own sequences.
    expect(d.isApplied(3, "feedf00d", 1)).toBe(false);
    expect(d.isApplied(4, "0badcafe", 1)).toBe(false);
  });

  it("the gap survives a new game's header (and a restart that loads it)", () => {
    const d = new Duplicates();
    for (const seq of [1, 2, 4, 5]) d.remember(src(seq));
    const header = d.forHeader("setup-1");
    expect(header.seen).toEqual({ "3:0badcafe": 5 });
    expect(header.seenGaps).toEqual({ "3:0badcafe": [3] });
    const loaded = new Duplicates();
    loaded.load(header);
    expect(loaded.isApplied(3, "0badcafe", 3)).toBe(false);
    for (const seq of [1, 2, 4, 5]) expect(loaded.isApplied(3, "0badcafe", seq)).toBe(true);
    expect(loaded.hasCommand("setup-1")).toBe(true);
  });

  it("a header without gaps reads as before (no seenGaps); older headers load", () => {
    const d = new Duplicates();
    for (const seq of [1, 2, 3]) d.remember(src(seq));
    expect(d.forHeader(null)).toEqual({ seen: { "3:0badcafe": 3 }, hostIds: [] });
    const old = new Duplicates();
    old.load({ seen: { "3:0badcafe": 7 }, hostIds: [] });
    for (let seq = 1; seq <= 7; seq++) expect(old.isApplied(3, "0badcafe", seq)).toBe(true);
  });

  it("seqs older than the window count as applied; the state stays bounded", () => {
    const d = new Duplicates();
    d.remember(src(1));
    d.remember(src(1 + SEQ_WINDOW + 10));
    expect(d.isApplied(3, "0badcafe", 2)).toBe(true); // too old to tell apart
    expect(d.isApplied(3, "0badcafe", SEQ_WINDOW + 10)).toBe(false); // inside the window
    expect(d.forHeader(null).seenGaps?.["3:0badcafe"]?.length).toBe(SEQ_WINDOW - 1);
  });
});
