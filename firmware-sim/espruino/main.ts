/**
 * The device entry point, bundled by build.ts into one file for Espruino. With an ssid it
 * joins Wi-Fi first (and rejoins when it drops; the paddle's own link reconnects MQTT);
 * without one it connects at once, for an Espruino with a wired network or the
 * interpreter built for a PC.
 */

import { Paddle } from "../firmware/paddle.js";
import { PIN_KEYS } from "./device-config.js";
import { createEspruinoHal } from "./hal.js";
import { espruinoMqttFactory } from "./mqtt-transport.js";

/**
 * The configured pins this board does not have. An invalid pin throws `Invalid pin` at its
 * first use, and an uncaught error at boot aborts the interpreter with a stack that says
 * nothing of the configuration, so every pin is tried once here (a read leaves it in
 * automatic mode, so a later write still makes it an output).
 */
function missingPins(): string[] {
  const pins = PADDLE_CONFIG.pins as unknown as Record<string, string>;
  const bad: string[] = [];
  for (let i = 0; i < PIN_KEYS.length; i++) {
    const key = PIN_KEYS[i] as string;
    const pin = pins[key];
    if (!pin) continue;
    try {
      digitalRead(pin);
    } catch (e) {
      bad.push(`pins.${key} "${pin}" (${e})`);
    }
  }
  return bad;
}

function startPaddle(): Paddle {
  const c = PADDLE_CONFIG;
  const hal = createEspruinoHal(c);
  const paddle = new Paddle(hal, espruinoMqttFactory(hal), {
    host: c.hub.host,
    port: c.hub.port,
    hubs: c.moreHubs || [],
    table: c.table,
    seat: c.seat,
    password: c.password,
  });
  paddle.start();
  return paddle;
}

function joinWifi(then: () => void): void {
  const wifi = espruinoRequire("Wifi");
  let started = false;
  const join = () => {
    wifi.connect(
      PADDLE_CONFIG.wifi.ssid,
      { password: PADDLE_CONFIG.wifi.password },
      (err: unknown) => {
        if (err) {
          console.log(`wifi: ${err}; retrying`);
          setTimeout(join, 5000);
          return;
        }
        if (!started) {
          started = true;
          then();
        }
      },
    );
  };
  wifi.on("disconnected", () => setTimeout(join, 2000));
  join();
}

/** Starts the paddle, or says in one line why it cannot instead of aborting with a stack. */
function startGuarded(): void {
  try {
    startPaddle();
  } catch (e) {
    console.log(`paddle: cannot start: ${e}`);
  }
}

function main(): void {
  const bad = missingPins();
  if (bad.length > 0) {
    const board = PADDLE_CONFIG.board || "ESP32";
    console.log(
      `paddle: cannot start: this board has no ${bad.join(", ")}; fix pins in paddle.config.json (board ${board}) and rebuild`,
    );
    return;
  }
  if (PADDLE_CONFIG.wifi.ssid === "") {
    startGuarded();
    return;
  }
  joinWifi(startGuarded);
}

main();
