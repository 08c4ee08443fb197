/**
 * The paddle's own MQTT 3.1.1 client, with only what the paddle uses: CONNECT with a user
 * and password (clean session, no will), SUBSCRIBE, PUBLISH at QoS 0/1 (and the PUBACK a
 * QoS 1 delivery owes), PUBACK in, PINGREQ. It replaces the EspruinoDocs `MQTT` module on
 * the device (issue 25): that module cost about 530 of the ESP32's variables, and it copied
 * each incoming packet three times (the data, the packet, the message) while the firmware
 * parsed it, the paddle's memory peak (docs/HARDWARE.md, "The paddle's memory").
 *
 * Strings are bytes (one character per byte, as an Espruino socket gives and takes them);
 * a Node socket does the same with the `latin1` encoding. Differences from the module that
 * the link (link.ts) relies on: `publish` returns the packet id, so several inputs can be
 * in flight; a refused CONNACK is an `error` and a `disconnected` at once (the module left
 * it to the login watchdog).
 */
import type { Hal, TimerHandle } from "./hal.js";
import type { Mqtt, MqttCreateOptions, MqttMessage, MqttPublishOptions } from "./mqtt.js";

/** A byte-string socket: Espruino's `net`/`tls`, or a Node socket in latin1 (tests). */
export interface LiteSocket {
  write(data: string): void;
  end(): void;
  on(event: "data", cb: (data: string) => void): void;
  on(event: "close", cb: () => void): void;
}

/** Opens a socket; `opened` runs once it is connected. May throw when none can be made. */
export type SocketOpener = (host: string, port: number, opened: () => void) => LiteSocket;

type Handlers = {
  open?: () => void;
  connected?: () => void;
  disconnected?: () => void;
  publish?: (msg: MqttMessage) => void;
  puback?: (pid: number) => void;
  error?: (message: string) => void;
};

const chr = String.fromCharCode;

/** A length-prefixed MQTT string. */
function str(s: string): string {
  return chr(s.length >> 8, s.length & 255) + s;
}

/** A whole packet: its first byte, the remaining length (1..4 bytes), the rest. */
function packet(first: number, rest: string): string {
  let n = rest.length;
  let len = "";
  do {
    const b = n & 127;
    n = n >> 7;
    len += chr(n > 0 ? b | 128 : b);
  } while (n > 0);
  return chr(first) + len + rest;
}

/**
 * The payload from `at` to `end`, without the `pad` field that the hub puts last in a
 * padded message (protocol/padding.ts): receivers ignore it, and a seat view is mostly
 * pad (1,024 bytes for about 330 of view), which on Espruino cost about 50 variables as
 * text and 50 more once parsed. `,"pad":"` cannot occur inside a JSON string (every `"`
 * there is escaped), so its last occurrence in a message ending `"}` starts the pad.
 */
export function unpadded(b: string, at: number, end: number): string {
  if (b.charCodeAt(end - 1) === 125 && b.charCodeAt(end - 2) === 34) {
    const k = b.lastIndexOf(',"pad":"', end - 2);
    if (k >= at) return `${b.substr(at, k - at)}}`;
  }
  return b.substr(at, end - at);
}

export class MqttLite implements Mqtt {
  private sock: LiteSocket | null = null;
  /** A packet's first part, while the rest has not arrived. */
  private part = "";
  private pid = 0;
  private pinger: TimerHandle | null = null;
  private readonly h: Handlers = {};

  constructor(
    private readonly hal: Hal,
    private readonly host: string,
    private readonly o: MqttCreateOptions,
    private readonly open: SocketOpener,
  ) {}

  // One handler per event: the link registers each once (link.ts).
  on(event: string, cb: (arg: never) => void): void {
    (this.h as Record<string, unknown>)[event] = cb;
  }

  connect(): void {
    const o = this.o;
    const s = this.open(this.host, o.port, () => {
      if (this.sock !== s) return;
      if (this.h.open) this.h.open();
      // Flags: user name, password, clean session.
      const head = `${str("MQTT")}\x04\xc2${chr(o.keep_alive >> 8, o.keep_alive & 255)}`;
      this.write(packet(0x10, head + str(o.client_id) + str(o.username) + str(o.password)));
    });
    this.sock = s;
    this.part = "";
    s.on("data", (d) => {
      if (this.sock === s) this.data(d);
    });
    s.on("close", () => {
      if (this.sock === s) this.closed();
    });
  }

