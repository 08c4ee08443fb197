/**
 * Bot games over MQTT: the engine inputs that random-game.ts makes (nextInputs) become
 * the wire messages of PROTOCOL.md, each with the source the journal records for it
 * (seat/boot/seq or the host command id), so that tests can follow every input from the
 * paddle's publish to the journal line. A bot cannot send a timer input: a timer becomes
 * the host's `next`, which ends a step the same way.
 */
import type { Socket } from "node:net";
import type { MqttClient } from "mqtt";
import {
  type EngineInput,
  type GameState,
  type HostAction,
  type SeatAction,
  step,
} from "../../hub/engine/index.js";
import type { InputSource } from "../../hub/journal/journal.js";
import { type Connected, connectAs, endAll, subscribeGranted } from "./hub.js";
import { nextInputs, type Rand } from "./random-game.js";

/** An engine input the wire can carry (no timers, no presence), without its `at`. */
export type WireInput =
  | { type: "seat"; seat: number; action: SeatAction }
  | { type: "host"; action: HostAction };

export interface WireMessage {
  topic: string;
  payload: string;
  src: InputSource;
  /** What the hub makes of the message, without the receive time it stamps (null: setup). */
  input: WireInput | null;
}

/** Turns a generated input into one a client can send: a timer becomes `next`. */
export function wireable(input: EngineInput): WireInput {
  if (input.type === "seat") return { type: "seat", seat: input.seat, action: input.action };
  if (input.type === "host") return { type: "host", action: input.action };
  if (input.type === "timer") return { type: "host", action: { cmd: "next" } };
  throw new Error("presence is the broker's to report, not a client's to send");
}

/**
 * A bot game beside a reference engine, for the acknowledged-input oracles of test/cluster:
 * each generated input is encoded, kept in `sent`, stepped on the reference at the time it
 * is sent (as the hub will step it) and handed to `send` with its number, until the
 * reference game ends or 3,000 inputs were sent. Returns the reference's last state.
 */
export async function playBeside(
  start: GameState,
  rand: Rand,
  wire: WireTable,
  sent: WireMessage[],
  send: (msg: WireMessage, n: number) => Promise<void>,
): Promise<GameState> {
  let ref = start;
  while (ref.phase !== "ended" && sent.length < 3000) {
    const at = Date.now();
    for (const generated of nextInputs(ref, rand, at, true)) {
      const msg = wire.encode(wireable(generated));
      sent.push(msg);
      const r = step(ref, stamped(msg.input as NonNullable<WireMessage["input"]>, at));
      if (r.ok) ref = r.state;
      await send(msg, sent.length);
    }
  }
  return ref;
}

/** The engine input with the hub's receive time. */
export function stamped(input: WireInput, at: number): EngineInput {
  return { ...input, at } as EngineInput;
}

export function srcKey(src: InputSource): string {
  return "host" in src ? `host:${src.host}` : `${src.seat}:${src.boot}:${src.seq}`;
}

function seatFields(action: SeatAction): Record<string, unknown> {
  const { kind: _kind, ...fields } = action;
  return fields;
}

/**
 * mqtt.js leaves Nagle on: the PUBACK a client owes for a QoS 1 message it received then
 * holds back its next publish until the hub's delayed ACK (~40 ms a message). A real
 * console is not that chatty; a bot sending one command after another is.
 */
export function noDelay(c: Connected): Connected {
  (c.client.stream as Socket).setNoDelay(true);
  return c;
}

/** Numbers the messages of one table: a boot and a seq per seat, an id per host command. */
export class WireTable {
  readonly boots = new Map<number, string>();
  readonly seqs = new Map<number, number>();
  private commands = 0;

  constructor(
    readonly table: string,
    private readonly bootSeed = 0,
  ) {}

  boot(seat: number): string {
    let b = this.boots.get(seat);
    if (!b) {
      b = ((this.bootSeed * 131 + seat * 0x9e3779b1) >>> 0).toString(16).padStart(8, "0");
      this.boots.set(seat, b);
    }
    return b;
  }

