/**
 * What the hub run sent and received, recorded so that a bare relay can carry exactly the
 * same traffic: every input a client published (with its size and moment), every distinct
 * message the hub published (topic, size, QoS, retained or not) and which client received
 * which topics. The relay then gets the same fan-out and the same message count.
 */
import { createHash } from "node:crypto";

/** Which delivery shows that an input took effect: the public state, or the host view (night). */
export type SampleKind = "state" | "host";

export interface InputRecord {
  at: number;
  table: string;
  client: string;
  topic: string;
  bytes: number;
  sample: SampleKind | null;
}

export interface OutputRecord {
  at: number;
  table: string;
  topic: string;
  bytes: number;
  qos: 0 | 1;
  retain: boolean;
}

export interface Traffic {
  inputs: InputRecord[];
  outputs: OutputRecord[];
  /** Topics each client received messages on (client id → topics). */
  subscriptions: Record<string, string[]>;
  /** Messages delivered to clients (one published message to 14 subscribers counts 14). */
  deliveries: number;
}

/** One message the relay publishes: topic, payload bytes, QoS, retained. */
export type RelayOut = [string, number, 0 | 1, boolean];

/** What the relay publishes: after each input (by index), and once before any input per table. */
export interface RelayScript {
  preamble: RelayOut[];
  afterInput: RelayOut[][];
}

export class TrafficRecorder {
  readonly inputs: InputRecord[] = [];
  readonly outputs: OutputRecord[] = [];
  private readonly seen = new Set<string>();
  private readonly topics = new Map<string, Set<string>>();
  deliveries = 0;

  constructor(private readonly start: number) {}

  input(record: Omit<InputRecord, "at">, now: number): void {
    this.inputs.push({ ...record, at: now - this.start });
  }

  /** A message a client received: the first delivery of a payload is one hub publish. */
  delivered(client: string, topic: string, payload: Buffer, qos: number, now: number): void {
    this.deliveries++;
    const set = this.topics.get(client) ?? new Set<string>();
    this.topics.set(client, set);
    set.add(topic);
    const key = `${topic}\u0000${createHash("md5").update(payload).digest("base64")}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.outputs.push({
      at: now - this.start,
      table: topic.split("/")[2] ?? "",
      topic,
      bytes: payload.length,
      qos: qos === 0 ? 0 : 1,
      // Views are retained by the protocol; the log, signals and replies are not.
      retain: topic.endsWith("/state") || topic.endsWith("/view"),
    });
  }

  traffic(): Traffic {
    const subscriptions: Record<string, string[]> = {};
    for (const [client, set] of this.topics) subscriptions[client] = [...set];
    return {
      inputs: this.inputs,
      outputs: this.outputs,
      subscriptions,
      deliveries: this.deliveries,
    };
  }
}

/**
 * Attaches every hub publish to the latest input of its table before it (what the hub did
 * in answer to that input, or soon after it); publishes before a table's first input are
 * published once at the start, as the hub's retained views are.
 */
export function relayScript(t: Traffic): RelayScript {
  const preamble: RelayOut[] = [];
  const afterInput: RelayOut[][] = t.inputs.map(() => []);
  const lastInput = new Map<string, number>();
  const events = [
    ...t.inputs.map((r, i) => ({ at: r.at, input: i, out: null })),
    ...t.outputs.map((o) => ({ at: o.at, input: -1, out: o })),
  ].sort((a, b) => a.at - b.at || b.input - a.input);
  for (const e of events) {
    if (e.out === null) {
      lastInput.set((t.inputs[e.input] as InputRecord).table, e.input);
      continue;
    }
    const o = e.out;
    const item: RelayOut = [o.topic, o.bytes, o.qos, o.retain];
    const i = lastInput.get(o.table);
    if (i === undefined) preamble.push(item);
    else afterInput[i]?.push(item);
  }
  return { preamble, afterInput };
}

/** A payload of `bytes` bytes whose first 24 carry `id`, so a receiver knows what it answers. */
export function taggedPayload(id: string, bytes: number): Buffer {
  const body = Buffer.alloc(Math.max(bytes, 24), " ");
  body.write(id.padEnd(24), 0, "utf8");
  return body;
}

export function tagOf(payload: Buffer): string {
  return payload.toString("utf8", 0, 24).trim();
}
