/**
 * The build-time configuration of one paddle (firmware-sim/espruino/paddle.config.json,
 * which is not committed: it holds the seat's password). See paddle.config.example.json.
 */
export interface DevicePins {
  thumb: string;
  blindfold: string;
  /** Three buttons, or leave prev/next empty and give an encoder. */
  prev: string;
  next: string;
  ok: string;
  encoderA: string;
  encoderB: string;
  motor: string;
  ledRed: string;
  ledGreen: string;
  ledBlue: string;
  /** I2C for an SSD1306 128x32 screen; empty: no screen. */
  sda: string;
  scl: string;
  /**
   * The microphone module's envelope (docs/HARDWARE.md, "The microphone"); absent or empty:
   * no microphone, and the paddle does not declare `mic`.
   */
  mic?: string;
}

/**
 * Which Espruino build runs the bundle. The pins each offers: the ESP32's GPIOs D0..D39, and
 * the interpreter built for Linux D0..D32 only (D33 throws `Invalid pin` there).
 */
export const BOARD_PINS = {
  ESP32: 39,
  LINUX: 32,
} as const;
export type BoardName = keyof typeof BOARD_PINS;

export const PIN_KEYS = [
  "thumb",
  "blindfold",
  "prev",
  "next",
  "ok",
  "encoderA",
  "encoderB",
  "motor",
  "ledRed",
  "ledGreen",
  "ledBlue",
  "sda",
  "scl",
  "mic",
] as const;

/**
 * The ESP32 reads analog levels only on ADC1 (GPIO32..39): Espruino's ESP32 port drives ADC1
 * alone (targets/esp32/jshardwareAnalog.c), and ADC2 is taken by the Wi-Fi radio anyway.
 */
export const ESP32_ADC_PINS = ["D32", "D33", "D34", "D35", "D36", "D37", "D38", "D39"];

export interface DeviceConfig {
  /** The build the bundle is for; its pins are checked against it. Default ESP32. */
  board?: BoardName;
  /** Empty ssid: no Wi-Fi (a wired Espruino, or the interpreter built for a PC). */
  wifi: { ssid: string; password: string };
  /**
   * The hub's broker. `tls`: MQTT over TLS, `port` then being the hub's `--mqtts-port`
   * (default 8883); off by default, see docs/HARDWARE.md, "Transport: TLS on the paddle".
   */
  hub: { host: string; port: number; tls?: boolean };
  /** A cluster's further hubs (same transport), tried in turn when a link is lost. */
  moreHubs?: { host: string; port: number }[];
  table: string;
  seat: number;
  password: string;
  pins: DevicePins;
  /** Sensors pull the pin low when active (switch to ground with the internal pull-up). */
  activeLow: boolean;
  /**
   * How `pins.mic` is read: "analog" (default), the peak detector's voltage on an ADC pin;
   * "comparator", a digital pin high while the envelope is above a trimmer's threshold, for
   * a board without an ADC (the interpreter built for Linux has none: `analogRead` throws).
   */
  micMode?: "analog" | "comparator";
}

/** Every field must be present and well-typed: a paddle that boots wrong is worse than a failed build. */
export function checkDeviceConfig(c: DeviceConfig): string[] {
  const errors: string[] = [];
  if (typeof c.hub.host !== "string" || c.hub.host === "") errors.push("hub.host is empty");
  if (!(c.hub.port > 0 && c.hub.port < 65536)) errors.push("hub.port must be 1..65535");
  if (c.hub.tls !== undefined && typeof c.hub.tls !== "boolean")
    errors.push("hub.tls must be true or false");
  (c.moreHubs || []).forEach((h, i) => {
    if (typeof h.host !== "string" || h.host === "") errors.push(`moreHubs[${i}].host is empty`);
    if (!(h.port > 0 && h.port < 65536)) errors.push(`moreHubs[${i}].port must be 1..65535`);
  });
  if (!/^[a-z0-9-]{1,32}$/.test(c.table)) errors.push("table must match [a-z0-9-]{1,32}");
  if (!(c.seat >= 1 && c.seat <= 20 && Math.floor(c.seat) === c.seat))
    errors.push("seat must be 1..20");
  if (typeof c.password !== "string" || c.password === "") errors.push("password is empty");
  if (typeof c.wifi.ssid !== "string") errors.push("wifi.ssid must be a string");
  const pins = c.pins as unknown as Record<string, unknown>;
  for (const k of ["thumb", "blindfold", "ok", "motor"]) {
    if (typeof pins[k] !== "string" || pins[k] === "") errors.push(`pins.${k} is required`);
  }
  const board = c.board ?? "ESP32";
  const last = BOARD_PINS[board];
  if (last === undefined) {
    errors.push(`board must be one of ${Object.keys(BOARD_PINS).join(", ")}`);
    return errors;
  }
  for (const k of PIN_KEYS) {
    const pin = pins[k];
    if (typeof pin !== "string" || pin === "") continue;
    const m = /^D(\d+)$/.exec(pin);
    if (!m || Number(m[1]) > last)
      errors.push(`pins.${k} "${pin}" is not a pin of the ${board} build (D0..D${last})`);
  }
  const mode = c.micMode ?? "analog";
  if (mode !== "analog" && mode !== "comparator")
    errors.push('micMode must be "analog" or "comparator"');
  const mic = c.pins.mic;
  if (mic && mode === "analog" && board === "LINUX")
    errors.push(
      'pins.mic: the LINUX build has no analog input; wire a comparator and set micMode "comparator"',
    );
  if (mic && mode === "analog" && board === "ESP32" && ESP32_ADC_PINS.indexOf(mic) < 0)
    errors.push(`pins.mic "${mic}" has no ADC the ESP32 firmware can read: use one of D32..D39`);
  return errors;
}
