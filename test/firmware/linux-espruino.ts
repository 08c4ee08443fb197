/**
 * The genuine Espruino interpreter built for Linux running the paddle bundle, its GPIO read
 * from pin files this process writes. The stock Linux build reads `/sys/class/gpio/gpioN/value`
 * (targets/linux/jshardware.c, SYSFS_GPIO_DIR); here a user and mount namespace
 * (`unshare`, no root needed) binds a temporary directory over `/sys/class` for that one
 * process. Opt-in: ESPRUINO_BIN names the built interpreter, which this repository does
 * not carry. The bundle brings its own MQTT client (firmware/mqtt-lite.ts).
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundleFirmware } from "../../firmware-sim/espruino/build.js";
import type { DeviceConfig } from "../../firmware-sim/espruino/device-config.js";

export const ESPRUINO_BIN = process.env.ESPRUINO_BIN ?? "";

export interface LinuxPaddle {
  child: ChildProcessWithoutNullStreams;
  printed: string[];
  /** Sets a pin file's level, as a wire on the header would. */
  pin(n: number, level: 0 | 1): void;
  /** The interpreter's variables in use, as last printed (the bundle prints them every second). */
  variables(): number | null;
  /** User+system CPU seconds the interpreter has used (from /proc). */
  cpuSeconds(): number;
  stop(): void;
}

/** What else the interpreter is handed before the bundle. */
export interface LinuxExtras {
  /** Module name to its source, cached as the Espruino tools upload modules (SSD1306). */
  modules?: Record<string, string>;
  /** Code run before the bundle (memory-linux.test.ts's probes). */
  prelude?: string;
  /** The bundle minified, as `npm run firmware:build` ships it (default: readable, for stacks). */
  minify?: boolean;
  /**
   * Run from flash, as the espruino command line's `SAVE_ON_SEND=1` (README) ships it: the
   * modules (as `Modules.addCached(name, function () {...})`, the tools' form) and the
   * bundle are stored in Storage and evaluated from there, so every function's code stays
   * in flash (on the ESP32 a memory-mapped native string, here the build's flash strings of
   * its emulated flash file) instead of taking variables. Default: from RAM.
   */
  flash?: boolean;
}

export async function startLinuxPaddle(
  config: DeviceConfig,
  levels: Record<number, 0 | 1>,
  extras: LinuxExtras = {},
): Promise<LinuxPaddle> {
  const dir = mkdtempSync(join(tmpdir(), "espruino-linux-"));
  const cls = join(dir, "class");
  const valueFile = (n: number) => join(cls, "gpio", `gpio${n}`, "value");
  const pin = (n: number, level: 0 | 1) => {
    mkdirSync(join(cls, "gpio", `gpio${n}`), { recursive: true });
    // Written whole then renamed: the interpreter reads the file every millisecond, and a
    // truncated file in between reads as 0.
    writeFileSync(`${valueFile(n)}.new`, String(level));
    renameSync(`${valueFile(n)}.new`, valueFile(n));
  };
  for (const [n, level] of Object.entries(levels)) pin(Number(n), level);
  const code = await bundleFirmware(config, extras.minify === true);
  const modules: Record<string, string> = extras.modules ?? {};
  const file = join(dir, "paddle.js");
  const tail =
    'setInterval(function () { console.log("vars " + process.memory().usage); }, 1000);\n';
  if (extras.flash) {
    const stored = Object.entries(modules)
      .map(
        ([name, source]) =>
          `Modules.addCached(${JSON.stringify(name)}, function () {\n${source}\n});\n`,
      )
      .join("");
    // Written by this file, then evaluated from Storage once the file has run (the
    // interpreter for Linux holds a file's text while it runs).
    writeFileSync(
      file,
      `${extras.prelude ?? ""}\nrequire("Storage").write("paddle", ${JSON.stringify(stored + code)});\n` +
        'setTimeout(function () { eval(require("Storage").read("paddle")); }, 5);\n' +
        tail,
    );
  } else {
    // Modules.addCached is how the Espruino tools hand a board its modules.
    const cached = Object.entries(modules)
      .map(
        ([name, source]) =>
          `Modules.addCached(${JSON.stringify(name)}, ${JSON.stringify(source)});\n`,
      )
      .join("");
    writeFileSync(file, `${cached}${extras.prelude ?? ""}\n${code}\n${tail}`);
  }
  const child = spawn(
    "unshare",
    [
      "--user",
      "--map-root-user",
      "--mount",
      "sh",
      "-c",
      'mount --bind "$1" /sys/class && exec "$2" "$3"',
      "sh",
      cls,
      ESPRUINO_BIN,
      file,
    ],
    // stdin stays an open pipe: at end of input the interpreter's console floods its FIFO.
    // The emulated flash (Storage) is the file espruino.flash in the working directory.
    { stdio: ["pipe", "pipe", "pipe"], cwd: dir },
  );
  const printed: string[] = [];
  child.stdout.on("data", (d: Buffer) => printed.push(...d.toString("utf8").split("\n")));
  child.stderr.on("data", (d: Buffer) => printed.push(...d.toString("utf8").split("\n")));
  return {
    child,
    printed,
    pin,
    variables() {
      for (let i = printed.length - 1; i >= 0; i--) {
        const m = /vars (\d+)/.exec(printed[i] as string);
        if (m) return Number(m[1]);
      }
      return null;
    },
    cpuSeconds() {
      const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 a second on Linux).
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    stop() {
      child.stdin.end();
      child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
