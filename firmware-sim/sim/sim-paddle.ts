/**
 * One simulated paddle: the real firmware (firmware/paddle.ts) over a SimHal and mqtt.js.
 * Bots, scripts and the terminal all play through the Hal (sensor levels and key presses),
 * never around the firmware, so what they do is what a player's hands could do.
 */
import { EventEmitter } from "node:events";
import type { Timings } from "../firmware/config.js";
import type { MenuItem } from "../firmware/menu.js";
import type { MqttFactory } from "../firmware/mqtt.js";
import { MqttLite } from "../firmware/mqtt-lite.js";
import { makeNightMessage } from "../firmware/night-message.js";
import { Paddle } from "../firmware/paddle.js";
import { type PaddleMemoryModel, wireLength } from "./memory-model.js";
import { SimHal } from "./node-hal.js";
import { type NodeMqtt, nodeMqttFactory } from "./node-mqtt.js";
import { nodeSocketOpener } from "./node-socket.js";
import type { VoiceTrack } from "./voice-track.js";

export interface SimPaddleOptions {
  /** The hub, or a cluster's hubs comma-separated (tried in turn when a link is lost). */
  mqttUrl: string;
  table: string;
  seat: number;
  password: string;
  timings?: Partial<Timings>;
  log?: (message: string) => void;
  /** Give the paddle a microphone (it declares `mic`), playing this track from the start. */
  voice?: VoiceTrack;
  /** FORUM-QUIET-02: the firmware's lead of the night message (default 20 s); tests shorten it. */
  messageLeadMs?: number;
  /**
   * Built as the device is (espruino/main.ts): no texts (so the glance, not the whole public
   * state) and the firmware's own MQTT client over a TCP socket (mqtt-lite.ts), not mqtt.js.
   */
  device?: boolean;
  /** Samples what the firmware holds inside its handlers (memory-model.ts, issue 25). */
  memory?: PaddleMemoryModel;
  /** QUIET-FILL-01: the firmware's lead for owed night answers (config.ts fillLeadMs). */
  fillLeadMs?: number;
}

export class SimPaddle {
  readonly seat: number;
  readonly hal: SimHal;
  readonly paddle: Paddle;
  /** Emits "change" whenever the firmware reports one. */
  readonly events = new EventEmitter();
  private readonly clients: NodeMqtt[] = [];

  constructor(o: SimPaddleOptions) {
    this.seat = o.seat;
    this.hal = new SimHal(o.log, o.voice !== undefined);
    if (o.voice) this.hal.playVoice(o.voice);
    this.events.setMaxListeners(50);
    const [url, ...more] = o.mqttUrl.split(",").map((u) => new URL(u.trim()));
    const hub = (u: URL) => ({ host: u.hostname, port: Number(u.port || 1883) });
    const hal = this.hal;
    const transport: MqttFactory = o.device
      ? (host, options) => new MqttLite(hal, host, options, nodeSocketOpener)
      : nodeMqttFactory((url as URL).toString(), this.clients);
    const factory = o.memory ? o.memory.watch(transport, wireLength) : transport;
    this.paddle = new Paddle(this.hal, factory, {
      ...hub(url as URL),
      hubs: more.map(hub),
      table: o.table,
      seat: o.seat,
      password: o.password,
      timings: o.timings,
      texts: o.device !== true,
      ...(o.device === true ? {} : { nightMessage: makeNightMessage }),
      messageLeadMs: o.messageLeadMs,
      fillLeadMs: o.fillLeadMs,
    });
    this.paddle.onChange = () => this.events.emit("change");
  }

  /** The firmware's current MQTT client (one per hub it has tried; it reconnects it). */
  get mqtt(): NodeMqtt {
    const m = this.clients.at(-1);
    if (!m) throw new Error(`seat ${this.seat}: not started`);
    return m;
  }

  start(): void {
    this.paddle.start();
  }

  stop(): void {
    this.paddle.stop();
    for (const c of this.clients) c.drop();
    this.hal.dispose();
    this.events.removeAllListeners();
  }

  /** Resolves once `check` holds, re-checking at every change; rejects after `ms`. */
  waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onChange = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.events.off("change", onChange);
        resolve();
      };
      const timer = setTimeout(() => {
        this.events.off("change", onChange);
        reject(new Error(`seat ${this.seat}: ${what} within ${ms} ms`));
      }, ms);
      this.events.on("change", onChange);
    });
  }

  /** Moves the cursor to the first item that matches; false if there is none. */
  private steer(match: (item: MenuItem) => boolean): boolean {
    const menu = this.paddle.menu;
    const index = menu.indexOf(match);
    if (index < 0) return false;
    const n = menu.items.length;
    const forward = (index - menu.cursor + n) % n;
    const key = forward <= n - forward ? "next" : "prev";
    for (let i = Math.min(forward, n - forward); i > 0; i--) this.hal.press(key);
    return true;
  }

  /** Moves the cursor to the first item that matches and presses ok twice (arm, send). */
  choose(match: (item: MenuItem) => boolean): boolean {
    if (!this.steer(match)) return false;
    this.hal.press("ok");
    this.hal.press("ok");
    return true;
  }

  /** Of several offered actions, opens `action`'s question (true if it is open now). */
  openAction(action: string): boolean {
    const menu = this.paddle.menu;
    if (menu.prompt && menu.prompt.action === action) return true;
    if (menu.prompt && menu.offers.length > 1) this.choose((item) => item.kind === "back");
    return this.choose(
      (item) => item.kind === "action" && menu.offers[item.index]?.action === action,
    );
  }

  /** A prompt of several targets (the matchmaker's two): toggles each, then sends them. */
  pickAll(seats: readonly number[]): boolean {
    for (const seat of seats) {
      if (!this.steer((item) => item.kind === "target" && item.seat === seat)) return false;
      this.hal.press("ok");
    }
    return this.choose((item) => item.kind === "send");
  }

  /** An option that may be left out: the target, then `send` without one. */
  pickBare(seat: number): boolean {
    return this.pick(seat) && this.choose((item) => item.kind === "send");
  }

  pick(seat: number): boolean {
    return this.choose((item) => item.kind === "target" && item.seat === seat);
  }

  /** A prompt with options: the target, then (the menu's second question) the option. */
  pickWithOption(seat: number, option: string): boolean {
    if (!this.pick(seat)) return false;
    return this.choose((item) => item.kind === "option" && item.id === option);
  }

  pass(): boolean {
    return this.choose((item) => item.kind === "pass");
  }

  canPick(seat: number): boolean {
    return this.paddle.menu.indexOf((i) => i.kind === "target" && i.seat === seat) >= 0;
  }

  canPass(): boolean {
    return this.paddle.menu.indexOf((i) => i.kind === "pass") >= 0;
  }
}
