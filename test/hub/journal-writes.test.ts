/**
 * How the file journal writes (issue 29): a record goes to the file at once, on the hub's
 * thread, and only its fsync goes to libuv's pool, so an input waits one loop turn for the
 * disk instead of two. Records written while an fsync is under way are made durable
 * together by the next one, in order; a failed write or fsync rejects what it covered and
 * the journal takes nothing more.
 */
import { type FileHandle, open, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { EngineInput } from "../../hub/engine/index.js";
import {
  JOURNAL_VERSION,
  Journal,
  type JournalHeader,
  readJournal,
  type SyncHook,
} from "../../hub/journal/journal.js";
import { removeDir, tempDir } from "../helpers/hub.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await removeDir(d);
});

const header: JournalHeader = {
  type: "header",
  v: JOURNAL_VERSION,
  config: { table: "t1", ruleset: "sport", seats: [], options: {}, seed: "0".repeat(32), at: 0 },
  setupId: null,
  seen: {},
  hostIds: [],
};

const thumb = (seat: number): EngineInput => ({
  type: "seat",
  seat,
  at: 1000 + seat,
  action: { kind: "thumb", down: true },
});

/** A sync hook whose next fsync waits for `release()`, counting every fsync. */
function heldSync() {
  const hook = { syncs: 0, hold: false, release: null as (() => void) | null };
  const sync: SyncHook = async (fh) => {
    hook.syncs += 1;
    if (hook.hold) {
      hook.hold = false;
      await new Promise<void>((r) => {
        hook.release = r;
      });
    }
    await fh.datasync();
  };
  return { hook, sync };
}

async function newJournal(sync: SyncHook): Promise<Journal> {
  const dir = await tempDir();
  dirs.push(dir);
  return Journal.create(join(dir, "t1"), header, sync);
}

const lines = async (path: string) => (await readFile(path, "utf8")).split("\n").filter(Boolean);

describe("file journal writes", () => {
  it("puts each record in the file at once and makes those written during an fsync durable with the next one", async () => {
    const { hook, sync } = heldSync();
    const journal = await newJournal(sync);
    const before = hook.syncs;
    hook.hold = true;
    const settled: number[] = [];
    const first = journal.append(thumb(1)).then((r) => settled.push(r.n));
    expect(hook.release).not.toBeNull(); // its fsync started at once, no pool trip first
    const rest = [2, 3, 4].map((s) => journal.append(thumb(s)).then((r) => settled.push(r.n)));
    // All four are in the file (page cache) while the first fsync is held: none is durable.
    expect(await lines(journal.path)).toHaveLength(5);
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toEqual([]);
    hook.release?.();
    await Promise.all([first, ...rest]);
    expect(settled).toEqual([1, 2, 3, 4]);
    expect(hook.syncs - before).toBe(2); // the held one, then one for the three that waited
    await journal.close();
    const read = await readJournal(journal.path);
    expect(read?.records.map((r) => r.n)).toEqual([1, 2, 3, 4]);
  });

  it("a failed write rejects what it covered, and the journal takes nothing more", async () => {
    const { hook, sync } = heldSync();
    const journal = await newJournal(sync);
    hook.hold = true;
    const first = journal.append(thumb(1));
    // While the first fsync is held, the journal's file is swapped for a read-only handle
    // (never a raw fd closed under a FileHandle: its collection would close a reused fd).
    const inside = journal as unknown as { fh: FileHandle };
    const writable = inside.fh;
    inside.fh = await open(journal.path, "r");
    const second = journal.append(thumb(2));
    second.catch(() => undefined);
    expect(() => journal.add(thumb(3))).toThrow(/failed: EBADF/);
    hook.release?.();
    await first; // written and synced before the failure
    await expect(second).rejects.toThrow(/EBADF/);
    await journal.close();
    await writable.close();
    const read = await readJournal(journal.path);
    expect(read?.records.map((r) => r.n)).toEqual([1]);
  });

  it("a failed fsync rejects its records and every one written after it", async () => {
    let fail = false;
    let release: (() => void) | null = null;
    const sync: SyncHook = async (fh) => {
      if (!fail) return fh.datasync();
      await new Promise<void>((r) => {
        release = r;
      });
      throw new Error("EIO: the disk said no");
    };
    const journal = await newJournal(sync);
    fail = true;
    const first = journal.append(thumb(1));
    const second = journal.append(thumb(2)); // written while the failing fsync is under way
    (release as unknown as () => void)();
    await expect(first).rejects.toThrow(/EIO/);
    await expect(second).rejects.toThrow(/EIO/);
    expect(() => journal.add(thumb(3))).toThrow(/failed: EIO/);
    await journal.close();
  });
});
