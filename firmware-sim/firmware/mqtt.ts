/**
 * The shape of Espruino's MQTT module (EspruinoDocs modules/MQTT.js), which is what the
 * firmware is written against; the device now runs its own client of this shape
 * (mqtt-lite.ts). The simulator adapts mqtt.js to the same shape, quirks included: a
 * refused login is reported as `connected` and then `disconnected`.
 *
 * Acknowledgements: the module emits `puback` for each PUBACK, with its packet id. A
 * transport that knows the packet id a QoS 1 publish used returns it from `publish` (the
 * simulator's does), and the firmware matches each PUBACK to its input by that id; PUBACKs
 * need not come in publish order (a cluster failover reorders them, issue 27); the device's
 * own client returns them too. Espruino's module returned nothing: with such a transport
 * the firmware keeps one input in flight, so a PUBACK can only be that one's. See
 * firmware/outbox.ts.
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
  /**
   * The payload. The firmware empties it once parsed, so that the text is not held while it
   * redraws (issue 25): a listener that needs it registers before the firmware's.
   */
  message: string;
}

export interface MqttPublishOptions {
  qos: number;
  retain: boolean;
}

export interface Mqtt {
  connect(): void;
  disconnect(): void;
  /** Returns the packet id of a QoS 1 publish where the transport knows it. */
  publish(topic: string, message: string, opts: MqttPublishOptions): number | undefined;
  subscribe(topic: string, opts: { qos: number }): void;
  on(event: "connected" | "disconnected", cb: () => void): void;
  /**
   * The socket to the hub is open, before its CONNACK: a process listens there (link.ts
   * waits longer for a CONNACK after it). A transport that cannot tell never emits it.
   */
  on(event: "open", cb: () => void): void;
  on(event: "publish", cb: (msg: MqttMessage) => void): void;
  on(event: "puback", cb: (packetId: number) => void): void;
  on(event: "error", cb: (message: string) => void): void;
}

/** `require("MQTT").create` on the device. */
export type MqttFactory = (host: string, options: MqttCreateOptions) => Mqtt;
