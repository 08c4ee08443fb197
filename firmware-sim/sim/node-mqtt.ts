/**
 * mqtt.js behind the shape of Espruino's MQTT module (firmware/mqtt.ts), so that the
 * simulator runs the device's firmware unchanged. Faithful to the device where it matters
 * to the firmware:
 * - a refused login (CONNACK 4/5) is reported as `connected`, then `disconnected`;
 * - a TCP connect that fails reports nothing (the firmware's watchdog notices);
 * - `publish` while not connected is silently dropped; `puback` fires per PUBACK;
 * - no automatic reconnect.
 * Two test hooks break the link the ways Wi-Fi does: sever() drops the socket, and
 * blackhole() swallows outgoing publishes so that their PUBACKs never come.
 */
import mqtt, { type MqttClient } from "mqtt";
import type {
  Mqtt,
  MqttCreateOptions,
  MqttFactory,
  MqttMessage,
  MqttPublishOptions,
} from "../firmware/mqtt.js";

type Handler = (arg?: unknown) => void;

export class NodeMqtt implements Mqtt {
  private client: MqttClient | null = null;
  private handlers: Record<string, Handler[]> = {};
  private reportedConnected = false;
  private swallow = false;
  /** Connections opened so far (tests count reconnects). */
  connects = 0;

  constructor(
    readonly url: string,
    private readonly options: MqttCreateOptions,
  ) {}

  on(event: "connected" | "disconnected" | "open", cb: () => void): void;
  on(event: "publish", cb: (msg: MqttMessage) => void): void;
  on(event: "puback", cb: (packetId: number) => void): void;
  on(event: "error", cb: (message: string) => void): void;
  on(event: string, cb: (arg: never) => void): void {
    const list = this.handlers[event] ?? [];
    list.push(cb as Handler);
    this.handlers[event] = list;
  }

  private emit(event: string, arg?: unknown): void {
    for (const h of this.handlers[event] ?? []) h(arg);
  }

  connect(): void {
    this.drop();
    this.connects += 1;
    this.reportedConnected = false;
    const o = this.options;
    const c = mqtt.connect(this.url, {
      protocolVersion: 4,
      clientId: o.client_id,
      username: o.username,
      password: o.password,
      keepalive: o.keep_alive,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      clean: true,
    });
    this.client = c;
    // mqtt.js makes its socket at once (TCP here); "connect" is the socket's, not MQTT's.
    c.stream.once("connect", () => {
      if (this.client === c) this.emit("open");
    });
    c.on("connect", () => {
      if (this.client !== c) return;
      this.reportedConnected = true;
      this.emit("connected");
    });
    c.on("error", (err: Error & { code?: unknown }) => {
      if (this.client !== c) return;
      const refused = typeof err.code === "number" && err.code >= 1 && err.code <= 5;
      // Espruino's module misreads a refusing CONNACK as acceptance.
      if (refused && !this.reportedConnected) {
        this.reportedConnected = true;
        this.emit("connected");
      }
      this.emit("error", err.message);
    });
    c.on("message", (topic, payload) => {
      if (this.client !== c) return;
      this.emit("publish", { topic, message: payload.toString("utf8") });
    });
    c.on("close", () => {
      if (this.client !== c) return;
      this.client = null;
      c.removeAllListeners();
      c.on("error", () => undefined);
      if (this.reportedConnected) {
        this.reportedConnected = false;
        this.emit("disconnected");
      }
    });
  }

  disconnect(): void {
    this.client?.end(true);
  }

  publish(topic: string, message: string, opts: MqttPublishOptions): number | undefined {
    const c = this.client;
    if (!c?.connected) return undefined;
    const qos = opts.qos === 1 ? 1 : 0;
    if (this.swallow) {
      // The publish vanishes on the wire; it still took a packet id, as on a device.
      return qos === 1 ? 70_000 + this.lostIds++ : undefined; // beyond MQTT's 16 bits: never a real one
    }
    // mqtt.js allocates the packet id synchronously unless its store queues the publish.
    const queued = (c as unknown as { _storeProcessing?: boolean })._storeProcessing === true;
    c.publish(topic, message, { qos, retain: opts.retain }, (err, p) => {
      if (!err && qos > 0 && this.client === c) this.emit("puback", p?.messageId ?? 0);
    });
    return qos === 1 && !queued ? c.getLastMessageId() : undefined;
  }

  /** Packet ids of swallowed publishes (the blackhole hook), never answered. */
  private lostIds = 0;

  subscribe(topic: string, opts: { qos: number }): void {
    this.client?.subscribe(topic, { qos: opts.qos === 1 ? 1 : 0 }, () => undefined);
  }

  /** Test hook: the socket dies under the client (Wi-Fi lost). */
  sever(): void {
    this.client?.stream.destroy();
  }

  /** Test hook: outgoing publishes vanish until turned off (a dying link). */
  blackhole(on: boolean): void {
    this.swallow = on;
  }

  get isConnected(): boolean {
    return this.client?.connected === true;
  }

  /** Closes for good, without telling the firmware (the simulator is shutting down). */
  drop(): void {
    const c = this.client;
    this.client = null;
    if (c) {
      c.removeAllListeners();
      c.on("error", () => undefined);
      c.end(true);
    }
  }
}

/**
 * A factory that remembers what it created, for the simulator's test hooks. The client
 * talks to the host and port the firmware asks for, with `url`'s scheme (mqtt, ws, ...).
 */
export function nodeMqttFactory(url: string, created: NodeMqtt[]): MqttFactory {
  return (host, options) => {
    const target = new URL(url);
    target.hostname = host;
    target.port = String(options.port);
    const m = new NodeMqtt(target.toString(), options);
    created.push(m);
    return m;
  };
}
