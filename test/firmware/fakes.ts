/**
 * A fake clock, Hal and MQTT module for unit tests of the firmware: time moves only when
 * the test says, and the fake MQTT module lets the test play the broker's part, including
 * the Espruino module's way of reporting a refused login as `connected`.
 */
import type {
  Display,
  Hal,
  Key,
  LedColor,
  Mic,
  TimerHandle,
} from "../../firmware-sim/firmware/hal.js";
import type {
  Mqtt,
  MqttCreateOptions,
  MqttFactory,
  MqttMessage,
  MqttPublishOptions,
} from "../../firmware-sim/firmware/mqtt.js";
import { Paddle } from "../../firmware-sim/firmware/paddle.js";
import { seatViewTopic } from "../../protocol/topics.js";
import type { SeatView } from "../../protocol/views.js";

interface Timer {
  id: number;
  at: number;
  fn: () => void;
}

export class FakeClock {
  t = 1_000_000;
  private timers: Timer[] = [];
  private next = 1;

  set(fn: () => void, ms: number): number {
    const id = this.next++;
    this.timers.push({ id, at: this.t + Math.max(0, ms), fn });
    return id;
  }

  clear(id: number): void {
    this.timers = this.timers.filter((x) => x.id !== id);
  }

  /** Runs every timer due within `ms`, in time order, moving the clock as it goes. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers
        .filter((x) => x.at <= end)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = Math.max(this.t, due.at);
      due.fn();
    }
    this.t = end;
  }
}

export class FakeHal implements Hal {
  thumb = false;
  blind = false;
  ledColor: LedColor = "off";
  screen: string[] = [];
  felt: string[] = [];
  /** Motor edges as [time, on]. */
  motorLog: [number, boolean][] = [];
  hasKeys = true;
  display: Display = { show: (lines) => (this.screen = lines) };
  mic: Mic | null = null;
  private thumbCb: (down: boolean) => void = () => undefined;
  private blindCb: (on: boolean) => void = () => undefined;
  private keyCb: (key: Key) => void = () => undefined;
  private seed: number;

  constructor(
    readonly clock: FakeClock,
    seed = 1,
  ) {
    this.seed = seed;
  }

  feedback = (name: string) => this.felt.push(name);
  now = () => this.clock.t;
  setTimeout = (fn: () => void, ms: number): TimerHandle => this.clock.set(fn, ms);
  clearTimeout = (h: TimerHandle) => this.clock.clear(h as number);
  watchThumb(cb: (down: boolean) => void): void {
    this.thumbCb = cb;
  }
  watchBlindfold(cb: (on: boolean) => void): void {
    this.blindCb = cb;
  }
  watchKeys(cb: (key: Key) => void): void {
    this.keyCb = cb;
  }
  readThumb = () => this.thumb;
  readBlindfold = () => this.blind;
  motor = (on: boolean) => void this.motorLog.push([this.clock.t, on]);
  led(color: LedColor): void {
    this.ledColor = color;
  }
  log = () => undefined;
  random = () => {
    this.seed = (this.seed * 16807) % 2147483647;
    return this.seed / 2147483647;
  };

  setThumb(down: boolean): void {
    this.thumb = down;
    this.thumbCb(down);
  }

  setBlindfold(on: boolean): void {
    this.blind = on;
    this.blindCb(on);
  }

  press(...keys: Key[]): void {
    for (const k of keys) this.keyCb(k);
  }
}

export interface Published {
  topic: string;
  body: Record<string, unknown>;
  qos: number;
  /** The packet id the fake transport gave a QoS 1 publish (0 for QoS 0). */
  pid: number;
}

/** Plays the broker: the test decides what the paddle hears. */
export class FakeMqtt implements Mqtt {
  connects = 0;
  disconnects = 0;
  subscriptions: string[] = [];
  published: Published[] = [];
  private handlers: Record<string, ((arg?: unknown) => void)[]> = {};

