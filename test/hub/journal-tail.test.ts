/**
 * The tail file (issue 28) is rewritten at most once per interval (issue 29: its fsync per
 * batch cost 15% of the hub's busy time): updates within the interval collapse into the
 * newest, and a clean stop (`flush`) still leaves the exact newest record.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TailWriter, tailPath } from "../../hub/journal/journal-tail.js";
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
});
