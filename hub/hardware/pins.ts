/**
 * From a config's pin (a number, or an analog pin's name like "A0") to the board's own
 * digital pin number, checked against what the board said it can do, and a switch that
 * reads that very pin.
 *
 * Why not johnny-five's own numbering: johnny-five 2.1.0 takes a 20-pin Firmata board for
 * an Uno and, in every component that normalises its pin (Switch among them), turns 14..19
 * into "A0".."A5" and then into 0..5 — so `Switch(14)` reads pin 0, a serial line. Button
 * and Led map a name through `io.analogPins` and keep 14..19 as they are; Switch does not.
 * So the hub resolves every pin itself, hands johnny-five plain digital numbers, and reads
 * switches through firmata-io directly (PinSwitch), where no renumbering happens.
 */
import { EventEmitter } from "node:events";
import type * as Five from "johnny-five";
import type { PinId } from "./config.js";

/** The part of firmata-io's Board the hub relies on (johnny-five types `io` as any). */
export interface FirmataIo {
  pins: { supportedModes: number[] }[];
  /** firmata-io's cache of each port's levels, which a digital message carries whole. */
  ports: number[];
  writeDigitalPort(port: number): void;
  analogPins: number[];
  MODES: { INPUT: number; OUTPUT: number };
  pinMode(pin: number, mode: number): void;
  digitalWrite(pin: number, value: 0 | 1): void;
  digitalRead(pin: number, callback: (value: number) => void): void;
  reportDigitalPin(pin: number, value: 0 | 1): void;
  queryPinState(pin: number, callback: () => void): void;
  removeListener(event: string, listener: (value: number) => void): void;
}

export function ioOf(board: Five.Board): FirmataIo {
  return board.io as FirmataIo;
}

/**
 * The digital pin number `pin` is on this board, for a part that uses it as `use`.
 * Throws an Error naming `part` when the board has no such pin or the pin cannot do it.
 */
export function boardPin(io: FirmataIo, pin: PinId, part: string, use: "input" | "output"): number {
  let n: number;
  if (typeof pin === "string") {
    const analog = io.analogPins[Number(pin.slice(1))];
    if (analog === undefined)
      throw new Error(
        `${part}: the board has no pin ${pin} (its analog pins are A0..A${io.analogPins.length - 1})`,
      );
    n = analog;
  } else n = pin;
  const modes = io.pins[n]?.supportedModes;
  if (!modes)
    throw new Error(`${part}: the board has no pin ${n} (it has 0..${io.pins.length - 1})`);
  const mode = use === "input" ? io.MODES.INPUT : io.MODES.OUTPUT;
  if (!modes.includes(mode))
    throw new Error(`${part}: pin ${describe(pin, n)} cannot be a digital ${use} on this board`);
  return n;
}

function describe(pin: PinId, n: number): string {
  return typeof pin === "string" ? `${pin} (${n})` : String(n);
}

/** Per board connection: the pull-up inputs of each port, as a bit mask. */
const pullUps = new WeakMap<FirmataIo, number[]>();

/**
 * Turns a pin's pull-up on and keeps it on. A digital message sets a whole port, and
 * StandardFirmata 2.4 writes its bit to every INPUT pin of the port too, where a 0 turns
 * the pull-up off; firmata-io fills the message from its cache, where an input's bit is the
 * level last reported. So writing a lamp while a switch on its port was closed turned the
 * switch's pull-up off, and once let go the pin stayed low: the switch never opened again.
 * Every port write from this connection now carries a 1 for each pull-up input.
 */
function holdPullUp(io: FirmataIo, pin: number): void {
  let masks = pullUps.get(io);
  if (!masks) {
    const ports: number[] = [];
    masks = ports;
    pullUps.set(io, ports);
    const write = io.writeDigitalPort.bind(io);
    io.writeDigitalPort = (port: number) => {
      io.ports[port] = (io.ports[port] ?? 0) | (ports[port] ?? 0);
      write(port);
    };
  }
  const port = pin >> 3;
  masks[port] = (masks[port] ?? 0) | (1 << (pin & 7));
  // Writing 1 to an input turns its pull-up on (StandardFirmata 2.5 takes it as PULLUP).
  io.digitalWrite(pin, 1);
}

