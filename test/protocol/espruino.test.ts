/**
 * protocol/topics.ts is bundled into the paddle firmware: it must stay within what the
 * Espruino interpreter accepts (ESPRUINO.md) once compiled as the firmware build compiles
 * it, and pull in no other module. The checker is the firmware bundle's own
 * (test/firmware/espruino-bundle-check.ts), tested there construct by construct.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildSync, transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { checkBundle } from "../firmware/espruino-bundle-check.js";

const TOPICS_PATH = fileURLToPath(new URL("../../protocol/topics.ts", import.meta.url));

describe("protocol/topics.ts stays within the Espruino subset", () => {
  it("passes the bundle checker once compiled as the firmware build does (esbuild, es2015, iife)", () => {
    const out = transformSync(readFileSync(TOPICS_PATH, "utf8"), {
      loader: "ts",
      target: "es2015",
      format: "iife",
    });
    expect(checkBundle(out.code)).toEqual([]);
  });

  it("imports nothing at run time, so the firmware bundle pulls in no other module", () => {
    const result = buildSync({
      entryPoints: [TOPICS_PATH],
      bundle: true,
      write: false,
      metafile: true,
      format: "esm",
    });
    expect(Object.keys(result.metafile.inputs)).toEqual(["protocol/topics.ts"]);
  });
});
