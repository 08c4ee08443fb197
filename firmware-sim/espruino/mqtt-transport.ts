/**
 * How the paddle reaches the hub's broker: the firmware's own MQTT client (mqtt-lite.ts)
 * over a socket of Espruino's `net` module, or of its `tls` module (the hub's
 * `--mqtts-port`) when the configuration says `hub.tls`. What TLS costs and protects on an
 * ESP32: docs/HARDWARE.md, "Transport: TLS on the paddle".
 */
import type { Hal } from "../firmware/hal.js";
import type { MqttFactory } from "../firmware/mqtt.js";
import { MqttLite } from "../firmware/mqtt-lite.js";

export function espruinoMqttFactory(hal: Hal): MqttFactory {
  return (host, options) =>
    new MqttLite(hal, host, options, (h, port, opened) =>
      // Both throw at once when no socket can be made (link.ts catches it).
      PADDLE_TLS
        ? espruinoRequire("tls").connect({ host: h, port: port }, opened)
        : espruinoRequire("net").connect({ host: h, port: port }, opened),
    );
}
