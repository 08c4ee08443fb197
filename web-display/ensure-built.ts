/**
 * `npm start` runs this first (prestart): builds web-display/dist when it is missing or
 * older than its sources (the display's own files and protocol/, which it imports), so the
 * hub always serves the current display. Fast when nothing changed: it only reads mtimes.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "web-display", "dist", "index.html");
const SKIP = new Set(["dist", "node_modules"]);

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const sources = Math.max(newest(join(root, "web-display")), newest(join(root, "protocol")));
const built = existsSync(dist) ? statSync(dist).mtimeMs : 0;
if (built < sources) {
  const vite = join(root, "node_modules", "vite", "bin", "vite.js");
  if (!existsSync(vite)) {
    process.stderr.write("display: vite is not installed; serving the display as built before\n");
  } else {
    process.stderr.write("display: building web-display/dist\n");
    const run = spawnSync(
      process.execPath,
      [vite, "build", "--config", "web-display/vite.config.ts", "--logLevel", "warn"],
      { cwd: root, stdio: ["ignore", "inherit", "inherit"] },
    );
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}
