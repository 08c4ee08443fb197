/**
 * The shape of Espruino's MQTT module (EspruinoDocs modules/MQTT.js), which is what the
 * firmware is written against. The simulator adapts mqtt.js to the same shape, quirks
 * included: a refused login is reported as `connected` and then `disconnected`.
 *
 * Acknowledgements: the current module emits `puback` for each PUBACK (with its packet id,
 * which its `publish` never returns). The firmware therefore keeps its inputs strictly in
 * order and treats each `puback` as acknowledging the oldest input in flight; the hub
 * answers a connection's QoS 1 publishes in arrival order (one queue per table), so the
 * count is exact. See firmware/outbox.ts.
 */

export interface MqttCreateOptions {
  client_id: string;
  username: string;
  password: string;
  keep_alive: number;
  port: number;
}

export interface MqttMessage {
  topic: string;
  message: string;
}

export interface MqttPublishOptions {
  qos: number;
  retain: boolean;
}

export interface Mqtt {
  connect(): void;
  disconnect(): void;
  publish(topic: string, message: string, opts: MqttPublishOptions): void;
  subscribe(topic: string, opts: { qos: number }): void;
  on(event: "connected" | "disconnected", cb: () => void): void;
  on(event: "publish", cb: (msg: MqttMessage) => void): void;
  on(event: "puback", cb: (packetId: number) => void): void;
  on(event: "error", cb: (message: string) => void): void;
}

/** `require("MQTT").create` on the device. */
export type MqttFactory = (host: string, options: MqttCreateOptions) => Mqtt;
