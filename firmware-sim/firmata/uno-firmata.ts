/**
 * The Firmata wire as StandardFirmata 2.5 on an Uno speaks it, for the board emulator
 * (board-emulator.ts): command bytes, the Uno's pins and the modes each offers, a parser
 * that splits the host's byte stream into messages, and the fixed answers (version,
 * firmware name, capabilities, analog mapping). What the emulator does with a message is
 * there; what a message is and what the Uno is, here.
 */
export const REPORT_VERSION = 0xf9;
export const SYSTEM_RESET = 0xff;
export const START_SYSEX = 0xf0;
export const END_SYSEX = 0xf7;
export const DIGITAL_MESSAGE = 0x90;
export const ANALOG_MESSAGE = 0xe0;
export const REPORT_ANALOG = 0xc0;
export const REPORT_DIGITAL = 0xd0;
export const PIN_MODE = 0xf4;
export const SET_DIGITAL_PIN_VALUE = 0xf5;
export const QUERY_FIRMWARE = 0x79;
export const CAPABILITY_QUERY = 0x6b;
const CAPABILITY_RESPONSE = 0x6c;
export const ANALOG_MAPPING_QUERY = 0x69;
const ANALOG_MAPPING_RESPONSE = 0x6a;
export const PIN_STATE_QUERY = 0x6d;
export const PIN_STATE_RESPONSE = 0x6e;
export const I2C_REQUEST = 0x76;
const STRING_DATA = 0x71;
export const SAMPLING_INTERVAL = 0x7a;

export const MODES = {
  INPUT: 0,
  OUTPUT: 1,
  ANALOG: 2,
  PWM: 3,
  SERVO: 4,
  I2C: 6,
  PULLUP: 0x0b,
} as const;

export const PIN_COUNT = 20;
export const FIRST_ANALOG = 14;
const PWM_PINS = new Set([3, 5, 6, 9, 10, 11]);
const I2C_PINS = new Set([18, 19]);
/** The serial lines: the firmware offers no mode on them. */
const SERIAL_PINS = new Set([0, 1]);
export const VERSION = [2, 4];
const FIRMWARE = "StandardFirmata.ino (emulated)";
export const DEFAULT_SAMPLING_MS = 19;

/** The modes a pin supports, with their resolutions, in the firmware's order. */
export function pinModes(pin: number): [mode: number, resolution: number][] {
  if (SERIAL_PINS.has(pin)) return [];
  const modes: [number, number][] = [
    [MODES.INPUT, 1],
    [MODES.OUTPUT, 1],
  ];
  if (pin >= FIRST_ANALOG) modes.push([MODES.ANALOG, 10]);
  if (PWM_PINS.has(pin)) modes.push([MODES.PWM, 8]);
  modes.push([MODES.SERVO, 14]);
  if (I2C_PINS.has(pin)) modes.push([MODES.I2C, 1]);
  return modes;
}

/** A pin's mode after power-on or a SYSTEM_RESET. */
export function bootMode(pin: number): number {
  if (SERIAL_PINS.has(pin)) return MODES.INPUT;
  return pin >= FIRST_ANALOG ? MODES.ANALOG : MODES.OUTPUT;
}

/** Splits the byte stream into Firmata messages: sysex frames and 1-3 byte MIDI-style ones. */
export class FirmataParser {
  private buffer: number[] = [];

  constructor(private readonly onMessage: (msg: number[]) => void) {}

  push(data: Buffer): void {
    for (const byte of data) {
      if (byte & 0x80 && this.buffer[0] !== START_SYSEX) this.buffer = [];
      if (byte === START_SYSEX) this.buffer = [];
      if (this.buffer.length === 0 && !(byte & 0x80)) continue; // out of sync: skip data bytes
      this.buffer.push(byte);
      const first = this.buffer[0] ?? 0;
      if (first === START_SYSEX) {
        if (byte === END_SYSEX) this.flush();
      } else if (this.buffer.length === messageLength(first)) this.flush();
    }
  }

  private flush(): void {
    const msg = this.buffer;
    this.buffer = [];
    this.onMessage(msg);
  }
}

function messageLength(first: number): number {
  if (first === REPORT_VERSION || first === SYSTEM_RESET) return 1;
  const high = first & 0xf0;
  if (high === REPORT_ANALOG || high === REPORT_DIGITAL) return 2;
  return 3; // digital/analog messages, PIN_MODE, SET_DIGITAL_PIN_VALUE
}

/** Text as the firmware sends it: each character as two 7-bit bytes. */
function twoByte(text: string): number[] {
  return [...text].flatMap((c) => [c.charCodeAt(0) & 0x7f, c.charCodeAt(0) >> 7]);
}

export function firmwareReport(): number[] {
  return [START_SYSEX, QUERY_FIRMWARE, ...VERSION, ...twoByte(FIRMWARE), END_SYSEX];
}

export function stringData(text: string): number[] {
  return [START_SYSEX, STRING_DATA, ...twoByte(text), END_SYSEX];
}

export function capabilityResponse(): number[] {
  const out = [START_SYSEX, CAPABILITY_RESPONSE];
  for (let pin = 0; pin < PIN_COUNT; pin++) {
    for (const [mode, resolution] of pinModes(pin)) out.push(mode, resolution);
    out.push(0x7f);
  }
  out.push(END_SYSEX);
  return out;
}

export function analogMappingResponse(): number[] {
  const out = [START_SYSEX, ANALOG_MAPPING_RESPONSE];
  for (let pin = 0; pin < PIN_COUNT; pin++)
    out.push(pin >= FIRST_ANALOG ? pin - FIRST_ANALOG : 0x7f);
  out.push(END_SYSEX);
  return out;
}
