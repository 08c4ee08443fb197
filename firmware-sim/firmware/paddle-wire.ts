/**
 * What a paddle says and reads on the wire, apart from when it says it (paddle.ts): the
 * topics it subscribes to, the glance it keeps of a public state, the capabilities its
 * hello declares and the input a menu choice becomes. Plain functions, so paddle.ts keeps
 * only the paddle's behaviour.
 */

import type { TableGlance } from "../../protocol/glance.js";
import {
  publicGlanceTopic,
  publicStateTopic,
  seatSignalTopic,
  seatTextTopic,
  seatViewTopic,
} from "../../protocol/topics.js";
import type { Hal } from "./hal.js";
import type { Intent } from "./menu.js";

export interface SeatTopics {
  view: string;
  signal: string;
  /**
   * Where the game is. A paddle without texts reads `public/glance`, a few fields: the
   * whole state's parse was its memory peak on Espruino (docs/HARDWARE.md, issue 25). With
   * texts (a phone, a bot) it reads the whole `public/state`, whose `until`, `now` and
   * living seats time the night message (night-message.ts).
   */
  state: string;
  /** The seat's own texts, only for a paddle that takes texts (the phone's text panel). */
  text: string | null;
  subscriptions: { topic: string; qos: number }[];
}

/** The topics of one seat; signals are QoS 0 (a late buzz is worse than none). */
export function seatTopics(
  table: string,
  seat: number,
  texts: boolean,
  extra: string[],
): SeatTopics {
  const view = seatViewTopic(table, seat);
  const signal = seatSignalTopic(table, seat);
  const state = texts ? publicStateTopic(table) : publicGlanceTopic(table);
  const text = texts ? seatTextTopic(table, seat) : null;
  const subscriptions = [
    { topic: view, qos: 1 },
    { topic: signal, qos: 0 },
    { topic: state, qos: 1 },
  ];
  if (text) subscriptions.push({ topic: text, qos: 1 });
  // A topic named twice (the phone names public/state among its extras) is subscribed once:
  // each SUBSCRIBE of a filter makes the broker send its retained message again (MQTT
  // 3.1.1, 3.8.4), so the phone got the whole public state twice at every connect. Plain
  // loops: Espruino rejects a closure inside a `for (let …)` (test/firmware/bundle.test.ts).
  for (let i = 0; i < extra.length; i++) {
    const topic = extra[i] as string;
    let known = false;
    for (let j = 0; j < subscriptions.length; j++)
      if ((subscriptions[j] as { topic: string }).topic === topic) known = true;
    if (!known) subscriptions.push({ topic: topic, qos: 1 });
  }
  return { view: view, signal: signal, state: state, text: text, subscriptions: subscriptions };
}

/** The little a paddle keeps of a public state, read defensively (an older hub, a bad field). */
export function glanceFrom(pub: Record<string, unknown>): TableGlance {
  return {
    phase: String(pub.phase),
    step: String(pub.step),
    round: Number(pub.round),
    speaker: typeof pub.speaker === "number" ? pub.speaker : null,
    counting: typeof pub.counting === "number" ? pub.counting : null,
    winner: typeof pub.winner === "string" ? pub.winner : null,
    voice: pub.voice === true,
    until: typeof pub.until === "number" ? pub.until : null,
    paused: pub.paused === true,
    now: typeof pub.now === "number" ? pub.now : 0,
    blindfolds: pub.blindfolds === true,
  };
}

/**
 * What the seat can sense and show, as its hello declares it: the hub never infers from a
 * sensor a seat lacks (a phone's blindfold switch is the player's word, not a sensor).
 */
export function capsOf(hal: Hal, hasMic: boolean): string[] {
  const caps = ["thumb", hal.blindfoldSaid ? "blindfold-said" : "blindfold", "haptic", "led"];
  if (hal.hasKeys) caps.push("keys");
  if (hal.display) caps.push("display");
  if (hasMic) caps.push("mic");
  return caps;
}

/** The input a confirmed menu choice sends, and the status line that says so. */
export function inputOf(intent: Intent): {
  kind: string;
  fields: Record<string, unknown>;
  status: string;
} {
  if (intent.kind === "pass") return { kind: "pass", fields: {}, status: "sent pass" };
  const fields: Record<string, unknown> = { action: intent.action, targets: intent.targets };
  if (intent.option !== null) fields.option = intent.option;
  return {
    kind: "act",
    fields: fields,
    status: `sent ${intent.action} ${intent.targets.join(",")}`,
  };
}
