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
  /** Every packet type seen (3 = PUBLISH). */
  readonly types = new Set<number>();
  private buffer = Buffer.alloc(0);

  constructor(page: Page) {
    page.on("websocket", (ws) => {
      if (!ws.url().endsWith("/mqtt")) return;
      ws.on("framereceived", ({ payload }) => {
        this.feed(typeof payload === "string" ? Buffer.from(payload, "latin1") : payload);
      });
    });
  }

  private feed(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const packet = this.next();
      if (!packet) return;
    }
  }

  /** Takes one whole packet off the buffer; false when it is not all there yet. */
  private next(): boolean {
    const b = this.buffer;
    if (b.length < 2) return false;
    let length = 0;
    let multiplier = 1;
    let i = 1;
    for (;;) {
      if (i >= b.length) return false;
      const byte = b[i] as number;
      length += (byte & 0x7f) * multiplier;
      multiplier *= 128;
      i += 1;
      if ((byte & 0x80) === 0) break;
    }
    if (b.length < i + length) return false;
    const type = (b[0] as number) >> 4;
    this.types.add(type);
    if (type === 3) {
      const qos = ((b[0] as number) >> 1) & 3;
      const topicLength = b.readUInt16BE(i);
      const topic = b.subarray(i + 2, i + 2 + topicLength).toString("utf8");
      const start = i + 2 + topicLength + (qos > 0 ? 2 : 0);
      const payload = b.subarray(start, i + length).toString("utf8");
      this.publishes.push({ topic, payload });
    }
    this.buffer = b.subarray(i + length);
    return true;
  }
}
