/** What a paddle is told at build time (device) or start-up (simulator). */
import { PADDLE_ACK_TIMEOUT_MS } from "../../protocol/timing.js";
import type { NightMessageMaker } from "./night-message.js";

export interface Timings {
  /** How long a `connected` may go without the seat's retained view before it counts as refused. */
  loginTimeoutMs: number;
  /** Reconnect backoff: doubles per failed attempt, with jitter, between these bounds. */
  backoffMinMs: number;
  backoffMaxMs: number;
  /**
   * An input in flight this long without its PUBACK means the link is dead: reconnect.
   * Longer than a cluster hub's forward deadline (2 x its lease, 10 s by default,
   * hub/cluster/forward.ts): a live hub answers first, with the PUBACK once a new owner took
   * the table or by dropping the paddle, which then goes to another hub at once (hub-order.ts).
   * At 8 s the paddle gave up on a live hub first and tried the dead one (issue 27).
   */
  ackTimeoutMs: number;
  /** A sensor level must hold this long to count as an edge. */
  debounceMs: number;
  keepAliveSeconds: number;
}

export interface PaddleSettings {
  host: string;
  port: number;
  /** Further hubs of a cluster, tried in turn after `host` when a link is lost (docs/CLUSTER.md). */
  hubs?: { host: string; port: number }[];
  table: string;
  seat: number;
  password: string;
  timings?: Partial<Timings>;
  /** Inputs kept for resending; the oldest is dropped beyond this (memory on the device). */
  outboxLimit?: number;
  /**
   * What the firmware runs in, as the start of its MQTT client id: "paddle" (default) or
   * "phone" (the browser home, web-display/src/seat/). The hub tells the host which seats
   * are on a phone by it (docs/PROTOCOL.md, `host/devices`).
   */
  device?: string;
  /**
   * Also follow the seat's own texts (`seat/{n}/text`: the forum's will, pseudonyms, ads
   * left, the death message): phones and bots only; a device paddle never parses them.
   */
  texts?: boolean;
  /**
   * With texts: makes the night message (night-message.ts `makeNightMessage`). Given by the
   * phone and the simulator; the device never takes texts and its bundle leaves it out.
   */
  nightMessage?: NightMessageMaker;
  /**
   * With texts: how long before a forum night's end every seat sends its one death message
   * or decoy (FORUM-QUIET-02; default MESSAGE_LEAD_MS, 20 s). Tests shorten it.
   */
  messageLeadMs?: number;
  /**
   * QUIET-FILL-01: at most how long before a night step's end the paddle sends the night
   * answers its person still owes, as "nothing" (default FILL_LEAD_MS, 10 s; never more
   * than a quarter of the step). Tests and the simulator shorten it.
   */
  fillLeadMs?: number;
  /**
   * QUIET-BLINDFOLD-01: at night the paddle reports its blindfold once per this many ms of
   * the hub's clock instead of sending each edge (default BLINDFOLD_REPORT_MS, 1000).
   */
  blindfoldReportMs?: number;
  /**
   * Topics the home subscribes to besides the paddle's own (QoS 1): the phone reads the
   * published texts there (`public/text`), which a paddle never needs to parse.
   */
  extraTopics?: string[];
}

export const FIRMWARE_VERSION = "1.0.0";

export const DEFAULT_TIMINGS: Timings = {
  loginTimeoutMs: 5000,
  backoffMinMs: 1000,
  backoffMaxMs: 30000,
  ackTimeoutMs: PADDLE_ACK_TIMEOUT_MS,
  debounceMs: 30,
  keepAliveSeconds: 30,
};

export function timingsOf(settings: PaddleSettings): Timings {
  const given = settings.timings || {};
  const out: Timings = {
    loginTimeoutMs: DEFAULT_TIMINGS.loginTimeoutMs,
    backoffMinMs: DEFAULT_TIMINGS.backoffMinMs,
    backoffMaxMs: DEFAULT_TIMINGS.backoffMaxMs,
    ackTimeoutMs: DEFAULT_TIMINGS.ackTimeoutMs,
    debounceMs: DEFAULT_TIMINGS.debounceMs,
    keepAliveSeconds: DEFAULT_TIMINGS.keepAliveSeconds,
  };
  const keys = Object.keys(out) as (keyof Timings)[];
  for (const k of keys) {
    const v = given[k];
    if (typeof v === "number") out[k] = v;
  }
  return out;
}
