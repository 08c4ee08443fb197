/**
 * Every MQTT PUBLISH a page receives, read from its WebSocket frames as the browser saw them
 * (not from the page's own code), so that a secrecy test checks the wire itself.
 */
import type { Page } from "playwright-core";

export interface SniffedPublish {
  topic: string;
  payload: string;
}

export class MqttSniffer {
  readonly publishes: SniffedPublish[] = [];
  /** What the page published (a phone's inputs), in the same form. */
  readonly sent: SniffedPublish[] = [];

  constructor(page: Page) {
    page.on("websocket", (ws) => {
      if (!ws.url().endsWith("/mqtt")) return;
      // One stream per socket and direction: a reload opens a new one, and a packet may span frames.
      const reader = (into: SniffedPublish[]) => {
        let buffer: Buffer = Buffer.alloc(0);
        return ({ payload }: { payload: string | Buffer }) => {
          const chunk = typeof payload === "string" ? Buffer.from(payload, "latin1") : payload;
          buffer = Buffer.concat([buffer, chunk]);
          for (let left = this.take(buffer, into); left; left = this.take(buffer, into))
            buffer = left;
        };
      };
      ws.on("framereceived", reader(this.publishes));
      ws.on("framesent", reader(this.sent));
    });
  }

  /** Takes one whole packet off the front of `b` and returns the rest; null if incomplete. */
  private take(b: Buffer, into: SniffedPublish[]): Buffer | null {
    if (b.length < 2) return null;
    let length = 0;
    let multiplier = 1;
    let i = 1;
    for (;;) {
      if (i >= b.length) return null;
      const byte = b[i] as number;
      length += (byte & 0x7f) * multiplier;
      multiplier *= 128;
      i += 1;
      if ((byte & 0x80) === 0) break;
    }
    if (b.length < i + length) return null;
    if ((b[0] as number) >> 4 === 3) {
      const qos = ((b[0] as number) >> 1) & 3;
      const topicLength = b.readUInt16BE(i);
      const topic = b.subarray(i + 2, i + 2 + topicLength).toString("utf8");
      const start = i + 2 + topicLength + (qos > 0 ? 2 : 0);
      into.push({ topic, payload: b.subarray(start, i + length).toString("utf8") });
    }
    return b.subarray(i + length);
  }
}
