/**
 * Screens, the record and the hub's hardware read what a game is made of from its ruleset's
 * manifest (protocol/manifest.ts; `public/rulesets` for the screens), never by testing a
 * ruleset's id: otherwise every new ruleset or role means editing them all, and they drift
 * from the engine. This test fails if one of those folders names a ruleset id as a string
 * (`"sport"`) or as a key of a table by ruleset (`{ hunt: [...] }`).
 *
 * The simulator may name one only for a ruleset's own tactics: tactics.ts (how a bot plays
 * a ruleset, each ruleset's fastest timings, the bot host's default game). host-bot.ts reads
 * which night steps wait for the host from the manifests (`calls`), naming none.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { availableRulesets } from "../../hub/engine/index.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FOLDERS = ["web-display/src", "hub/record", "hub/hardware", "firmware-sim/sim"];
const TACTICS = new Set(["firmware-sim/sim/tactics.ts"]);

function sourceFiles(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return /\.ts$/.test(path) ? [path] : [];
  return readdirSync(full).flatMap((name) => sourceFiles(`${path}/${name}`));
}

/** `"id"`, `'id'`, `` `id` `` as a whole string, or `id:` as an object key. */
function namings(id: string): RegExp {
  return new RegExp(`["'\`]${id}["'\`]|(^\\s*|[{,]\\s*)${id}\\s*:`, "m");
}

/** A line of a comment: prose may name a ruleset, code may not. */
const COMMENT = /^\s*(\/\/|\/?\*)/;

function rulesetNamings(files: string[], ids: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      if (COMMENT.test(line)) return;
      for (const id of ids) if (namings(id).test(line)) found.push(`${file}:${i + 1}: ${id}`);
    });
  }
  return found;
}

describe("no ruleset id outside the engine's rulesets", () => {
  const files = FOLDERS.flatMap(sourceFiles).filter((f) => !TACTICS.has(f));

  it("finds the files (the scan itself works)", () => {
    expect(files).toContain("web-display/src/host/vote-panel.ts");
    expect(files).toContain("hub/record/mafiaratings.ts");
    expect(files.some((f) => f.startsWith("hub/hardware/"))).toBe(true);
    expect(files.some((f) => f.startsWith("firmware-sim/sim/"))).toBe(true);
  });

  it("catches a naming in code, not in a comment", () => {
    const probe = (line: string) => namings("hunt").test(line) && !COMMENT.test(line);
    expect(probe(`  if (s.ruleset === "hunt") return;`)).toBe(true);
    expect(probe(`const T = { hunt: ["maniac"] };`)).toBe(true);
    expect(probe(`  hunt: ["maniac"],`)).toBe(true);
    expect(probe(` * the hunt's "hunt" action`)).toBe(false);
    expect(probe(`  t("role.hunt.maniac")`)).toBe(false);
    expect(probe(`  action: "hunting"`)).toBe(false);
  });

  it("web-display/src, hub/record, hub/hardware and the simulator name no ruleset id", () => {
    expect(rulesetNamings(files, availableRulesets())).toEqual([]);
  });
});
