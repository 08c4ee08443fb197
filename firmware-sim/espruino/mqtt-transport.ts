/**
 * How the paddle reaches the hub's broker: plain MQTT, or MQTT over TLS (the hub's
 * `--mqtts-port`) when its configuration says `hub.tls`. Espruino's MQTT module opens a plain
 * socket itself; for TLS it is handed a socket from the firmware's `tls` module instead. What
 * TLS costs and protects on an ESP32: docs/HARDWARE.md, "Transport: TLS on the paddle".
 */
import type { MqttFactory } from "../firmware/mqtt.js";

export function espruinoMqttFactory(): MqttFactory {
  return (host, options) => {
    const client = espruinoRequire("MQTT").create(host, options);
    if (!PADDLE_TLS) return client;
    const moduleConnect: (socket?: EspruinoSocket) => void = client.connect;
    client.connect = () => {
      // tls.connect throws at once when no socket can be made (link.ts catches it, as for
      // net); its callback runs later, from the event loop, once the socket is open.
      const socket = espruinoRequire("tls").connect({ host, port: options.port }, () =>
        moduleConnect.call(client, socket),
      );
    };
    return client;
  };
}
