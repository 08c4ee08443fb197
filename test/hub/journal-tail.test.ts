/**
 * The tail file (issue 28) is rewritten at most once per interval (issue 29: its fsync per
 * batch cost 15% of the hub's busy time): updates within the interval collapse into the
 * newest, and a clean stop (`flush`) still leaves the exact newest record.
 */
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readTail, TAIL_BYTES, TailWriter, tailPath } from "../../hub/journal/journal-tail.js";
import { removeDir, tempDir } from "../helpers/hub.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await removeDir(d);
});

async function journalPath(): Promise<string> {
  const dir = await tempDir();
  dirs.push(dir);
  return join(dir, "game-0001.jsonl");
}

const readN = async (path: string) => JSON.parse(await readFile(tailPath(path), "utf8")).n;

describe("tail file writer", () => {
  it("writes the first update at once, collapses the ones within the interval, and flush writes the newest", async () => {
    const path = await journalPath();
    const tail = new TailWriter(path, 60_000);
    tail.update({ n: 1, h: "a" });
    await tail.flush();
    expect(await readN(path)).toBe(1);
    tail.update({ n: 2, h: "b" });
    tail.update({ n: 3, h: "c" });
    await new Promise((r) => setTimeout(r, 50));
    expect(await readN(path)).toBe(1); // within the interval: not yet rewritten
    await tail.flush();
    expect(await readN(path)).toBe(3);
  });

  it("after the interval, the waiting update is written without a flush", async () => {
    const path = await journalPath();
    const tail = new TailWriter(path, 20);
    tail.update({ n: 1, h: "a" });
    tail.update({ n: 2, h: "b" });
    await expect.poll(() => readN(path).catch(() => 0), { timeout: 5000 }).toBe(2);
    await tail.flush();
  });

  it("overwrites the open file in place at one size: no temp file, no rename, the same inode", async () => {
    const path = await journalPath();
    const tail = new TailWriter(path, 0);
    tail.update({ n: 1, h: "a".repeat(64) });
    await tail.flush();
    const first = await stat(tailPath(path));
    tail.update({ n: 123456, h: "b".repeat(64) });
    await tail.close();
    const after = await stat(tailPath(path));
    expect(after.ino).toBe(first.ino);
    expect(after.size).toBe(TAIL_BYTES);
    expect(await readTail(path)).toEqual({ n: 123456, h: "b".repeat(64) });
  });

  it("reads an older hub's unpadded tail file and overwrites it whole", async () => {
    const path = await journalPath();
    await writeFile(tailPath(path), JSON.stringify({ n: 5, h: "c".repeat(64) }));
    expect(await readTail(path)).toEqual({ n: 5, h: "c".repeat(64) });
    const tail = new TailWriter(path, 0);
    tail.update({ n: 6, h: "d".repeat(64) });
    await tail.close();
    expect(await readTail(path)).toEqual({ n: 6, h: "d".repeat(64) });
    expect((await stat(tailPath(path))).size).toBe(TAIL_BYTES);
  });
});
