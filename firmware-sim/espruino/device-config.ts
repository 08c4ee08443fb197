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
}

export interface DeviceConfig {
  /** Empty ssid: no Wi-Fi (a wired Espruino, or the interpreter built for a PC). */
  wifi: { ssid: string; password: string };
  hub: { host: string; port: number };
  table: string;
  seat: number;
  password: string;
  pins: DevicePins;
  /** Sensors pull the pin low when active (switch to ground with the internal pull-up). */
  activeLow: boolean;
}

/** Every field must be present and well-typed: a paddle that boots wrong is worse than a failed build. */
export function checkDeviceConfig(c: DeviceConfig): string[] {
  const errors: string[] = [];
  if (typeof c.hub.host !== "string" || c.hub.host === "") errors.push("hub.host is empty");
  if (!(c.hub.port > 0 && c.hub.port < 65536)) errors.push("hub.port must be 1..65535");
  if (!/^[a-z0-9-]{1,32}$/.test(c.table)) errors.push("table must match [a-z0-9-]{1,32}");
  if (!(c.seat >= 1 && c.seat <= 20 && Math.floor(c.seat) === c.seat))
    errors.push("seat must be 1..20");
  if (typeof c.password !== "string" || c.password === "") errors.push("password is empty");
  if (typeof c.wifi.ssid !== "string") errors.push("wifi.ssid must be a string");
  const pins = c.pins as unknown as Record<string, unknown>;
  for (const k of ["thumb", "blindfold", "ok", "motor"]) {
    if (typeof pins[k] !== "string" || pins[k] === "") errors.push(`pins.${k} is required`);
  }
  return errors;
}
