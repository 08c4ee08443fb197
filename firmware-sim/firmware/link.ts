/**
 * The paddle's connection to the hub, as a small state machine:
 *
 *   off -> connecting -> login -> up
 *              ^           |       |
 *              +- backoff <+-------+   (refused, no broker, link lost, no PUBACK)
 *
 * Espruino's MQTT module reported a refused login as `connected` (it misread the CONNACK),
 * and the simulator's transport still does, so `connected` only moves to `login`: the link is up once the seat's own retained view
 * arrives, which only an accepted seat identity can receive. No CONNACK within
 * loginTimeoutMs (OPEN_WAIT_FACTOR times that once the socket is open), no view within
 * VIEW_WAIT_FACTOR times that, or a disconnect before one, is a fault: back off (doubling, with
 * jitter), retry, and tell the player. Reconnecting is the firmware's job, not the module's.
 *
 * Both watchdogs (the login's and the PUBACK's) double with each failure in a row, up to
 * eight times their base: when a whole venue reconnects at once (a power cut, 2,400
 * paddles) a hub that is slow but alive answers later than the base timeout, and giving
 * up at the base time would only make every paddle reconnect again and keep it slow.
 */
import { seatInputTopic, seatUsername } from "../../protocol/topics.js";
import type { Timings } from "./config.js";
import type { Hal, TimerHandle } from "./hal.js";
import { HubOrder } from "./hub-order.js";
import type { Mqtt, MqttFactory, MqttMessage } from "./mqtt.js";
import { type Outbox, WINDOW } from "./outbox.js";

export type LinkState = "off" | "connecting" | "login" | "up" | "backoff";

export interface LinkEvents {
  /** The first retained view proved the login: subscribe targets are live. */
  up(): void;
  /** Every message, including the one that proved the login. */
  message(msg: MqttMessage): void;
  /** A fault (refused, no broker) or a lost link; `fault` says which. */
  down(reason: string, fault: boolean): void;
  /** The hub acknowledged the oldest input in flight. */
  acked(): void;
}

export interface LinkTarget {
  /**
   * The hubs of a cluster on one Redis (docs/CLUSTER.md): the first at start, after a drop
   * another hub, the one that answered last first (hub-order.ts). One hub: always that one.
   */
  hubs: { host: string; port: number }[];
  table: string;
  seat: number;
  password: string;
  /** Topics to subscribe after `connected`, with their QoS. */
  subscriptions: { topic: string; qos: number }[];
  /** A message on this topic proves the login. */
  proofTopic: string;
  /** The client id's first word: "paddle" or "phone" (PaddleSettings.device). */
  device: string;
}

/**
 * How much longer than the CONNACK's the wait for the first view is, once `connected` came
 * on an open connection. A hub that refuses the login closes the connection after its
 * CONNACK (caught by `disconnected`, at once), so a view that is late is a busy hub, not a
 * refusal: in a storm while tables play (issue 29, docs/BENCHMARKS.md) paddles whose
 * CONNACK had come dropped their accepted sessions at 5 s and started over, which cost
 * the hub the whole connect again. A hub that dies closes the socket too; only one that
 * hangs between the CONNACK and the view is noticed later.
 */
export const VIEW_WAIT_FACTOR = 3;

/**
 * How much longer than the base the wait for the CONNACK is once the socket is open: a
 * process listens on the hub's port, so a late CONNACK is a busy hub, not a dead one. In a
 * storm while 200 tables play (issue 29, docs/BENCHMARKS.md) the hub's socket was open at
 * once (the kernel answers), but the busy hub takes one waiting connection a turn of its
 * event loop (libuv since 1.45), so paddles sat in its accept queue past their 5 s and
 * started over at the back of it. A hub that is gone refuses or never answers the socket:
 * that is still caught at the base time; only one that hangs with its port open is noticed
 * later.
 */
export const OPEN_WAIT_FACTOR = 3;

