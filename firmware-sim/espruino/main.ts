/**
 * The device entry point, bundled by build.ts into one file for Espruino. With an ssid it
 * joins Wi-Fi first (and rejoins when it drops; the paddle's own link reconnects MQTT);
 * without one it connects at once, for an Espruino with a wired network or the
 * interpreter built for a PC.
 */

import type { MqttFactory } from "../firmware/mqtt.js";
import { Paddle } from "../firmware/paddle.js";
import { createEspruinoHal } from "./hal.js";

function startPaddle(): Paddle {
  const c = PADDLE_CONFIG;
  const mqtt: MqttFactory = (host, options) => espruinoRequire("MQTT").create(host, options);
  const paddle = new Paddle(createEspruinoHal(c), mqtt, {
    host: c.hub.host,
    port: c.hub.port,
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

function main(): void {
  if (PADDLE_CONFIG.wifi.ssid === "") {
    startPaddle();
    return;
  }
  joinWifi(() => {
    startPaddle();
  });
}

main();
