// @ts-check
/**
 * `npm start` runs this: the kit's entry (start.ts) bundled by esbuild into dist/ (the entry
 * and a few chunks of the parts loaded on demand), rebuilt here whenever one of its sources
 * is newer than the bundle, then run in this same process. Loading the hub's TypeScript
 * modules one by one through tsx's loader was most of its start-up (docs/BENCHMARKS.md,
 * "Start-up from one bundled file").
 *
 * The bundle (dist/start.mjs, and dist/table-worker.mjs for `--workers`) keeps the npm
 * packages outside it, so they load from node_modules as before; it sits one folder below
 * the repository's root, as hub/server.ts does, so paths it resolves from its own URL
 * (the display's web-display/dist) stay right.
 */
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = dirname(fileURLToPath(import.meta.url));

/** The kit's entry and the table worker's: what `dist/` holds, by output name. */
export const HUB_ENTRIES = { start: "start.ts", "table-worker": "hub/workers/table-worker.ts" };

/**
 * Builds `outdir` from `entries` (output name → source, relative to `root`) unless every
 * source the last build read is older than it; true when it built. Each file is written
 * under another name and renamed into place, the entry last, so a hub starting meanwhile
 * never loads half a bundle. The list of sources is esbuild's metafile.
 *
 * @param {{ root: string, outdir: string, entries: Record<string, string> }} o
 */
export async function ensureBundle({ root, outdir, entries }) {
  const meta = join(outdir, "meta.json");
  if (isFresh(root, outdir, meta, Object.keys(entries))) return false;
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.entries(entries).map(([out, src]) => ({ in: src, out })),
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // The parts loaded on demand (the cluster's Redis, TLS, mDNS, the boards) stay in chunks
    // of their own, with the packages only they import: one bundle loaded them all at start.
    splitting: true,
    chunkNames: "chunk-[hash]",
    sourcemap: true,
    metafile: true,
    write: false,
    logLevel: "warning",
  });
  mkdirSync(outdir, { recursive: true });
  // Chunks and source maps first, the entries' bundles after them, the hub's own last; each
  // written beside its place and renamed into it.
  const entryFiles = Object.keys(entries).map((n) => join(outdir, `${n}.mjs`));
  const rank = (/** @type {string} */ path) => {
    const i = entryFiles.indexOf(path);
    return i < 0 ? 0 : entryFiles.length - i;
  };
  const files = [...result.outputFiles].sort((a, b) => rank(a.path) - rank(b.path));
  for (const file of files) writeAtomically(file.path, file.contents);
  // Chunks of an earlier build: unused once the new entries are in place.
  const built = new Set(files.map((f) => basename(f.path)));
  for (const name of readdirSync(outdir))
    if (name.startsWith("chunk-") && !built.has(name)) rmSync(join(outdir, name));
  writeAtomically(meta, JSON.stringify(Object.keys(result.metafile.inputs)));
  return true;
}

/** @param {string} path @param {string | Uint8Array} contents */
function writeAtomically(path, contents) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, path);
}

/**
 * @param {string} root @param {string} outdir @param {string} meta @param {string[]} names
 */
function isFresh(root, outdir, meta, names) {
  try {
    /** @type {string[]} */
    const inputs = JSON.parse(readFileSync(meta, "utf8"));
    const built = Math.min(...names.map((n) => statSync(join(outdir, `${n}.mjs`)).mtimeMs));
    // tsconfig.json: esbuild reads its class-field semantics from it.
    return [...inputs, "tsconfig.json"].every((f) => statSync(join(root, f)).mtimeMs <= built);
  } catch {
    return false; // no bundle yet, or a source gone: build
  }
}

/** Where the hub's bundle is: one folder below the root, as hub/server.ts is. */
export const HUB_DIST = join(ROOT, "dist");

/** The hub's bundle, built if a source changed (what `npm start` and the bench run). */
export function ensureHubBundle() {
  return ensureBundle({ root: ROOT, outdir: HUB_DIST, entries: HUB_ENTRIES });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outdir = HUB_DIST;
  try {
    await ensureHubBundle();
  } catch (err) {
    // A stale bundle is never run instead: it would be older code than the checkout.
    const why = err instanceof Error ? err.message : String(err);
    process.stderr.write(
      `hub: cannot build ${outdir} from the sources (${why}); run npm start once as a user who may write there, or node --import tsx start.ts\n`,
    );
    process.exit(1);
  }
  // Stacks of a crash point into the TypeScript sources (about 20 ms of start-up).
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(join(outdir, "start.mjs")).href);
}