  disconnect(): void {
    const s = this.sock;
    if (!s) return;
    this.stopPing();
    this.sock = null;
    try {
      s.write("\xe0\x00");
      s.end();
    } catch {
      // already closed
    }
  }

  publish(topic: string, message: string, opts: MqttPublishOptions): number | undefined {
    if (!this.sock) return undefined;
    const qos = opts.qos > 0 ? 1 : 0;
    const id = qos ? this.nextPid() : 0;
    this.write(
      packet(
        0x30 | (qos << 1) | (opts.retain ? 1 : 0),
        str(topic) + (qos ? chr(id >> 8, id & 255) : "") + message,
      ),
    );
    return qos ? id : undefined;
  }

  subscribe(topic: string, opts: { qos: number }): void {
    if (!this.sock) return;
    const id = this.nextPid();
    this.write(packet(0x82, chr(id >> 8, id & 255) + str(topic) + chr(opts.qos)));
  }

  private nextPid(): number {
    this.pid = this.pid >= 65535 ? 1 : this.pid + 1;
    return this.pid;
  }

  private write(data: string): void {
    const s = this.sock;
    if (!s) return;
    try {
      s.write(data);
    } catch {
      this.closed();
    }
  }

  private closed(): void {
    if (!this.sock) return;
    this.sock = null;
    this.stopPing();
    if (this.h.disconnected) this.h.disconnected();
  }

  private stopPing(): void {
    if (this.pinger !== null) this.hal.clearTimeout(this.pinger);
    this.pinger = null;
  }

  /** A PINGREQ every half keep-alive, so the broker never times the paddle out. */
  private ping(): void {
    if (!(this.o.keep_alive > 0)) return; // MQTT's 0: no keep-alive, no pings
    this.pinger = this.hal.setTimeout(() => {
      this.write("\xc0\x00");
      if (this.sock) this.ping();
    }, this.o.keep_alive * 500);
  }

  /**
   * Every whole packet in what arrived. The buffer is cut before a message is handed on:
   * while the firmware parses it, only the message and the socket's chunk are held.
   */
  private data(d: string): void {
    const s = this.sock;
    let b = this.part ? this.part + d : d;
    this.part = "";
    while (b.length > 1 && this.sock === s) {
      let len = 0;
      let mul = 1;
      let i = 1;
      let c = 128;
      while (c & 128) {
        if (i >= b.length || i > 4) break;
        c = b.charCodeAt(i++);
        len += (c & 127) * mul;
        mul *= 128;
      }
      if (c & 128 || b.length < i + len) break; // the rest has not arrived
      const first = b.charCodeAt(0);
      const end = i + len;
      const type = first >> 4;
      if (type === 3) {
        const tl = (b.charCodeAt(i) << 8) | b.charCodeAt(i + 1);
        const topic = b.substr(i + 2, tl);
        let at = i + 2 + tl;
        if (first & 6) {
          // The paddle subscribes at QoS 0 and 1 only: a QoS 1 delivery is owed its PUBACK.
          this.write(packet(0x40, b.substr(at, 2)));
          at += 2;
        }
        const msg = { topic: topic, message: unpadded(b, at, end) };
        b = b.substr(end);
        if (this.h.publish) this.h.publish(msg);
        continue;
      }
      if (type === 2) this.connack(b.charCodeAt(i + 1));
      else if (type === 4 && this.h.puback)
        this.h.puback((b.charCodeAt(i) << 8) | b.charCodeAt(i + 1));
      b = b.substr(end);
    }
    // A handler may have closed the connection; a new one starts with nothing.
    if (s && this.sock === s) this.part = b;
  }

  private connack(code: number): void {
    if (code === 0) {
      this.ping();
      if (this.h.connected) this.h.connected();
      return;
    }
    if (this.h.error) this.h.error(`connection refused, code ${code}`);
    const s = this.sock;
    this.closed();
    if (s) s.end();
  }
}
