/**
 * `npm run firmware:build [-- --config FILE] [--out FILE] [--no-minify]`: type-checks the
 * device build against the bare ES2015 library, bundles espruino/main.ts with esbuild
 * (es2015, iife) into one file for Espruino, and prints its size. The configuration (Wi-Fi,
 * hub address, table, seat, password, pins) is baked in; see paddle.config.example.json.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { tokenizer } from "acorn";
import { build } from "esbuild";
import { checkDeviceConfig, type DeviceConfig } from "./device-config.js";

const HERE = dirname(fileURLToPath(import.meta.url));
export const EXAMPLE_CONFIG = resolve(HERE, "paddle.config.example.json");
export const LOCAL_CONFIG = resolve(HERE, "paddle.config.json");
export const DEFAULT_OUT = resolve(HERE, "dist/paddle.js");

/** Longest line of the bundle, in characters (esbuild breaks lines at the next chance). */
export const LINE_LIMIT = 100;

/** Modules the Espruino IDE/command line uploads with the code; see globals.d.ts. */
const REQUIRE_MARK = /\bespruinoRequire\(/g;

export function loadDeviceConfig(path: string): DeviceConfig {
  const config = JSON.parse(readFileSync(path, "utf8")) as DeviceConfig;
  const errors = checkDeviceConfig(config);
  if (errors.length > 0) throw new Error(`${path}: ${errors.join("; ")}`);
  return config;
}

/** Fails with tsc's own output when the device code does not type-check. */
export function typeCheckDevice(): void {
  const tsc = resolve(HERE, "../../node_modules/typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "--noEmit", "-p", resolve(HERE, "tsconfig.json")], {
    stdio: "inherit",
  });
}

export async function bundleFirmware(config: DeviceConfig, minify: boolean): Promise<string> {
  const result = await build({
    entryPoints: [resolve(HERE, "main.ts")],
    bundle: true,
    format: "iife",
    target: "es2015",
    platform: "neutral",
    write: false,
    legalComments: "none",
    minify,
    charset: "ascii",
    define: { PADDLE_CONFIG: JSON.stringify(config), PADDLE_TLS: String(config.hub.tls === true) },
    logLevel: "silent",
    // Before the bundle's function, so that every function of it is stored tokenised
    // (keywords as one byte, no spaces): 220 variables fewer on Espruino (docs/HARDWARE.md).
    banner: { js: "E.setFlags({ pretokenise: 1 });" },
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error("esbuild produced no output");
  return breakLines(file.text.replace(REQUIRE_MARK, "require("), LINE_LIMIT);
}

/**
 * Line breaks: an uncaught error's stack repeats its whole source line on Espruino, so a
 * one-line bundle makes one error cost over a thousand variables (ESPRUINO.md). Not
 * esbuild's `lineLimit`: it breaks inside string literals with a backslash-newline line
 * continuation, which Espruino 2v29 keeps as a newline ("log\<newline>in" is "log\nin", so
 * the paddle's own state names and topics broke). Here a line ends only after a `;`, `,` or
 * `{` token once it is longer than `limit`: a newline there never changes what the code
 * means (no automatic semicolon, no restricted production, never inside a literal).
 */
export function breakLines(code: string, limit: number): string {
  let out = "";
  let from = 0;
  let lineStart = 0;
  for (const token of tokenizer(code, { ecmaVersion: "latest" })) {
    const label = token.type.label;
    if (label !== ";" && label !== "," && label !== "{") continue;
    if (token.end - lineStart < limit) continue;
    const newline = code.lastIndexOf("\n", token.start); // one already there (a template literal)
    if (newline >= lineStart) {
      lineStart = newline + 1;
      if (token.end - lineStart < limit) continue;
    }
    out += `${code.slice(from, token.end)}\n`;
    from = token.end;
    lineStart = token.end;
  }
  return out + code.slice(from);
}

async function main(argv: string[]): Promise<void> {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const configPath = resolve(
    arg("--config") ?? (existsSync(LOCAL_CONFIG) ? LOCAL_CONFIG : EXAMPLE_CONFIG),
  );
  const out = resolve(arg("--out") ?? DEFAULT_OUT);
  const config = loadDeviceConfig(configPath);
  typeCheckDevice();
  const code = await bundleFirmware(config, !argv.includes("--no-minify"));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, code);
  const wifi = config.wifi.ssid === "" ? "no Wi-Fi (direct)" : `Wi-Fi "${config.wifi.ssid}"`;
  process.stdout.write(
    `firmware: ${out} ${Buffer.byteLength(code)} bytes; seat ${config.seat} of ${config.table} -> ${config.hub.host}:${config.hub.port}${config.hub.tls ? " (TLS)" : ""}, ${wifi}; config ${configPath}\n`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err: Error) => {
    process.stderr.write(`firmware:build: ${err.message}\n`);
    process.exit(1);
  });
}