/** A watchdog's time after `streak` failures in a row: doubling, at most eight times `base`. */
function watchdog(base: number, streak: number): number {
  return base * 2 ** Math.min(streak, 3);
}

export class Link {
  state: LinkState = "off";
  /** Failed attempts in a row; resets once the link is up. */
  attempts = 0;
  faults = 0;
  /**
   * Faults since the link was last up. The player is told at the first one. It is not
   * `attempts`: a lost link counts as an attempt (for the backoff) but is no fault, so
   * after a hub that went away the first real fault is attempt 2.
   */
  faultStreak = 0;
  connects = 0;
  private client: Mqtt | null = null;
  /** Index into target.hubs of the hub the client talks to. */
  private hub = 0;
  private readonly order: HubOrder;
  private timer: TimerHandle | null = null;
  /** PUBACK watchdogs that fired in a row (less one for each PUBACK in time since). */
  private slowAcks = 0;
  private ackTimer: TimerHandle | null = null;
  /** Inputs in flight at most: the outbox's WINDOW, or 1 once the transport gave no packet id. */
  private window = WINDOW;
  private readonly inputTopic: string;

  constructor(
    private readonly hal: Hal,
    private readonly factory: MqttFactory,
    private readonly target: LinkTarget,
    private readonly timings: Timings,
    private readonly outbox: Outbox,
    private readonly events: LinkEvents,
  ) {
    this.inputTopic = seatInputTopic(target.table, target.seat);
    this.order = new HubOrder(target.hubs.length);
  }

  start(): void {
    if (this.state !== "off") return;
    this.client = this.clientFor(this.hub);
    this.connect();
  }

  /** A client for one hub; events of a client no longer current are ignored. */
  private clientFor(index: number): Mqtt {
    const t = this.target;
    const hub = t.hubs[index] || t.hubs[0];
    const client = this.factory(hub ? hub.host : "", {
      client_id: `${t.device}-${t.table}-${t.seat}-${this.outbox.boot}`,
      username: seatUsername(t.table, t.seat),
      password: t.password,
      keep_alive: this.timings.keepAliveSeconds,
      port: hub ? hub.port : 1883,
    });
    const current = () => client === this.client;
    client.on("open", () => current() && this.onOpen());
    client.on("connected", () => current() && this.onConnected());
    client.on("disconnected", () => current() && this.onDisconnected());
    client.on("publish", (msg: MqttMessage) => current() && this.onPublish(msg));
    client.on("puback", (pid: number) => current() && this.onPuback(pid));
    client.on("error", (message: string) => this.hal.log(`mqtt: ${message}`));
    return client;
  }

  /** With more than one hub: the one to try first now, on a fresh client (Espruino binds the host). */
  private nextHub(): void {
    if (this.target.hubs.length < 2) return;
    this.hub = this.order.first();
    this.client = this.clientFor(this.hub);
  }

  stop(): void {
    this.clearTimers();
    const was = this.state;
    this.state = "off";
    if (this.client && was !== "backoff") this.client.disconnect();
  }

  /** Sends what the window allows; called after every new input and every PUBACK. */
  pump(): void {
    if (this.state !== "up" || !this.client) return;
    let entry = this.outbox.next(this.window);
    while (entry) {
      entry.sent = true;
      entry.sentAt = this.hal.now();
      const pid = this.client.publish(this.inputTopic, entry.body, { qos: 1, retain: false });
      entry.pid = typeof pid === "number" && pid > 0 ? pid : 0;
      // A transport that does not say its packet ids gets one input in flight (outbox.ts).
      if (entry.pid === 0) this.window = 1;
      entry = this.outbox.next(this.window);
    }
    this.armAckTimer();
  }

  private connect(): void {
    this.state = "connecting";
    this.connects += 1;
    this.arm(watchdog(this.timings.loginTimeoutMs, this.attempts), "no broker");
    try {
      (this.client as Mqtt).connect();
    } catch {
      this.fail("no broker");
    }
  }

