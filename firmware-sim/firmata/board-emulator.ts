/**
 * A Firmata board on a TCP port, answering as the genuine StandardFirmata for the Uno does
 * (the one CI runs on simavr: firmware-sim/avr/; its bytes are recorded in
 * test/hardware/fixtures/standard-firmata.json and board-emulator.test.ts holds this
 * emulator to them), so that johnny-five and firmata-io can be tested (and the hub's host
 * box run) without hardware:
 *
 * - it is a board that is not reset by a connection (a board behind a network bridge): it
 *   announced its version at power-on, to nobody, and answers the version and firmware
 *   queries; a new connection finds the pins and reporting as the last one left them;
 * - it answers the capability and analog-mapping queries for the Uno (pins 0..19,
 *   14..19 = A0..A5, 0/1 the serial lines with no modes, PWM on 3/5/6/9/10/11, servo on
 *   2..19, I2C on 18/19) and boots 2..13 as outputs and A0..A5 as analog inputs;
 * - it takes pin modes, digital writes (port and single pin), analog/PWM writes and
 *   I2C writes, and records every one; a mode a pin lacks is refused with the firmware's
 *   string message and changes nothing;
 * - it reports each digital port whose reporting is on: at once when turned on, and on every
 *   change of an input pin's level (`setInput`: a button, a sensor; or a pull-up written);
 *   each analog input whose reporting is on every sampling interval (19 ms, as the firmware).
 *
 * An LCD on a PCF8574 backpack at an I2C address can be attached: its text is decoded
 * from the I2C writes (hd44780.ts). `dropClients` closes every connection, as a board
 * that is unplugged would; pin levels survive, as a real board's wiring does.
 *
 * The wire itself (command bytes, the Uno's pins and modes, the message parser, the fixed
 * answers) is in uno-firmata.ts; this file is what the board does with each message.
 */
import { EventEmitter } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import { Hd44780 } from "./hd44780.js";
import {
  ANALOG_MAPPING_QUERY,
  ANALOG_MESSAGE,
  analogMappingResponse,
  bootMode,
  CAPABILITY_QUERY,
  capabilityResponse,
  DEFAULT_SAMPLING_MS,
  DIGITAL_MESSAGE,
  END_SYSEX,
  FIRST_ANALOG,
  FirmataParser,
  firmwareReport,
  I2C_REQUEST,
  MODES,
  PIN_COUNT,
  PIN_MODE,
  PIN_STATE_QUERY,
  PIN_STATE_RESPONSE,
  pinModes,
  QUERY_FIRMWARE,
  REPORT_ANALOG,
  REPORT_DIGITAL,
  REPORT_VERSION,
  SAMPLING_INTERVAL,
  SET_DIGITAL_PIN_VALUE,
  START_SYSEX,
  SYSTEM_RESET,
  stringData,
  VERSION,
} from "./uno-firmata.js";

/** A record of one thing the host asked the board to do. */
export type BoardWrite =
  | { kind: "mode"; pin: number; mode: number }
  | { kind: "digital"; pin: number; value: 0 | 1 }
  | { kind: "analog"; pin: number; value: number }
  | { kind: "i2c"; address: number; bytes: number[] };

interface PinState {
  mode: number;
  /** What the host wrote (an output's level, or an input's pull-up). */
  written: number;
  /** A level forced from outside (a switch to ground), or null: nothing drives the pin. */
  driven: 0 | 1 | null;
}

export class FirmataBoardEmulator extends EventEmitter {
  readonly writes: BoardWrite[] = [];
  /** Every change of an output pin's level (digital, or PWM on/off), in order. */
  readonly outputLog: { pin: number; level: 0 | 1 }[] = [];
  private readonly pins: PinState[] = [];
  private readonly reporting = new Set<number>();
  private readonly analogReporting = new Set<number>();
  /** What each analog input reads (0..1023); 0 when nothing is set, as the firmware on simavr. */
  private readonly analogInputs = new Map<number, number>();
  private samplingMs = DEFAULT_SAMPLING_MS;
  private sampler: NodeJS.Timeout | null = null;
  private readonly lcds = new Map<number, Hd44780>();
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  connections = 0;

  constructor() {
    super();
    for (let i = 0; i < PIN_COUNT; i++)
      this.pins.push({ mode: bootMode(i), written: 0, driven: null });
  }

  /** As the firmware's systemResetCallback: boot modes, outputs low, all reporting off. */
  private systemReset(): void {
    for (const [i, p] of this.pins.entries()) {
      p.mode = bootMode(i);
      p.written = 0;
    }
    this.reporting.clear();
    this.analogReporting.clear();
    this.stopSampling();
  }

  /** Sets what analog input `channel` (0..5: A0..A5) reads. */
  setAnalog(channel: number, value: number): void {
    this.analogInputs.set(channel, Math.max(0, Math.min(1023, Math.round(value))));
  }