  constructor(readonly options: MqttCreateOptions) {}

  on(event: string, cb: (arg: never) => void): void {
    const list = this.handlers[event] ?? [];
    list.push(cb as (arg?: unknown) => void);
    this.handlers[event] = list;
  }

  emit(event: string, arg?: unknown): void {
    for (const h of this.handlers[event] ?? []) h(arg);
  }

  connect(): void {
    this.connects += 1;
    this.unacked = []; // a new connection: nobody answers the old one's publishes
  }

  disconnect(): void {
    this.disconnects += 1;
    this.emit("disconnected");
  }

  /** Packet ids of QoS 1 publishes not yet acknowledged, oldest first. */
  unacked: number[] = [];
  private nextPid = 1;

  /** Returns a packet id for QoS 1, as the simulator's transport does. */
  publish(topic: string, message: string, opts: MqttPublishOptions): number | undefined {
    this.published.push({ topic, body: JSON.parse(message), qos: opts.qos, pid: 0 });
    if (opts.qos !== 1) return undefined;
    const pid = this.nextPid++;
    (this.published[this.published.length - 1] as Published).pid = pid;
    this.unacked.push(pid);
    return pid;
  }

  subscribe(topic: string): void {
    this.subscriptions.push(topic);
  }

  /** The module's `connected`, whatever the CONNACK said. */
  connected(): void {
    this.emit("connected");
  }

  deliver(topic: string, body: unknown): void {
    const msg: MqttMessage = {
      topic,
      message: typeof body === "string" ? body : JSON.stringify(body),
    };
    this.emit("publish", msg);
  }

  /** PUBACKs for the `n` oldest publishes not yet acknowledged (in order). */
  puback(n = 1): void {
    for (let i = 0; i < n; i++) this.emit("puback", this.unacked.shift() ?? 0);
  }

  /** A PUBACK for one packet id, in whatever order the test chooses. */
  pubackId(pid: number): void {
    this.unacked = this.unacked.filter((p) => p !== pid);
    this.emit("puback", pid);
  }

  inputs(): Record<string, unknown>[] {
    return this.published.filter((p) => p.topic.endsWith("/input")).map((p) => p.body);
  }
}

export function fakeFactory(): { factory: MqttFactory; made: FakeMqtt[] } {
  const made: FakeMqtt[] = [];
  return {
    made,
    factory: (_host, options) => {
      const m = new FakeMqtt(options);
      made.push(m);
      return m;
    },
  };
}

export function seatView(seat: number, rev: number, over: Partial<SeatView> = {}): SeatView {
  return {
    rev,
    seat,
    role: "civilian",
    team: "town",
    allies: [],
    allyRoles: {},
    alive: true,
    pass: null,
    lang: "en",
    prompt: null,
    results: [],
    proposals: {},
    blindfold: false,
    stir: 0,
    ...over,
  };
}

/** One paddle on the fakes, started; `login` plays the broker accepting it (view `rev`). */
export function fakePaddle(
  seat: number,
  seed = 1,
  mic: Mic | null = null,
  /** Further hubs of a cluster (PaddleSettings.hubs); the first is `hub:1883`. */
  hubs: { host: string; port: number }[] = [],
) {
  const clock = new FakeClock();
  const hal = new FakeHal(clock, seed);
  hal.mic = mic;
  const { factory, made } = fakeFactory();
  const paddle = new Paddle(hal, factory, {
    host: "hub",
    port: 1883,
    table: "t1",
    seat,
    password: "pw",
    ...(hubs.length > 0 ? { hubs } : {}),
  });
  paddle.start();
  const mqtt = made[0] as FakeMqtt;
  /** The broker accepts: `connected`, then the retained view. */
  const login = (rev = 10, over: Partial<SeatView> = {}) => {
    mqtt.connected();
    mqtt.deliver(seatViewTopic("t1", seat), seatView(seat, rev, over));
  };
  return { clock, hal, paddle, mqtt, login, made };
}
