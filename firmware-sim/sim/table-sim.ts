/**
 * A whole simulated table in one process: N paddles (each its own firmware instance),
 * optional bots on every seat, an optional scenario script, an optional host bot, and an
 * observer on the display identity that narrates `public/log` and tells when the game ends.
 */
import { EventEmitter } from "node:events";
import type { MqttClient } from "mqtt";
import {
  displayUsername,
  hostUsername,
  publicFilter,
  publicLogTopic,
  publicStateTopic,
  seatUsername,
} from "../../protocol/topics.js";
import type { LogEntry, PublicState } from "../../protocol/views.js";
import type { Timings } from "../firmware/config.js";
import { Bot } from "./bot.js";
import { HostBot } from "./host-bot.js";
import type { PaddleMemoryModel } from "./memory-model.js";
import { describeEntry, describeRoles } from "./narrator.js";
import { QUIET_ROOM } from "./node-hal.js";
import { connectPatiently } from "./patient-connect.js";
import type { Rand } from "./rand.js";
import { type Scenario, ScriptRunner } from "./script.js";
import { SimPaddle } from "./sim-paddle.js";
import type { VoiceRoom } from "./voice-track.js";

export interface SimOptions {
  mqttUrl: string;
  /** The hub's secrets.json: username -> password. */
  secrets: Record<string, string>;
  table?: string;
  /** Seats at the table, 1..paddles. */
  paddles: number;
  /** Seats left to a paddle outside the simulator (an ESP32, or Espruino built for Linux). */
  external?: readonly number[];
  bots?: boolean;
  /** Run the host bot (setup with short timings, start, `next` at night). */
  hostBot?: boolean;
  /** The ruleset the host bot sets up (default sport). */
  ruleset?: string;
  hostOptions?: Record<string, unknown>;
  /** Games the host bot plays one after the other (default 1; `finished` is the first's end). */
  games?: number;
  script?: Scenario;
  /** Seats whose bots keep still now (a test plays them through their keys meanwhile). */
  hold?: (seat: number) => boolean;
  thinkMs?: [number, number];
  /** How often a bot changes a changeable answer (bot.ts; default 0.2). */
  changeChance?: number;
  timings?: Partial<Timings>;
  /**
   * Microphones on every simulated paddle, all hearing this room (voice-track.ts): scripts
   * and tests make seats speak into it, each paddle sends its own `voice` inputs.
   */
  voice?: VoiceRoom;
  /**
   * FORUM-QUIET-02: how long before a forum night's end every bot's paddle sends its one
   * death message or decoy. Default 2 s: the host bot's nights last 5 s, and with the
   * phone's 20 s every paddle would send at its first sight of the night, before the
   * holder's text view of that night (his `mayMessage`) has arrived.
   */
  messageLeadMs?: number;
  /**
   * One seat built as the device is (sim-paddle.ts `device`: no texts, the firmware's own
   * MQTT client), its memory sampled by `memory` when given (issue 25).
   */
  device?: { seat: number; memory?: PaddleMemoryModel };
  /** QUIET-FILL-01: the firmware's lead for owed night answers (default: the firmware's). */
  fillLeadMs?: number;
  rand?: Rand;
  /** A readable line per event; default: stdout. */
  log?: (line: string) => void;
}

export interface SimTable {
  paddles: SimPaddle[];
  /** Resolves with the final public state when the game ends (with a winner or aborted). */
  finished: Promise<PublicState>;
  /** Every announcement seen, in order. */
  entries: LogEntry[];
  state(): PublicState | null;
  /** Emits "state" (PublicState) and "entry" (LogEntry) as the observer receives them. */
  events: EventEmitter;
  stop(): Promise<void>;
}

