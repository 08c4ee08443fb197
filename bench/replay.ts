/**
 * Journal replay against merely parsing: the figure to watch is their ratio. The text is
 * JSON lines in the hub's journal format: a header line per game, then its inputs.
 */
import { spawnSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { applyInPlace, createGame, type GameState } from "../hub/engine/index.js";

function parseOnly(lines: readonly string[]): number {
  let n = 0;
  for (const line of lines) if (JSON.parse(line).type === "input") n++;
  return n;
}

function replay(lines: readonly string[]): number {
  let state: GameState | null = null;
  let n = 0;
  for (const line of lines) {
    const record = JSON.parse(line);
    if (record.type === "header") {
      const created = createGame(record.config);
      if (!created.ok) throw new Error(created.errors.join("; "));
      state = created.state;
    } else if (state && !applyInPlace(state, record.input, null)) n++;
  }
  return n;
}

function best(fn: () => number, runs: number): { ms: number; n: number } {
  let bestMs = Number.POSITIVE_INFINITY;
  let n = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    n = fn();
    bestMs = Math.min(bestMs, performance.now() - t);
  }
  return { ms: bestMs, n };
}

export interface ReplayFigures {
  inputs: number;
  kib: number;
  parseMs: number;
  replayMs: number;
}

/** Best of 15 after warming up; fails if the journal does not replay without a rejection. */
export function timeReplay(text: string): ReplayFigures {
  const lines = text.split("\n").filter((l) => l.length > 0);
  best(() => parseOnly(lines), 3);
  best(() => replay(lines), 3);
  const parse = best(() => parseOnly(lines), 15);
  const rep = best(() => replay(lines), 15);
  if (rep.n !== parse.n)
    throw new Error(`replay applied ${rep.n} of ${parse.n} inputs: the journal does not replay`);
  return { inputs: parse.n, kib: text.length / 1024, parseMs: parse.ms, replayMs: rep.ms };
}

/** Keeps headers and the first `limit` input records of a concatenation of journals. */
export function firstInputs(texts: readonly string[], limit: number): string {
  const out: string[] = [];
  let n = 0;
  for (const text of texts) {
    for (const line of text.split("\n")) {
      if (!line) continue;
      const isInput = line.startsWith('{"type":"input"');
      if (isInput && n >= limit) return out.join("\n");
      if (isInput) n++;
      out.push(line);
    }
  }
  return out.join("\n");
}

/** Replaces the section between `<!-- bench:NAME -->` markers of a Markdown file's text. */
export function withSection(doc: string, name: string, body: string): string {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const block = `${open}\n${body.trim()}\n${close}`;
  const i = doc.indexOf(open);
  const j = doc.indexOf(close);
  return i >= 0 && j > i
    ? doc.slice(0, i) + block + doc.slice(j + close.length)
    : `${doc.trimEnd()}\n\n${block}\n`;
}

/**
 * Writes a section into docs/BENCHMARKS.md, in Biome's format (its tables aligned), as
 * `npm test` checks it.
 */
export async function writeBenchSection(name: string, section: string): Promise<void> {
  const path = join(import.meta.dirname, "../docs/BENCHMARKS.md");
  const doc = await readFile(path, "utf8").catch(() => "# Benchmarks\n");
  await writeFile(path, withSection(doc, name, section));
  const biome = join(import.meta.dirname, "../node_modules/@biomejs/biome/bin/biome");
  spawnSync(process.execPath, [biome, "format", "--write", path], { stdio: "inherit" });
}
