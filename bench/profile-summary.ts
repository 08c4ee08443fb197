/**
 * Where a hub's CPU went: reads a `.cpuprofile` (`npm run bench -- --profile DIR` runs the
 * hub with `node --cpu-prof`) and prints the busy time's shares: self time by area (file or
 * package) and by function, and the inclusive time of the hub's own functions.
 * The hub runs bundled (launch.mjs): a frame in dist/ is put back at its TypeScript source
 * through the bundle's source map, so areas and functions read as before the bundle.
 * Run: npx tsx bench/profile-summary.ts FILE.cpuprofile [--top 25]
 */
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "25" } },
});
const top = Number(values.top);
const profile = JSON.parse(readFileSync(positionals[0] as string, "utf8")) as Profile;

const maps = new Map<string, SourceMap | null>();
function sourceMapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    const file = url.startsWith("file:") && url.endsWith(".mjs") ? `${fileURLToPath(url)}.map` : "";
    maps.set(url, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, "utf8"))) : null);
  }
  return maps.get(url) ?? null;
}
for (const { callFrame: f } of profile.nodes) {
  const entry = sourceMapOf(f.url)?.findEntry(f.lineNumber, f.columnNumber);
  if (entry && "originalSource" in entry) {
    f.url = entry.originalSource;
    f.lineNumber = entry.originalLine;
  }
}
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const IDLE = new Set(["(idle)", "(program)", "(garbage collector)"]);
function area(url: string): string {
  if (url === "") return "native (V8 builtins, JSON, GC)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  if (url.startsWith("node:")) return url.replace(/^node:internal\//, "node:");
  const own = /\/(hub|protocol|bench)\/(.+)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}
const label = (n: ProfileNode) =>
  `${n.callFrame.functionName || "(anonymous)"} ${area(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

const self = new Map<string, number>();
const areas = new Map<string, number>();
const inclusive = new Map<string, number>();
let busy = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  const node = byId.get(id);
  if (!node) return;
  const name = node.callFrame.functionName;
  if (name === "(idle)") {
    idle += dt;
    return;
  }
  busy += dt;
  const key = IDLE.has(name) ? name : label(node);
  self.set(key, (self.get(key) ?? 0) + dt);
  const a = IDLE.has(name) ? name : area(node.callFrame.url);
  areas.set(a, (areas.get(a) ?? 0) + dt);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const n = byId.get(cur) as ProfileNode;
    if (!/\/(hub|protocol)\//.test(n.callFrame.url)) continue;
    const k = label(n);
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
  }
});

const pct = (v: number) => `${((100 * v) / busy).toFixed(1).padStart(5)}%`;
const list = (title: string, m: Map<string, number>) => {
  process.stdout.write(`\n${title}\n`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    process.stdout.write(`${pct(v)}  ${k}\n`);
};
process.stdout.write(
  `busy ${(busy / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s (shares below are of busy time)\n`,
);
list("self time by area", areas);
list("self time by function", self);
list("inclusive time of the hub's own functions", inclusive);
