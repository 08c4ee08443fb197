/**
 * The paddle's memory on Espruino, modelled for the simulator (issue 25): what the firmware
 * holds inside its message handlers, counted in Espruino variables, so that a test in CI
 * (no Espruino there) sees when a change makes the paddle peak higher. It is sampled where
 * the firmware really peaks, inside the handlers: at every message received (the socket's
 * chunk, the message text, the parsed body beside the previous one) and every input sent
 * (its padded body). The figures are calibrated on the genuine interpreter (docs/HARDWARE.md,
 * "The paddle's memory"); the model does not see the code's own size, which is `idle`.
 */
import { padJson, SEAT_VIEW_BUCKET, SIGNAL_BUCKET } from "../../protocol/padding.js";
import type { Mqtt, MqttFactory, MqttMessage } from "../firmware/mqtt.js";

export interface MemoryCalibration {
  /** The booted, logged-in paddle between events, screen included (variables). */
  idle: number;
  /** Characters a variable holds in a long string (1,024 characters: 76 variables). */
  charsPerVar: number;
  /** JSON bytes a variable holds once parsed (a 331-byte view: 59; a 101-byte glance: 16). */
  jsonBytesPerVar: number;
  /** What a handler holds besides the message: its frames, scopes, closures, the redraw. */
  handler: number;
}

/**
 * Espruino 2v29 for Linux with the ESP32's pool of 16,383 variables, the paddle bundle with
 * the SSD1306 screen run from flash as it ships (README, `SAVE_ON_SEND=1`), its own MQTT
 * client and the glance (2026-12-05, docs/HARDWARE.md): `idle` is the median of the
 * per-second prints through a sport game, the string and JSON costs were measured one by
 * one, and `handler` is what makes the model's peak of a sport game equal to the measured
 * one (3,358).
 */
export const ESPRUINO_LINUX: MemoryCalibration = {
  idle: 2925,
  charsPerVar: 13.5,
  jsonBytesPerVar: 5.6,
  handler: 270,
};

/** The byte length of an MQTT PUBLISH of `topic` and `payload` (header, length, topic, id). */
function packetBytes(topic: string, payload: number): number {
  return 2 + (payload > 125 ? 1 : 0) + 2 + topic.length + 2 + payload;
}

/**
 * A message's packet as it came on the wire: padded, whatever the client handed on (the
 * firmware's own client takes the pad off the text, mqtt-lite.ts).
 */
export function wireLength(msg: MqttMessage): number {
  const t = msg.message;
  const padded = t.indexOf('"pad":') >= 0 || !t.endsWith("}");
  let payload = t.length;
  if (!padded && msg.topic.endsWith("/view")) payload = padJson(t, SEAT_VIEW_BUCKET).length;
  else if (!padded && msg.topic.endsWith("/signal")) payload = padJson(t, SIGNAL_BUCKET).length;
  return packetBytes(msg.topic, payload);
}

export class PaddleMemoryModel {
  peak = 0;
  /** Where the peak was: "in <topic>" or "out <topic>". */
  at = "";
  samples = 0;

  constructor(readonly cal: MemoryCalibration = ESPRUINO_LINUX) {}

  private strVars(chars: number): number {
    return Math.ceil(chars / this.cal.charsPerVar);
  }

  private sample(where: string, held: number): void {
    this.samples += 1;
    const total = this.cal.idle + this.cal.handler + held;
    if (total > this.peak) {
      this.peak = total;
      this.at = where;
    }
  }

  /** Inside a message's handler: the socket's chunk, the text and its parse are all live. */
  received(msg: MqttMessage, packet: number): void {
    const text = msg.message.length;
    const parsed = Math.ceil(text / this.cal.jsonBytesPerVar);
    this.sample(`in ${msg.topic}`, this.strVars(packet) + this.strVars(text) + parsed);
  }

  /** Inside an input's send: the body and the packet made of it. */
  sent(topic: string, body: string): void {
    this.sample(
      `out ${topic}`,
      this.strVars(body.length) + this.strVars(packetBytes(topic, body.length)),
    );
  }

  /**
   * The factory with every client's messages and publishes sampled as they pass. A message's
   * packet is counted as it came on the wire: with its pad (the firmware's client takes the
   * pad off the text, not the packet).
   */
  watch(factory: MqttFactory, wire: (msg: MqttMessage) => number): MqttFactory {
    return (host, options) => {
      const client = factory(host, options);
      const on = (event: string, cb: (arg: never) => void) => {
        const c = client as unknown as { on(e: string, f: (arg: never) => void): void };
        if (event !== "publish") return c.on(event, cb);
        c.on(event, ((msg: MqttMessage) => {
          this.received(msg, wire(msg));
          (cb as (m: MqttMessage) => void)(msg);
        }) as (arg: never) => void);
      };
      const watched: Mqtt = {
        connect: () => client.connect(),
        disconnect: () => client.disconnect(),
        subscribe: (topic, opts) => client.subscribe(topic, opts),
        publish: (topic, message, opts) => {
          this.sent(topic, message);
          return client.publish(topic, message, opts);
        },
        on: on as Mqtt["on"],
      };
      return watched;
    };
  }
}