export async function startSim(o: SimOptions): Promise<SimTable> {
  const table = o.table ?? "t1";
  const started = Date.now();
  const out = o.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const say = (line: string) =>
    out(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s] ${line}`);
  const password = (user: string) => {
    const p = o.secrets[user];
    if (!p) throw new Error(`no password for ${user} in the hub's secrets`);
    return p;
  };
  const rand = o.rand ?? Math.random;

  const external = new Set(o.external ?? []);
  for (const seat of external) {
    if (!Number.isInteger(seat) || seat < 1 || seat > o.paddles)
      throw new Error(`external seat ${seat} is not a seat of 1..${o.paddles}`);
  }
  const paddles: SimPaddle[] = [];
  for (let seat = 1; seat <= o.paddles; seat++) {
    if (external.has(seat)) continue;
    paddles.push(
      new SimPaddle({
        mqttUrl: o.mqttUrl,
        table,
        seat,
        password: password(seatUsername(table, seat)),
        timings: o.timings,
        voice: o.voice ? QUIET_ROOM : undefined,
        messageLeadMs: o.messageLeadMs ?? 2000,
        device: o.device?.seat === seat,
        memory: o.device?.seat === seat ? o.device.memory : undefined,
        fillLeadMs: o.fillLeadMs,
      }),
    );
    const added = paddles.at(-1) as SimPaddle;
    if (o.voice) added.hal.listen(o.voice, seat);
  }
  /** The room's view: what the display shows (the bots read the public tally from it). */
  let state: PublicState | null = null;
  const script = o.script ? new ScriptRunner(o.script, paddles, say, o.voice ?? null) : null;
  const bots = o.bots
    ? paddles.map(
        (p) =>
          new Bot(p, {
            rand,
            thinkMs: o.thinkMs ?? [60, 250],
            held: (seat) => (script?.holds(seat) ?? false) || (o.hold?.(seat) ?? false),
            room: () => state,
            changeChance: o.changeChance,
          }),
      )
    : [];

  // The observer: the display identity sees exactly what the room sees.
  const observer: MqttClient = await connectPatiently(o.mqttUrl, {
    protocolVersion: 4,
    username: displayUsername(table),
    password: password(displayUsername(table)),
    clientId: `sim-observer-${table}-${process.pid}-${started}`,
    reconnectPeriod: 1000,
  });
  const entries: LogEntry[] = [];
  const events = new EventEmitter();
  let resolveFinished: (s: PublicState) => void = () => undefined;
  const finished = new Promise<PublicState>((r) => (resolveFinished = r));
  let sawPlay = false;
  observer.on("message", (topic, payload) => {
    if (payload.length === 0) return;
    const body = JSON.parse(payload.toString("utf8"));
    if (topic === publicLogTopic(table)) {
      entries.push(body as LogEntry);
      say(describeEntry(body as LogEntry));
      events.emit("entry", body);
      return;
    }
    if (topic !== publicStateTopic(table)) return;
    state = body as PublicState;
    events.emit("state", state);
    script?.onState(state);
    for (const b of bots) b.schedule();
    if (state.phase === "night" || state.phase === "day") sawPlay = true;
    if (state.phase === "ended" && sawPlay) {
      if (state.roles) say(`roles: ${describeRoles(state.roles)}`);
      resolveFinished(state);
    }
  });
  await observer.subscribeAsync(publicFilter(table), { qos: 1 });

  for (const p of paddles) p.start();
  const host = o.hostBot
    ? new HostBot({
        mqttUrl: o.mqttUrl,
        table,
        password: password(hostUsername(table)),
        seats: o.paddles,
        ...(o.ruleset ? { ruleset: o.ruleset } : {}),
        options: o.hostOptions,
        ...(o.games ? { games: o.games } : {}),
        log: say,
      })
    : null;
  await host?.start();
  const outside =
    external.size > 0 ? `, seat ${[...external].join(",")} left to a real paddle` : "";
  say(
    `${o.paddles} seats on table ${table}${outside}${o.bots ? ", bots playing" : ""}${host ? ", host bot hosting" : ""}`,
  );

  return {
    paddles,
    finished,
    entries,
    state: () => state,
    events,
    async stop() {
      script?.stop();
      for (const b of bots) b.stop();
      for (const p of paddles) p.stop();
      await host?.stop();
      await observer.endAsync(true);
    },
  };
}
