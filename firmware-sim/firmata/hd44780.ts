/**
 * A character LCD (HD44780) behind a PCF8574 I2C backpack, rebuilt from the bytes written
 * to the backpack: P0 = RS, P2 = E, P4..P7 = D4..D7 (the common wiring, and johnny-five's
 * PCF8574 controller). The controller latches D4..D7 on the falling edge of E; it starts in
 * 8-bit mode (each strobe a whole command, high nibble only) until a "function set" command
 * switches it to 4-bit mode, where two strobes make one byte. So the text it shows is what
 * the bytes on the wire say, not what the driver meant to say.
 */

const RS = 0x01;
const EN = 0x04;

/** DDRAM address of each row's first column (20x4 modules; 16x2 use the first two). */
const ROW_START = [0x00, 0x40, 0x14, 0x54];

export class Hd44780 {
  private readonly ddram = new Uint8Array(0x80).fill(0x20);
  private address = 0;
  private eightBit = true;
  private high: number | null = null;
  private last = 0;
  /** Bytes written to the display's memory or as commands, for tests that count them. */
  strobes = 0;

  constructor(
    readonly cols: number,
    readonly rows: number,
  ) {}

  /** One byte written to the PCF8574's port. */
  write(port: number): void {
    const falling = (this.last & EN) !== 0 && (port & EN) === 0;
    const latched = this.last;
    this.last = port;
    if (!falling) return;
    this.strobes += 1;
    const nibble = (latched >> 4) & 0x0f;
    const rs = (latched & RS) !== 0;
    if (this.eightBit) {
      this.execute(rs, nibble << 4);
      return;
    }
    if (this.high === null) {
      this.high = nibble;
      return;
    }
    const byte = (this.high << 4) | nibble;
    this.high = null;
    this.execute(rs, byte);
  }

  private execute(rs: boolean, byte: number): void {
    if (rs) {
      this.ddram[this.address & 0x7f] = byte;
      this.address = (this.address + 1) & 0x7f;
      return;
    }
    if (byte & 0x80) this.address = byte & 0x7f;
    else if (byte & 0x20) {
      // Function set: DL (0x10) chooses 8-bit; the pending nibble restarts.
      this.eightBit = (byte & 0x10) !== 0;
      this.high = null;
    } else if (byte === 0x01) {
      this.ddram.fill(0x20);
      this.address = 0;
    } else if ((byte & 0xfe) === 0x02) this.address = 0;
  }

  /** The visible text, one string per row, trailing spaces kept. */
  lines(): string[] {
    const out: string[] = [];
    for (let r = 0; r < this.rows; r++) {
      const start = ROW_START[r] ?? 0;
      out.push(String.fromCharCode(...this.ddram.subarray(start, start + this.cols)));
    }
    return out;
  }
}