/** johnny-five's Switch waits this long for a contact to settle. */
const DEBOUNCE_MS = 5;

/**
 * A switch to ground on a digital pin with the pull-up on, read as johnny-five's Switch
 * (type "NO") reads it, but on exactly the pin given. Emits "change" with `closed` after
 * every report that settles (the first report included), like Switch's open/close.
 */
export class PinSwitch extends EventEmitter {
  /** Closed (the pin pulled to ground), or null before the board's first report. */
  closed: boolean | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Reports count only once the board has the pull-up on (see the constructor). */
  private settled = false;
  private readonly onRead = (value: number) => {
    if (!this.settled) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.closed = value === 0;
      this.emit("change", this.closed);
    }, DEBOUNCE_MS);
  };

  constructor(
    private readonly io: FirmataIo,
    readonly pin: number,
  ) {
    super();
    io.pinMode(pin, io.MODES.INPUT);
    holdPullUp(io, pin);
    io.digitalRead(pin, this.onRead);
    // A port already reported (another switch on it) is reported again when this pin turns
    // INPUT, before its pull-up is on: a floating pin read 0, "closed", on the genuine
    // firmware, and a wired seat journaled a thumb down nobody made (issue 25). The board
    // answers commands in order: once it answers this query it has the pull-up on, and
    // turning the report on again makes it send the port's level at once.
    io.queryPinState(pin, () => {
      if (this.stopped) return;
      this.settled = true;
      io.reportDigitalPin(pin, 1);
    });
  }

  private stopped = false;

  /** No more events. (firmata-io keeps the port's report on; a reconnect starts afresh.) */
  stop(): void {
    this.stopped = true;
    // firmata-io's digitalRead adds a listener under this name; the same name removes it.
    this.io.removeListener(`digital-read-${this.pin}`, this.onRead);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.removeAllListeners();
  }
}

/**
 * A box button can be pressed again this soon at the earliest: contact bounce (a few
 * milliseconds of closed/open reports on a real switch) is one press, not several.
 */
const PRESS_LOCKOUT_MS = 40;

/**
 * A push button to ground on a digital pin with the pull-up on: "press" as soon as a
 * report says the pin closed, once per press (later closings within PRESS_LOCKOUT_MS are
 * bounce). Not johnny-five's Button: its "down" and "up" share one 7 ms trailing debounce,
 * so a press whose release is reported within 7 ms (both reports in one serial read, as
 * when the board or its host falls behind) fires "up" alone and the press is lost.
 */
export class PinButton extends EventEmitter {
  /** Closed now (as last reported); open until the board's first report. */
  isDown = false;
  /**
   * The pin has been reported open: its pull-up is on, so a low report is a press. Before
   * that a low report is not: a board that stayed powered reports the pin low between
   * pinMode(INPUT) (pull-up off, as on the AVR) and the pull-up written just after.
   */
  armed = false;
  private lastPress = Number.NEGATIVE_INFINITY;
  private readonly onRead = (value: number) => {
    const closed = value === 0;
    const was = this.isDown;
    this.isDown = closed;
    if (!closed) {
      this.armed = true;
      return;
    }
    if (!this.armed || was) return;
    const now = Date.now();
    if (now - this.lastPress < PRESS_LOCKOUT_MS) return;
    this.lastPress = now;
    this.emit("press");
  };

  constructor(
    private readonly io: FirmataIo,
    readonly pin: number,
  ) {
    super();
    io.pinMode(pin, io.MODES.INPUT);
    holdPullUp(io, pin);
    io.digitalRead(pin, this.onRead);
  }

  stop(): void {
    this.io.removeListener(`digital-read-${this.pin}`, this.onRead);
    this.removeAllListeners();
  }
}