  encode(input: WireInput): WireMessage {
    if (input.type === "seat") {
      const seq = (this.seqs.get(input.seat) ?? 0) + 1;
      this.seqs.set(input.seat, seq);
      const boot = this.boot(input.seat);
      const body = { boot, seq, kind: input.action.kind, ...seatFields(input.action) };
      return {
        topic: `mafia/v1/${this.table}/seat/${input.seat}/input`,
        payload: JSON.stringify(body),
        src: { seat: input.seat, boot, seq },
        input,
      };
    }
    return this.command(input.action as unknown as Record<string, unknown>, input);
  }

  /** A host command; `setup` is not an engine input, so it has none. */
  command(fields: Record<string, unknown>, input: WireInput | null = null): WireMessage {
    this.commands += 1;
    const id = `b${this.bootSeed}-${this.commands}`;
    return {
      topic: `mafia/v1/${this.table}/host/command`,
      payload: JSON.stringify({ id, ...fields }),
      src: { host: id },
      input,
    };
  }
}

/** The clients of one table: a host console and one paddle per seat. */
export class BotClients {
  readonly conns: Connected[] = [];
  host!: Connected;
  private readonly seats = new Map<number, MqttClient>();

  clientFor(msg: WireMessage): MqttClient {
    const c = "host" in msg.src ? this.host.client : this.seats.get(msg.src.seat);
    if (!c) throw new Error(`no client for ${srcKey(msg.src)}`);
    return c;
  }

  /** Publishes at QoS 1; resolves on the PUBACK (the input is then on disk). */
  send(msg: WireMessage): Promise<void> {
    return new Promise((resolve, reject) =>
      this.clientFor(msg).publish(msg.topic, msg.payload, { qos: 1 }, (err) =>
        err ? reject(err) : resolve(),
      ),
    );
  }

  static async connect(opts: {
    port: number;
    password: (username: string) => string | undefined;
    table: string;
    seats: number;
    /** Extra filters for the host console, e.g. host/view. */
    hostFilters?: string[];
  }): Promise<BotClients> {
    const bot = new BotClients();
    const t = opts.table;
    bot.host = noDelay(await connectAs(opts.port, `host/${t}`, opts.password(`host/${t}`)));
    bot.conns.push(bot.host);
    if (opts.hostFilters) await subscribeGranted(bot.host.client, opts.hostFilters);
    for (let n = 1; n <= opts.seats; n++) {
      const c = noDelay(
        await connectAs(opts.port, `seat/${t}/${n}`, opts.password(`seat/${t}/${n}`)),
      );
      bot.conns.push(c);
      bot.seats.set(n, c.client);
    }
    return bot;
  }

  end(): Promise<void> {
    return endAll(...this.conns);
  }
}

/** Ten seats for `setup`. */
export function seatList(n = 10): { seat: number; name: string }[] {
  return Array.from({ length: n }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
}

/**
 * Plays one sport game against an in-process hub: `setup`, then the bots' inputs, each
 * chosen from the committed state and sent after the previous one's PUBACK, until the end.
 * Returns how many inputs were sent.
 */
export async function playBotGame(opts: {
  bot: BotClients;
  wire: WireTable;
  rand: Rand;
  /** The table's committed state (Table.game). */
  game: () => GameState | null;
  options?: Record<string, unknown>;
  maxInputs?: number;
}): Promise<number> {
  const { bot, wire, rand, game } = opts;
  const options = { autoAdvance: false, ...opts.options };
  await bot.send(wire.command({ cmd: "setup", ruleset: "sport", seats: seatList(), options }));
  let sent = 0;
  for (let state = game(); state && state.phase !== "ended"; state = game()) {
    if (sent >= (opts.maxInputs ?? 3000)) throw new Error(`no end after ${sent} inputs`);
    for (const input of nextInputs(state, rand, Date.now(), true)) {
      await bot.send(wire.encode(wireable(input)));
      sent += 1;
    }
  }
  return sent;
}
