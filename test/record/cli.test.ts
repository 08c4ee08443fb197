/** `npm run record`: the real command line as a child process, on a journal file. */
import { execFile } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers/hub.js";
import { scriptedSportGame } from "./scripted-game.js";

const ROOT = join(import.meta.dirname, "..", "..");

function record(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "hub/record/cli.ts", ...args],
      { cwd: ROOT },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let dir = "";
let journal = "";
beforeAll(async () => {
  dir = await tempDir("record-cli-");
  journal = join(dir, "game-0001.jsonl");
  const g = scriptedSportGame();
  await writeFile(
    journal,
    `${[g.header, ...g.records].map((x) => JSON.stringify(x)).join("\n")}\n`,
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("npm run record", () => {
  it("writes the JSON to stdout and the sheet to --out", async () => {
    const json = await record([journal, "--format", "json", "--scoring"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).points).toHaveLength(10);
    const out = join(dir, "sheet.html");
    expect((await record([journal, "--lang", "ru", "--out", out])).code).toBe(0);
    expect(await readFile(out, "utf8")).toContain("Протокол игры");
  }, 30_000);

  it("sums several journals into the tournament table", async () => {
    const table = await record([journal, journal, "--format", "table"]);
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split("\n");
    expect(lines[0]).toBe("place\tname\tgames\tpoints\twins\tbestMove\tpenalties");
    expect(lines[1]?.split("\t").slice(2, 5)).toEqual(["2", "2.5", "2"]);
  }, 30_000);

  it("exits 2 on bad usage and 1 on a missing journal", async () => {
    // Three start-ups of the command at once: one after another they neared the time limit
    // on a loaded machine.
    const [doc, two, missing] = await Promise.all([
      record([journal, "--format", "doc"]),
      record([journal, journal]),
      record([join(dir, "nope.jsonl")]),
    ]);
    expect(doc.code).toBe(2);
    expect(two.code).toBe(2);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^record: /);
  }, 60_000);
});
