/**
 * The genuine StandardFirmata on an emulated Uno: builds (build.sh) and runs the simavr
 * harness (uno-harness.c), which bridges the board's UART to a pseudo-terminal. Pins are
 * driven with `drive`, output levels and the LCD backpack's I2C bytes are recorded as the
 * harness reports them, and `unplug`/`plug` take the board off its port and back (a
 * power-on reset, as a USB board plugged in again).
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from "node:child_process";
import { EventEmitter } from "node:events";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const CACHE = join(HERE, ".cache");
export const FIRMATA_HEX = join(CACHE, "StandardFirmata.cpp.hex");

/** Builds the harness and fetches the hex if they are not there yet (seconds). */
export function buildHarness(): void {
  execFileSync(join(HERE, "build.sh"), { stdio: "inherit" });
}

export interface GenuineBoardOptions {
  /** A symlink kept pointing at the current pty: the path a board config names. */
  link?: string;
  /** The 7-bit I2C address of a PCF8574 LCD backpack on the bus. */
  lcd?: number;
}

export class GenuineBoard extends EventEmitter {
  /** The pseudo-terminal the board's UART is on (a new one after each `plug`). */
  path = "";
  /** Every change of an output pin's level, in order. */
  readonly outputLog: { pin: number; level: 0 | 1 }[] = [];
  /** Each I2C write transaction to the LCD backpack: its bytes. */
  readonly i2cWrites: number[][] = [];
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly current = new Map<number, 0 | 1>();

  private constructor(opts: GenuineBoardOptions) {
    super();
    const args = [FIRMATA_HEX];
    if (opts.link) args.push("--link", opts.link);
    if (opts.lcd !== undefined) args.push("--lcd", String(opts.lcd));
    this.child = spawn(join(CACHE, "uno-harness"), args);
    this.child.stderr.on("data", (d: Buffer) => process.stderr.write(`uno-harness: ${d}`));
    createInterface({ input: this.child.stdout }).on("line", (line) => this.line(line));
  }

  /** Builds if needed, starts the board, resolves once its pty exists. */
  static async start(opts: GenuineBoardOptions = {}): Promise<GenuineBoard> {
    buildHarness();
    const board = new GenuineBoard(opts);
    await new Promise<void>((resolve, reject) => {
      board.once("pty", () => resolve());
      board.child.once("exit", (code) => reject(new Error(`uno-harness exited with ${code}`)));
    });
    return board;
  }

  private line(line: string): void {
    const [kind, ...rest] = line.split(" ");
    if (kind === "pty") {
      this.path = rest[0] ?? "";
      this.emit("pty", this.path);
    } else if (kind === "pin") {
      const pin = Number(rest[0]);
      const level = Number(rest[1]) ? 1 : 0;
      this.current.set(pin, level);
      this.outputLog.push({ pin, level });
      this.emit("pin", pin, level);
    } else if (kind === "i2c") {
      const bytes = rest.slice(1).map(Number);
      this.i2cWrites.push(bytes);
      this.emit("i2c", Number(rest[0]), bytes);
    } else this.emit(kind ?? "", rest);
  }

  /** An output pin's level (null: the pin is not an output, or never was). */
  level(pin: number): 0 | 1 | null {
    return this.current.get(pin) ?? null;
  }

  /** The levels an output pin went through, in order. */
  levels(pin: number): (0 | 1)[] {
    return this.outputLog.flatMap((e) => (e.pin === pin ? [e.level] : []));
  }

  /** Holds a pin (0: a switch closed to ground) or lets it go (null). */
  drive(pin: number, level: 0 | 1 | null): void {
    this.send(`${level === null ? "float" : level ? "high" : "low"} ${pin}`);
  }

  unplug(): Promise<void> {
    return this.command("unplug", "unplugged");
  }

  plug(): Promise<void> {
    return this.command("plug", "plugged");
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once("exit", r));
    this.send("quit");
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 3000);
    await exited;
    clearTimeout(timer);
  }

  private command(verb: string, done: string): Promise<void> {
    const reply = new Promise<void>((resolve) => this.once(done, () => resolve()));
    this.send(verb);
    return reply;
  }

  private send(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }
}
