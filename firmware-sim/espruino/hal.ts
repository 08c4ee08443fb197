/**
 * The Hal on an ESP32 running Espruino: setWatch for the sensors and keys (or a rotary
 * encoder), digitalWrite for the motor and the RGB LED, an optional SSD1306 screen on I2C.
 * The wiring table is in README.md ("Paddles and the simulator").
 */
import type { Display, Hal, Key, LedColor, Mic } from "../firmware/hal.js";
import type { DeviceConfig } from "./device-config.js";

const LED_LEVELS: Record<LedColor, number[]> = {
  off: [0, 0, 0],
  green: [0, 1, 0],
  amber: [1, 1, 0],
  red: [1, 0, 0],
  blue: [0, 0, 1],
};

function watchLevel(pin: string, activeLow: boolean, cb: (active: boolean) => void): void {
  pinMode(pin, activeLow ? "input_pullup" : "input");
  // setWatch's own debounce takes the worst contact bounce off; the firmware debounces again.
  setWatch((e) => cb(activeLow ? !e.state : e.state), pin, {
    repeat: true,
    edge: "both",
    debounce: 10,
  });
}

function readLevel(pin: string, activeLow: boolean): boolean {
  pinMode(pin, activeLow ? "input_pullup" : "input");
  const v = digitalRead(pin) === 1;
  return activeLow ? !v : v;
}

function watchButton(pin: string, key: Key, cb: (key: Key) => void): void {
  pinMode(pin, "input_pullup");
  setWatch(() => cb(key), pin, { repeat: true, edge: "falling", debounce: 50 });
}

/** A quadrature encoder: on each falling edge of A, B tells the direction. */
function watchEncoder(a: string, b: string, cb: (key: Key) => void): void {
  pinMode(a, "input_pullup");
  pinMode(b, "input_pullup");
  setWatch(() => cb(digitalRead(b) === 1 ? "next" : "prev"), a, {
    repeat: true,
    edge: "falling",
    debounce: 2,
  });
}

function openDisplay(sda: string, scl: string): Display {
  I2C1.setup({ sda: sda, scl: scl, bitrate: 400000 });
  let g: EspruinoGraphics | null = null;
  let pending: string[] | null = null;
  const draw = (lines: string[]) => {
    if (!g) return;
    g.clear();
    for (let i = 0; i < lines.length; i++) g.drawString(lines[i] as string, 0, i * 8);
    g.flip();
  };
  g = espruinoRequire("SSD1306").connect(
    I2C1,
    () => {
      if (pending) draw(pending);
      pending = null;
    },
    { height: 32 },
  );
  return {
    show(lines: string[]) {
      if (g) draw(lines);
      else pending = lines;
    },
  };
}

/**
 * The microphone's envelope pin. analogRead gives 0..1 of the ADC's range (the ESP32's
 * default 11 dB attenuation: about 0..3.3 V); a comparator is read as a plain input, no pull.
 */
function openMic(pin: string, mode: "analog" | "comparator"): Mic {
  if (mode === "comparator") {
    pinMode(pin, "input");
    return { kind: mode, read: () => digitalRead(pin) };
  }
  return { kind: mode, read: () => analogRead(pin) };
}

/**
 * Espruino's Math.random is a PRNG with a fixed seed that nothing reseeds at boot (and
 * E.hwRand() is that same generator on the ESP32 and Linux), so every power-up would draw
 * the same boot id and the hub would drop the new boot's inputs as duplicates of the last
 * one's. Seed it once from the microsecond clock (boot and Wi-Fi timing differ between
 * power-ups; the wall clock on Linux) and E.hwRand() (real noise where a board has it).
 */
function seedRandom(): void {
  E.srand(E.hwRand() ^ Math.floor((getTime() % 1000) * 1e6));
}

export function createEspruinoHal(config: DeviceConfig): Hal {
  seedRandom();
  const p = config.pins;
  const low = config.activeLow;
  const leds = [p.ledRed, p.ledGreen, p.ledBlue];
  const hasButtons = p.ok !== "" && p.prev !== "" && p.next !== "";
  const hasEncoder = p.encoderA !== "" && p.encoderB !== "";
  return {
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as number),
    watchThumb: (cb) => watchLevel(p.thumb, low, cb),
    watchBlindfold: (cb) => watchLevel(p.blindfold, low, cb),
    readThumb: () => readLevel(p.thumb, low),
    readBlindfold: () => readLevel(p.blindfold, low),
    watchKeys(cb) {
      if (p.ok !== "") watchButton(p.ok, "ok", cb);
      if (hasButtons) {
        watchButton(p.prev, "prev", cb);
        watchButton(p.next, "next", cb);
      } else if (hasEncoder) watchEncoder(p.encoderA, p.encoderB, cb);
    },
    hasKeys: p.ok !== "" && (hasButtons || hasEncoder),
    motor: (on) => digitalWrite(p.motor, on),
    led(color) {
      const levels = LED_LEVELS[color];
      for (let i = 0; i < leds.length; i++) {
        const pin = leds[i] as string;
        if (pin !== "") digitalWrite(pin, levels[i] as number);
      }
    },
    display: p.sda !== "" && p.scl !== "" ? openDisplay(p.sda, p.scl) : null,
    mic: p.mic ? openMic(p.mic, config.micMode || "analog") : null,
    random: () => Math.random(),
    log: (message) => console.log(message),
  };
}
