/**
 * Which source files name something (a test-only role or ruleset): the proof that it lives
 * only in its test helper folder, so that adding it changed no other file.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
/** Where the product's sources are: the hub, the wire, the screens and the simulator. */
const SOURCES = ["hub", "protocol", "web-display/src", "firmware-sim"];

/** The repo paths of the TypeScript files under SOURCES whose text matches `names`. */
export function sourceFilesNaming(names: RegExp): string[] {
  const named: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.ts$/.test(name) && names.test(readFileSync(path, "utf8")))
        named.push(path.slice(ROOT.length + 1));
    }
  };
  for (const dir of SOURCES) walk(join(ROOT, dir));
  return named;
}

/** Whether the repo file at `path` matches `names` (that the pattern finds what it should). */
export function fileNames(path: string, names: RegExp): boolean {
  return names.test(readFileSync(join(ROOT, path), "utf8"));
}
