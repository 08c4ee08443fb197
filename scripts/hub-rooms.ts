/**
 * Moves hub/'s root files into the rooms their imports already form (issue 23), and
 * rewrites every reference to them: relative imports in every tracked TypeScript file
 * (hub/, test/, bench/, firmware-sim/, web-display/, protocol/, start.ts, ...) and every
 * `hub/<file>.ts` path named in text (comments, docs/, README.md, package.json scripts).
 *
 * A script, not a hand edit, so the move can be made again on a main that changed meanwhile:
 * the lead drops the branch's moving commit and runs `npx tsx scripts/hub-rooms.ts` after the
 * other branches are merged. It refuses (and changes nothing) when it was already applied,
 * when tracked files have uncommitted changes, or when hub/ has a root file the map
 * does not place (a file added since: give it a room in hub-rooms-map.ts first).
 *
 * Files keep their names (a comment saying "broker.ts" still names the file); only their
 * folder changes. The rooms are listed, with what each holds, in hub-rooms-map.ts.
 *
 * Usage: npx tsx scripts/hub-rooms.ts [--dry-run]
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, posix, relative, resolve } from "node:path";
import { ROOMS, STAYS } from "./hub-rooms-map.js";

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "..");
const DRY = process.argv.includes("--dry-run");
const git = (...args: string[]): string =>
  execFileSync("git", args, { cwd: ROOT, encoding: "utf8" });

function fail(message: string): never {
  console.error(`hub-rooms: ${message}`);
  console.error("hub-rooms: nothing was changed.");
  process.exit(1);
}

/** Old repo path → new repo path, for every file that moves. */
const moves = new Map<string, string>();
for (const [room, names] of Object.entries(ROOMS)) {
  for (const name of names) moves.set(`hub/${name}.ts`, `hub/${room}/${name}.ts`);
}

// --- Refusals: each leaves the tree as it was --------------------------------------------

const applied = [...moves.values()].filter((to) => existsSync(join(ROOT, to)));
if (applied.length > 0) fail(`already applied (${applied[0]} exists)`);
const missing = [...moves.keys()].filter((from) => !existsSync(join(ROOT, from)));
if (missing.length > 0) fail(`the map names files hub/ does not have: ${missing.join(", ")}`);
const dirty = git("status", "--porcelain", "--untracked-files=no").trim();
if (dirty && !DRY) fail(`tracked files have uncommitted changes:\n${dirty}`);
const tracked = git("ls-files", "-z").split("\0").filter(Boolean);
const placed = new Set([...moves.keys(), ...STAYS.map((n) => `hub/${n}.ts`)]);
const unplaced = tracked.filter((f) => /^hub\/[^/]+\.ts$/.test(f) && !placed.has(f));
if (unplaced.length > 0) fail(`hub/ root files with no room in the map: ${unplaced.join(", ")}`);

// --- 1. Relative imports, resolved from where each file is now ------------------------------

const CODE = /\.(ts|mts|mjs|tsx)$/;
/** `from "./x.js"`, `import("./x.js")`, `import "./x.js"`: the specifier is group 2. */
const SPEC = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}\/[^"']+)\2/g;
const trackedSet = new Set(tracked);

/** The repo path a relative specifier names, if it is a tracked file. */
function target(fromFile: string, spec: string): string | null {
  const base = posix.join(posix.dirname(fromFile), spec);
  const stem = base.replace(/\.(js|mjs|ts|mts)$/, "");
  for (const c of [`${stem}.ts`, `${stem}.mts`, `${base}`, `${base}/index.ts`]) {
    if (trackedSet.has(c)) return c;
  }
  return null;
}

function respec(fromNew: string, toOld: string, toNew: string, spec: string): string {
  let rel = posix.relative(posix.dirname(fromNew), toNew);
  if (!rel.startsWith(".")) rel = `./${rel}`;
  // Keep the specifier's own ending (`.js` for a `.ts` file, as NodeNext wants).
  const ext = spec.match(/\.(js|mjs|ts|mts)$/)?.[0];
  const stem = rel.replace(/\.(ts|mts)$/, "");
  if (toOld.endsWith("/index.ts") && !/index(\.\w+)?$/.test(spec)) return posix.dirname(rel);
  return ext ? `${stem}${ext}` : stem;
}

const edits = new Map<string, string>(); // repo path (old) → new text
for (const file of tracked.filter((f) => CODE.test(f))) {
  const text = readFileSync(join(ROOT, file), "utf8");
  const fileNew = moves.get(file) ?? file;
  const out = text.replace(SPEC, (whole: string, lead: string, quote: string, spec: string) => {
    const to = target(file, spec);
    if (!to) return whole;
    const toNew = moves.get(to) ?? to;
    if (toNew === to && fileNew === file) return whole;
    return `${lead}${quote}${respec(fileNew, to, toNew, spec)}${quote}`;
  });
  if (out !== text) edits.set(file, out);
}

// --- 2. Paths named in text: `hub/broker.ts`, `../hub/table.js` in docs, scripts, comments ---

const TEXT = /\.(ts|mts|mjs|tsx|md|json|ya?ml|html|sh)$/;
const names = [...moves.keys()].map((f) => f.slice("hub/".length, -".ts".length));
const byLength = names.sort((a, b) => b.length - a.length).join("|");
// `hub/` begins the path (or follows only `../`): test/hub/x.ts is another folder.
const PATH = new RegExp(`(^|[^\\w./-])((?:\\.\\.?/)*)hub/(${byLength})\\.(ts|js)\\b`, "g");
const self = relative(ROOT, new URL(import.meta.url).pathname);
for (const file of tracked.filter((f) => TEXT.test(f) && f !== self)) {
  const text = edits.get(file) ?? readFileSync(join(ROOT, file), "utf8");
  const out = text.replace(
    PATH,
    (_: string, before: string, up: string, name: string, ext: string) => {
      const room = moves.get(`hub/${name}.ts`)?.split("/")[1];
      return `${before}${up}hub/${room}/${name}.${ext}`;
    },
  );
  if (out !== text) edits.set(file, out);
}

// --- Apply: moves first, then the rewritten texts at their new paths ----------------------

console.log(`hub-rooms: ${moves.size} files move, ${edits.size} files are rewritten`);
if (DRY) {
  for (const [from, to] of moves) console.log(`  git mv ${from} ${to}`);
  for (const file of edits.keys()) console.log(`  rewrite ${moves.get(file) ?? file}`);
  process.exit(0);
}
for (const room of Object.keys(ROOMS)) {
  execFileSync("mkdir", ["-p", join(ROOT, "hub", room)]);
}
for (const [from, to] of moves) git("mv", from, to);
for (const [file, text] of edits) writeFileSync(join(ROOT, moves.get(file) ?? file), text);
// The moved specifiers sort differently, and longer paths may reflow a line or a table.
const rewritten = [...edits.keys()].map((f) => moves.get(f) ?? f);
execFileSync("npx", ["biome", "check", "--write", ...rewritten], { cwd: ROOT, stdio: "inherit" });
console.log("hub-rooms: done; check with npx tsc --noEmit -p . && npx biome check .");