  private onOpen(): void {
    if (this.state !== "connecting") return;
    this.arm(OPEN_WAIT_FACTOR * watchdog(this.timings.loginTimeoutMs, this.attempts), "no broker");
  }

  private onConnected(): void {
    if (this.state !== "connecting" || !this.client) return;
    this.state = "login";
    for (const s of this.target.subscriptions) this.client.subscribe(s.topic, { qos: s.qos });
    this.arm(
      VIEW_WAIT_FACTOR * watchdog(this.timings.loginTimeoutMs, this.attempts),
      "login refused?",
    );
  }

  private onPublish(msg: MqttMessage): void {
    if (this.state === "login" && msg.topic === this.target.proofTopic && msg.message !== "") {
      this.clearTimers();
      this.state = "up";
      this.attempts = 0;
      this.faultStreak = 0;
      this.window = WINDOW; // a fresh client: whether it tells packet ids is found anew
      this.order.answered(this.hub);
      this.events.up();
    }
    if (this.state === "up") this.events.message(msg);
  }

  private onPuback(pid: number): void {
    if (this.state !== "up") return;
    const oldest = this.outbox.oldestInFlight();
    if (oldest && this.hal.now() - oldest.sentAt < this.timings.ackTimeoutMs && this.slowAcks > 0)
      this.slowAcks -= 1;
    this.outbox.ack(pid);
    this.order.answered(this.hub);
    this.pump();
    this.events.acked();
  }

  private onDisconnected(): void {
    const was = this.state;
    if (was === "off" || was === "backoff") return; // our own disconnect, already handled
    this.clearTimers();
    this.outbox.rewind();
    if (was === "up") this.backoff("link lost", false);
    else this.backoff(was === "login" ? "login refused?" : "no broker", true);
  }

  /** A watchdog fired: drop the connection ourselves, then back off. */
  private fail(reason: string): void {
    this.clearTimers();
    this.state = "backoff"; // set first: the disconnect below may call back synchronously
    this.outbox.rewind();
    try {
      if (this.client) this.client.disconnect();
    } catch {
      // already closed
    }
    this.backoff(reason, reason !== "no ack");
  }

  private backoff(reason: string, fault: boolean): void {
    this.state = "backoff";
    if (fault) {
      this.faults += 1;
      this.faultStreak += 1;
    }
    // The hub just lost is tried after every other one (hub-order.ts).
    this.order.failed(this.hub);
    const t = this.timings;
    const base = Math.min(t.backoffMaxMs, t.backoffMinMs * 2 ** this.attempts);
    const delay = Math.floor(base * (0.5 + this.hal.random() * 0.5));
    // A lost link retries at once-ish; each failure in a row doubles the wait.
    this.attempts += 1;
    this.events.down(reason, fault);
    this.timer = this.hal.setTimeout(() => {
      this.timer = null;
      if (this.state !== "backoff") return;
      this.nextHub();
      this.connect();
    }, delay);
  }

  private arm(ms: number, reason: string): void {
    if (this.timer !== null) this.hal.clearTimeout(this.timer);
    this.timer = this.hal.setTimeout(() => {
      this.timer = null;
      this.fail(reason);
    }, ms);
  }

  private armAckTimer(): void {
    if (this.ackTimer !== null) this.hal.clearTimeout(this.ackTimer);
    this.ackTimer = null;
    const oldest = this.outbox.oldestInFlight();
    if (!oldest) return;
    const timeout = watchdog(this.timings.ackTimeoutMs, this.slowAcks);
    const left = Math.max(0, oldest.sentAt + timeout - this.hal.now());
    this.ackTimer = this.hal.setTimeout(() => {
      this.ackTimer = null;
      if (this.state !== "up") return;
      this.slowAcks += 1;
      this.fail("no ack");
    }, left);
  }

  private clearTimers(): void {
    if (this.timer !== null) this.hal.clearTimeout(this.timer);
    if (this.ackTimer !== null) this.hal.clearTimeout(this.ackTimer);
    this.timer = null;
    this.ackTimer = null;
  }
}
