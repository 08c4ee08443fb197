/**
 * A wired seat: a thumb switch and a blindfold switch (and optionally a vibration motor) on
 * a Firmata board, for tables without Wi-Fi. It is a paddle without a radio: it signs in as
 * `seat/{table}/{n}` and publishes the same inputs with its own `boot` and strictly
 * increasing `seq`, so they take the paddle's path through decode, deduplication, the
 * journal and the engine, and the engine cannot tell a wired seat from a paddle.
 *
 * The seat is online while its board is: its MQTT session opens when the board is ready and
 * closes (after the hub acknowledged what was sent) when the board is lost. On every (re)
 * connection it says hello and then sends each level that differs from the last one the
 * hub got, so a blindfold taken off while the cable was out still reaches the hub.
 */
import type * as Five from "johnny-five";
import type { MqttClient } from "mqtt";
import {
  type SeatInputMessage,
  type Signal,
  seatInputTopic,
  seatSignalTopic,
  seatUsername,
} from "../../protocol/index.js";
import type { Logger } from "../process/logger.js";
import { type BoardLink, johnnyFive } from "./board-link.js";
import type { WiredSeatSpec } from "./config.js";
import { connectIdentity, type HubAccess, newBootId } from "./hub-client.js";
import { boardPin, ioOf, PinSwitch } from "./pins.js";
import { PATTERNS, type PatternName, PulsePlayer } from "./pulses.js";

export const WIRED_FIRMWARE = "wired-1";

/** How long a closing session waits for the hub to acknowledge what is in flight. */
const END_GRACE_MS = 2000;

type Sensor = "thumb" | "blindfold";

export class WiredSeat {
  readonly seat: number;
  readonly boot = newBootId();
  seq = 0;
  /** The level the hub was last sent, per sensor (null: never). */
  private readonly sent: Record<Sensor, boolean | null> = { thumb: null, blindfold: null };
  /** Sent and not yet acknowledged by the hub, by seq: the next session sends them again. */
  private readonly unacked = new Map<number, string>();
  private client: MqttClient | null = null;
  private switches: PinSwitch[] = [];
  private motor: PulsePlayer | null = null;
  private readonly log: Logger;

  constructor(
    private readonly spec: WiredSeatSpec,
    private readonly link: BoardLink,
    private readonly access: HubAccess,
    private readonly table: string,
    log: Logger,
  ) {
    this.seat = spec.seat;
    this.log = log.child({ part: "wired-seat", seat: spec.seat, board: link.spec.id });
  }

  start(): void {
    this.link.on("ready", (board) => this.attach(board));
    this.link.on("lost", () => void this.detach());
  }

  async stop(): Promise<void> {
    await this.detach();
  }

  private attach(board: Five.Board): void {
    const five = johnnyFive();
    const io = ioOf(board);
    // Resolved before anything is sent: a pin the board cannot use is logged, not half-wired.
    let pins: { thumb: number; blindfold: number; motor: number | undefined };
    try {
      const part = (name: string) => `seat ${this.seat} ${name} on board ${this.link.spec.id}`;
      pins = {
        thumb: boardPin(io, this.spec.thumb, part("thumb"), "input"),
        blindfold: boardPin(io, this.spec.blindfold, part("blindfold"), "input"),
        motor:
          this.spec.motor === undefined
            ? undefined
            : boardPin(io, this.spec.motor, part("motor"), "output"),
      };
    } catch (err) {
      this.log.error({ event: "wired.bad_pin", err: (err as Error).message });
      return;
    }
    const client = connectIdentity(
      this.access,
      seatUsername(this.table, this.seat),
      `wired-${this.table}-${this.seat}-${this.boot}`,
    );
    this.client = client;
    const signalTopic = seatSignalTopic(this.table, this.seat);
    client.on("connect", () => client.subscribe(signalTopic, { qos: 0 }));
    client.on("error", (err) => this.log.warn({ event: "wired.mqtt_error", err: err.message }));
    client.on("message", (topic, payload) => {
      if (topic === signalTopic) this.onSignal(payload);
    });
    const caps = ["thumb", "blindfold"];
    if (this.spec.motor !== undefined) caps.push("haptic");
    // Queued by mqtt.js until the session is up, then sent in this order.
    this.send({ kind: "hello", fw: WIRED_FIRMWARE, caps });
    for (const [seq, payload] of [...this.unacked].sort(([x], [y]) => x - y))
      this.publish(seq, payload);
    const watch = (sensor: Sensor, pin: number) => {
      // A switch to ground with the pull-up on; closed = thumb down / blindfold on.
      const sw = new PinSwitch(io, pin);
      sw.on("change", (closed: boolean) => this.level(sensor, closed));
      this.switches.push(sw);
    };
    watch("thumb", pins.thumb);
    watch("blindfold", pins.blindfold);
    if (pins.motor !== undefined)
      this.motor = new PulsePlayer(new five.Led({ pin: pins.motor, board }));
  }

  private async detach(): Promise<void> {
    for (const sw of this.switches) sw.stop();
    this.switches = [];
    this.motor?.stop();
    this.motor = null;
    const client = this.client;
    this.client = null;
    if (!client) return;
    // Not forced: what is in flight is acknowledged (journaled) before the session ends;
    // but a hub that does not answer must not hold the hardware (or a shutdown) forever.
    const ended = client.endAsync(false).then(() => true);
    const timeout = new Promise<boolean>((r) => setTimeout(() => r(false), END_GRACE_MS).unref());
    if (!(await Promise.race([ended, timeout]))) {
      this.log.warn({
        event: "wired.end_forced",
        inFlight: Object.keys(client.outgoing ?? {}).length,
      });
      // What was not acknowledged stays in `unacked`: the next session sends it again.
      await client.endAsync(true);
    }
  }

  /** A sensor reported its level; only a change from what the hub has is an input. */
  private level(sensor: Sensor, closed: boolean): void {
    if (!this.client || this.sent[sensor] === closed) return;
    this.sent[sensor] = closed;
    if (sensor === "thumb") this.send({ kind: "thumb", down: closed });
    else this.send({ kind: "blindfold", on: closed });
  }

  private send(input: DistributiveOmit<SeatInputMessage, "boot" | "seq">): void {
    const client = this.client;
    if (!client) return;
    this.seq += 1;
    const body = { boot: this.boot, seq: this.seq, ...input };
    this.log.debug({ event: "wired.input", kind: input.kind, seq: this.seq });
    this.unacked.set(this.seq, JSON.stringify(body));
    this.publish(this.seq, JSON.stringify(body));
  }

  /** Publishes on the current session; the hub's PUBACK (no error) settles it. */
  private publish(seq: number, payload: string): void {
    this.client?.publish(seatInputTopic(this.table, this.seat), payload, { qos: 1 }, (err) => {
      if (!err) this.unacked.delete(seq);
    });
  }

  private onSignal(payload: Buffer): void {
    let signal: Signal;
    try {
      signal = JSON.parse(payload.toString("utf8")) as Signal;
    } catch {
      return;
    }
    const name = signal.haptic ?? ("error" in signal ? "long" : undefined);
    if (name && name in PATTERNS) this.motor?.play(name as PatternName);
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
