/**
 * The runtime settings `npm start` gives node live once, in package.json's start script;
 * the bench reads them from there (bench/hub-process.ts) to run the hub and the relays the
 * same way. This keeps the script in the one shape the bench can read.
 */
import { describe, expect, it } from "vitest";
import { npmStartRuntime } from "../../bench/hub-process.js";

describe("npm start's runtime settings", () => {
  it("are read from package.json: libuv's pool size and node's flags before launch.mjs", () => {
    const { env, nodeArgs } = npmStartRuntime();
    expect(Number(env.UV_THREADPOOL_SIZE)).toBeGreaterThanOrEqual(4);
    expect(nodeArgs).toContain("--max-semi-space-size=64");
  });

  it("refuses a start script of another shape instead of running the hub differently", () => {
    expect(() => npmStartRuntime("node start.ts")).toThrow(/not "NAME=\.\.\. exec node/);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell default, not a template
    expect(npmStartRuntime("A=${A:-1} exec node --x launch.mjs").nodeArgs).toEqual(["--x"]);
  });
});
