/**
 * The genuine StandardFirmata on simavr (firmware-sim/avr/), seen through the few calls the
 * hardware tests make of the board emulator, so that one test runs against either. Its
 * LCD is rebuilt from the I2C bytes the harness saw on the bus; "dropping the clients" is
 * pulling the USB cable and plugging it back in (the pty goes away, the board powers up
 * again on a new one behind the same path, the held inputs still held).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GenuineBoard } from "../../firmware-sim/avr/genuine-board.js";
import { Hd44780 } from "../../firmware-sim/firmata/hd44780.js";

export class GenuineRigBoard {
  private board: GenuineBoard | null = null;
  private lcdAddress: number | undefined;
  private display: Hd44780 | null = null;
  private readonly held = new Map<number, 0 | 1 | null>();
  private boot: Promise<void> = Promise.resolve();
  private readonly dir = mkdtempSync(join(tmpdir(), "genuine-board-"));
  /** The path a board config names: a symlink to the current pty. */
  readonly path = join(this.dir, "ttyUno");

  attachLcd(address: number, cols = 16, rows = 2): Hd44780 {
    this.lcdAddress = address;
    this.display = new Hd44780(cols, rows);
    return this.display;
  }

  lcd(address: number): Hd44780 | undefined {
    return address === this.lcdAddress ? (this.display ?? undefined) : undefined;
  }

  async start(): Promise<void> {
    const board = await GenuineBoard.start({ link: this.path, lcd: this.lcdAddress });
    this.board = board;
    board.on("i2c", (_address: number, bytes: number[]) => {
      for (const b of bytes) this.display?.write(b);
    });
    for (const [pin, level] of this.held) board.drive(pin, level);
  }

  setInput(pin: number, level: 0 | 1 | null): void {
    this.held.set(pin, level);
    this.board?.drive(pin, level);
  }

  level(pin: number): 0 | 1 {
    return this.board?.level(pin) ?? 0;
  }

  levels(pin: number): (0 | 1)[] {
    return this.board?.levels(pin) ?? [];
  }

  dropClients(): void {
    const board = this.board;
    if (!board) return;
    this.boot = new Promise((resolve) => {
      void board.unplug().then(() =>
        setTimeout(() => {
          board.once("booted", () => resolve());
          void board.plug();
        }, 300),
      );
    });
  }

  /**
   * Resolves once the board, plugged back in, has announced itself (its first bytes after
   * the power-on: StandardFirmata blinks its version for about 2 s of its own time first,
   * many more seconds of wall time when simavr is starved of CPU).
   */
  booted(): Promise<void> {
    return this.boot;
  }

  async close(): Promise<void> {
    await this.board?.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
