/**
 * Rule IDs resolve inside the repo: every ID a source file, a comment or a test names
 * (`HUNT-DOC-07`) has its one-line definition in docs/RULES-*.md, so a reader never needs
 * the shared catalog to learn what a test proves. Other branches add IDs; this test catches
 * an undefined one at merge.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SOURCES = ["hub", "test", "protocol", "web-display/src", "firmware-sim", "bench", "start.ts"];
const SKIP_DIRS = new Set(["node_modules", "dist", ".git"]);
/** PREFIX-AREA-NN as the catalog writes them (an area may end in a digit: SPORT-NIGHT0-03). */
const RULE_ID = /\b[A-Z]{2,}-[A-Z][A-Z0-9]+-\d{2,3}\b/g;
/** A definition: a list line that starts with the ID in backticks. */
const DEFINITION = /^- `([A-Z]{2,}-[A-Z][A-Z0-9]+-\d{2,3})` \S/;

function sourceFiles(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return /\.(ts|js)$/.test(path) ? [path] : [];
  return readdirSync(full)
    .filter((name) => !SKIP_DIRS.has(name))
    .flatMap((name) => sourceFiles(join(path, name)));
}

function namedIds(): Map<string, string> {
  const firstFile = new Map<string, string>();
  for (const file of SOURCES.flatMap(sourceFiles)) {
    for (const id of readFileSync(join(ROOT, file), "utf8").match(RULE_ID) ?? []) {
      if (!firstFile.has(id)) firstFile.set(id, relative(ROOT, join(ROOT, file)));
    }
  }
  return firstFile;
}

function definitions(): Map<string, string[]> {
  const docs = readdirSync(join(ROOT, "docs")).filter((f) => /^RULES-.+\.md$/.test(f));
  const where = new Map<string, string[]>();
  for (const doc of docs) {
    for (const line of readFileSync(join(ROOT, "docs", doc), "utf8").split("\n")) {
      const id = DEFINITION.exec(line)?.[1];
      if (id) where.set(id, [...(where.get(id) ?? []), doc]);
    }
  }
  return where;
}

describe("rule IDs", () => {
  const named = namedIds();
  const defined = definitions();

  it("finds the IDs the code names (the scan is not empty)", () => {
    expect(named.size).toBeGreaterThan(100);
    expect(named.has("HUNT-DOC-07")).toBe(true);
  });

  it("defines every ID a source file or a test names, in docs/RULES-*.md", () => {
    const undefinedIds = [...named]
      .filter(([id]) => !defined.has(id))
      .map(([id, f]) => `${id} (${f})`);
    expect(undefinedIds).toEqual([]);
  });

  it("defines each ID once, in the document of its ruleset", () => {
    const misplaced = [...defined]
      .filter(([id, docs]) => docs.length !== 1 || docs[0] !== `RULES-${id.split("-")[0]}.md`)
      .map(([id, docs]) => `${id} in ${docs.join(", ")}`);
    expect(misplaced).toEqual([]);
  });
});
