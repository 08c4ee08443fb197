/**
 * A static import graph of the project's TypeScript sources (relative imports, type-only
 * ones included: they tie the design as much as the run time), and its circles (Tarjan's
 * strongly connected components). Used by the layering test.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
const SKIP = /(^|\/)(node_modules|dist|test|\.git|coverage)(\/|$)|\.test\.|\.d\.ts$/;
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Repo-relative path → the repo-relative paths it imports. */
export type ImportGraph = Map<string, string[]>;

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (SKIP.test(relative(ROOT, path))) continue;
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|mts)$/.test(name)) out.push(path);
  }
}

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(js|mjs|ts)$/, "");
  for (const c of [`${stem}.ts`, `${stem}.mts`, join(base, "index.ts")])
    if (existsSync(c)) return c;
  return null;
}

export function importGraph(dirs: string[]): ImportGraph {
  const files: string[] = [];
  for (const d of dirs) walk(join(ROOT, d), files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = new Set<string>();
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      const target = spec ? resolveImport(file, spec) : null;
      if (target && target !== file) targets.add(relative(ROOT, target));
    }
    graph.set(relative(ROOT, file), [...targets]);
  }
  return graph;
}

/** Every strongly connected component of more than one file, each sorted. */
export function circles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}