  private startSampling(): void {
    this.stopSampling();
    if (this.analogReporting.size === 0) return;
    this.sampler = setInterval(() => {
      for (const channel of [...this.analogReporting].sort((a, b) => a - b)) {
        const pin = FIRST_ANALOG + channel;
        if (this.pins[pin]?.mode !== MODES.ANALOG) continue;
        const v = this.analogInputs.get(channel) ?? 0;
        this.broadcast([ANALOG_MESSAGE | channel, v & 0x7f, v >> 7]);
      }
    }, this.samplingMs);
  }

  private stopSampling(): void {
    if (this.sampler) clearInterval(this.sampler);
    this.sampler = null;
  }

  /** Listens on a loopback port (0: a free one); resolves with the port. */
  listen(port = 0, host = "127.0.0.1"): Promise<number> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        const address = server.address();
        resolve(typeof address === "object" && address ? address.port : port);
      });
    });
  }

  /** Closes every connection, as an unplugged board would; the server keeps listening. */
  dropClients(): void {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  async close(): Promise<void> {
    this.stopSampling();
    this.dropClients();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Attaches a character LCD on a PCF8574 backpack at this I2C address. */
  attachLcd(address: number, cols = 16, rows = 2): Hd44780 {
    const lcd = new Hd44780(cols, rows);
    this.lcds.set(address, lcd);
    return lcd;
  }

  lcd(address: number): Hd44780 | undefined {
    return this.lcds.get(address);
  }

  /** Drives a pin from outside (a switch closing to ground is 0); null lets it float. */
  setInput(pin: number, level: 0 | 1 | null): void {
    const p = this.pin(pin);
    const before = this.level(pin);
    p.driven = level;
    if (this.level(pin) !== before) this.reportPort(pin >> 3);
  }

  /** The pin's level as a meter would read it. */
  level(pin: number): 0 | 1 {
    const p = this.pin(pin);
    if (p.mode === MODES.OUTPUT || p.mode === MODES.PWM) return p.written ? 1 : 0;
    if (p.driven !== null) return p.driven;
    // An input floats; the pull-up (PULLUP mode, or the old way: writing 1 to an input) holds it high.
    return p.mode === MODES.PULLUP || p.written ? 1 : 0;
  }

  mode(pin: number): number {
    return this.pin(pin).mode;
  }

  private pin(n: number): PinState {
    const p = this.pins[n];
    if (!p) throw new Error(`the emulated board has pins 0..${PIN_COUNT - 1}, not ${n}`);
    return p;
  }

  private accept(socket: Socket): void {
    socket.setNoDelay(true);
    this.sockets.add(socket);
    this.connections += 1;
    const parser = new FirmataParser((msg) => this.handle(socket, msg));
    socket.on("data", (data) => parser.push(data));
    socket.on("error", () => undefined);
    socket.on("close", () => this.sockets.delete(socket));
    // A connection resets nothing and is greeted with nothing: the board announced its
    // version at power-on. firmata-io asks for it (reportVersionTimeout).
    this.emit("connection");
  }

  private handle(socket: Socket, msg: number[]): void {
    const [cmd = 0] = msg;
    if (cmd === START_SYSEX) this.sysex(socket, msg.slice(1, -1));
    else if (cmd === REPORT_VERSION) this.send(socket, [REPORT_VERSION, ...VERSION]);
    else if (cmd === SYSTEM_RESET) this.systemReset();
    else if (cmd === PIN_MODE) this.setMode(socket, msg[1] ?? 0, msg[2] ?? 0);
    else if (cmd === SET_DIGITAL_PIN_VALUE) this.writeDigital(msg[1] ?? 0, (msg[2] ?? 0) & 1);
    else this.midi(cmd, msg);
  }

  /** The channel messages: the command's low nibble is the port, pin or analog channel. */
  private midi(cmd: number, msg: number[]): void {
    const high = cmd & 0xf0;
    const channel = cmd & 0x0f;
    const value = (msg[1] ?? 0) | ((msg[2] ?? 0) << 7);
    if (high === DIGITAL_MESSAGE) {
      for (let bit = 0; bit < 8; bit++) this.writeDigital(channel * 8 + bit, (value >> bit) & 1);
    } else if (high === ANALOG_MESSAGE) {
      const before = this.level(channel);
      this.pin(channel).written = value;
      this.record({ kind: "analog", pin: channel, value });
      this.outputChanged(channel, before);
    } else if (high === REPORT_DIGITAL) {
      if (msg[1]) {
        this.reporting.add(channel);
        this.reportPort(channel);
      } else this.reporting.delete(channel);
    } else if (high === REPORT_ANALOG) {
      if (msg[1]) this.analogReporting.add(channel);
      else this.analogReporting.delete(channel);
      this.startSampling();
    }
  }

  private sysex(socket: Socket, body: number[]): void {
    const [cmd, ...data] = body;
    if (cmd === QUERY_FIRMWARE) this.send(socket, firmwareReport());
    else if (cmd === CAPABILITY_QUERY) this.send(socket, capabilityResponse());
    else if (cmd === ANALOG_MAPPING_QUERY) this.send(socket, analogMappingResponse());
    else if (cmd === SAMPLING_INTERVAL) {
      this.samplingMs = Math.max(1, (data[0] ?? 0) | ((data[1] ?? 0) << 7));
      this.startSampling();
    } else if (cmd === PIN_STATE_QUERY) {
      const pin = data[0] ?? 0;
      const p = this.pins[pin];
      // A pin the board lacks: the firmware answers with the pin number alone.
      if (!p) {
        this.send(socket, [START_SYSEX, PIN_STATE_RESPONSE, pin & 0x7f, END_SYSEX]);
        return;
      }
      this.send(socket, [
        START_SYSEX,
        PIN_STATE_RESPONSE,
        pin,
        p.mode,
        p.written & 0x7f,
        END_SYSEX,
      ]);
    } else if (cmd === I2C_REQUEST) this.i2c(data);
    // I2C_CONFIG, SAMPLING_INTERVAL, STRING_DATA and the rest need no answer.
  }

  private i2c(data: number[]): void {
    const address = (data[0] ?? 0) | (((data[1] ?? 0) & 0x07) << 7);
    const rw = ((data[1] ?? 0) >> 3) & 0x03;
    if (rw !== 0) return; // reads: nothing on this bus answers
    const bytes: number[] = [];
    for (let i = 2; i + 1 < data.length; i += 2)
      bytes.push((data[i] ?? 0) | ((data[i + 1] ?? 0) << 7));
    this.record({ kind: "i2c", address, bytes });
    const lcd = this.lcds.get(address);
    if (lcd) {
      for (const b of bytes) lcd.write(b);
      this.emit("lcd", address);
    }
  }

  /**
   * As the firmware's setPinModeCallback: a mode the pin lacks changes nothing (the serial
   * pins take none, silently); a mode the firmware does not know is answered with its
   * string message.
   */
  private setMode(socket: Socket, pin: number, mode: number): void {
    const p = this.pins[pin];
    if (!p) return;
    const known: number[] = [
      MODES.INPUT,
      MODES.OUTPUT,
      MODES.ANALOG,
      MODES.PWM,
      MODES.SERVO,
      MODES.I2C,
    ];
    if (!known.includes(mode)) {
      this.send(socket, stringData("Unknown pin mode"));
      return;
    }
    if (!pinModes(pin).some(([m]) => m === mode)) return;
    const before = this.level(pin);
    p.mode = mode;
    if (mode === MODES.INPUT || mode === MODES.ANALOG) p.written = 0;
    this.record({ kind: "mode", pin, mode });
    if (mode === MODES.INPUT && this.level(pin) !== before) this.reportPort(pin >> 3);
    if (mode === MODES.ANALOG) this.startSampling();
  }

  /**
   * As StandardFirmata 2.5's digitalWriteCallback: an output takes the level; a 1 written to
   * an INPUT pin turns its pull-up on (the old way), a 0 leaves it; other modes are left alone.
   * Only changes are recorded (a port write repeats the pins it does not change).
   */
  private writeDigital(pin: number, value: number): void {
    const p = this.pins[pin];
    if (!p) return;
    const level = value ? 1 : 0;
    if (p.mode === MODES.OUTPUT) {
      if (p.written === level) return;
      const before = this.level(pin);
      p.written = level;
      this.record({ kind: "digital", pin, value: level });
      this.outputChanged(pin, before);
    } else if (p.mode === MODES.INPUT && level === 1 && p.written !== 1) {
      const before = this.level(pin);
      p.written = 1;
      this.record({ kind: "digital", pin, value: 1 });
      if (this.level(pin) !== before) this.reportPort(pin >> 3);
    }
  }

  private outputChanged(pin: number, before: 0 | 1): void {
    const level = this.level(pin);
    if (level !== before) this.outputLog.push({ pin, level });
  }

  /** The levels an output pin went through, in order. */
  levels(pin: number): (0 | 1)[] {
    return this.outputLog.flatMap((e) => (e.pin === pin ? [e.level] : []));
  }

  private record(w: BoardWrite): void {
    this.writes.push(w);
    this.emit("write", w);
  }

  /** Sends a port's input levels if its reporting is on (as StandardFirmata masks them). */
  private reportPort(port: number): void {
    if (!this.reporting.has(port)) return;
    let value = 0;
    for (let bit = 0; bit < 8; bit++) {
      const pin = port * 8 + bit;
      const p = this.pins[pin];
      if (p && (p.mode === MODES.INPUT || p.mode === MODES.PULLUP) && this.level(pin))
        value |= 1 << bit;
    }
    this.broadcast([DIGITAL_MESSAGE | port, value & 0x7f, value >> 7]);
  }

  private broadcast(bytes: number[]): void {
    for (const s of this.sockets) this.send(s, bytes);
  }

  private send(socket: Socket, bytes: number[]): void {
    if (!socket.destroyed) socket.write(Buffer.from(bytes));
  }
}
