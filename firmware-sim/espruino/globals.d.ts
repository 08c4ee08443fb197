/**
 * The few Espruino globals the device build uses (see the Espruino reference). Declared
 * here, not in a shared lib, so nothing outside firmware-sim/espruino can call them.
 */
type EspruinoPin = string | number;

interface EspruinoWatchEvent {
  state: boolean;
  time: number;
}

declare function setWatch(
  cb: (e: EspruinoWatchEvent) => void,
  pin: EspruinoPin,
  opts: { repeat: boolean; edge: "rising" | "falling" | "both"; debounce: number },
): number;
declare function digitalWrite(pin: EspruinoPin, value: boolean | number): void;
declare function digitalRead(pin: EspruinoPin): number;
/** 0..1 of the ADC's range; NaN on a pin without one (ESP32), throws where there is no ADC (Linux). */
declare function analogRead(pin: EspruinoPin): number;
declare function analogWrite(pin: EspruinoPin, value: number, opts?: { freq?: number }): void;
/** Seconds since boot (the wall clock on Linux), with microseconds. */
declare function getTime(): number;
declare const E: {
  /** Seeds the generator behind Math.random. */
  srand(seed: number): void;
  /** Hardware noise on some boards; the same PRNG as Math.random on the ESP32 and Linux. */
  hwRand(): number;
};
declare function pinMode(pin: EspruinoPin, mode: "input" | "input_pullup" | "output"): void;

/**
 * `require` of an Espruino module. The build rewrites it to a literal `require("NAME")` after
 * bundling, because esbuild would otherwise wrap `require` in a shim that needs Proxy, and
 * because the espruino command line looks for literal `require("...")` calls to know which
 * modules (SSD1306) to upload with the code.
 */
declare function espruinoRequire<K extends keyof EspruinoModules>(name: K): EspruinoModules[K];

/** A socket of Espruino's `net`/`tls` modules: bytes as strings, one character a byte. */
type EspruinoSocket = import("../firmware/mqtt-lite.js").LiteSocket;

/** The parts of each Espruino module that the paddle uses. */
interface EspruinoModules {
  net: {
    connect(opts: { host: string; port: number }, onConnect: () => void): EspruinoSocket;
  };
  /**
   * mbedTLS in the firmware (builds with TLS: the ESP32's). It does not check the hub's
   * certificate (authmode "none"), so `ca` is not passed: it would only cost memory.
   */
  tls: {
    connect(opts: { host: string; port: number }, onConnect: () => void): EspruinoSocket;
  };
  Wifi: {
    connect(ssid: string, opts: { password: string }, cb: (err: unknown) => void): void;
    on(event: "disconnected", cb: () => void): void;
  };
  SSD1306: {
    connect(i2c: typeof I2C1, ready: () => void, opts: { height: number }): EspruinoGraphics;
  };
}

interface EspruinoGraphics {
  clear(): void;
  drawString(text: string, x: number, y: number): void;
  flip(): void;
}

declare const I2C1: { setup(opts: { sda: EspruinoPin; scl: EspruinoPin; bitrate?: number }): void };

/** Injected by build.ts from the paddle's configuration file. */
declare const PADDLE_CONFIG: import("./device-config.js").DeviceConfig;
/** `PADDLE_CONFIG.hub.tls` as a literal, so that a minified plain build drops the TLS code. */
declare const PADDLE_TLS: boolean;
