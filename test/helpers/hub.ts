/**
 * Test helpers: a hub on 127.0.0.1 with free ports and a temporary data dir, real mqtt.js
 * clients per identity, and an inbox that waits for messages instead of sleeping.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import mqtt, { type MqttClient } from "mqtt";
import { afterAll, beforeAll } from "vitest";
import type { GameState } from "../../hub/engine/index.js";
import { createMemoryLogger } from "../../hub/process/logger.js";
import { type Hub, type HubOptions, startHub } from "../../hub/server.js";

export async function tempDir(prefix = "hub-test-"): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export interface TestHub extends Hub {
  records: Record<string, unknown>[];
}

export async function startTestHub(
  opts: Partial<HubOptions> & { dataDir: string },
): Promise<TestHub> {
  const { logger, records } = createMemoryLogger("debug");
  const hub = await startHub({ mqttPort: 0, httpPort: 0, host: "127.0.0.1", logger, ...opts });
  return Object.assign(hub, { records });
}

export interface Received {
  topic: string;
  payload: Buffer;
  retain: boolean;
  json: unknown;
}

/** Collects every message a client receives; `next` waits for one that matches. */
export class Inbox {
  readonly all: Received[] = [];
  private waiters: { match: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];

  constructor(client: MqttClient) {
    client.on("message", (topic, payload, packet) => {
      let json: unknown = null;
      try {
        json = payload.length > 0 ? JSON.parse(payload.toString("utf8")) : null;
      } catch {
        json = undefined;
      }
      const m: Received = { topic, payload, retain: packet.retain, json };
      this.all.push(m);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(m)) return true;
        w.resolve(m);
        return false;
      });
    });
  }

  /** The latest message received on a topic, if any. */
  latest(topic: string): Received | undefined {
    return this.all.filter((m) => m.topic === topic).at(-1);
  }

  /** Waits for a matching message; with `past`, one already received counts too. */
  next<T = unknown>(
    topic: string,
    where: (json: T) => boolean = () => true,
    opts: { timeout?: number; past?: boolean } = {},
  ): Promise<T> {
    const match = (m: Received) => m.topic === topic && m.json !== undefined && where(m.json as T);
    if (opts.past) {
      const found = [...this.all].reverse().find(match);
      if (found) return Promise.resolve(found.json as T);
    }
    const timeout = opts.timeout ?? 5000;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`no message on ${topic} within ${timeout} ms`));
      }, timeout);
      const done = (m: Received) => {
        clearTimeout(timer);
        resolve(m.json as T);
      };
      this.waiters.push({ match, resolve: done });
    });
  }
}

export interface Connected {
  client: MqttClient;
  inbox: Inbox;
}

let clientCounter = 0;

/** Connects with the identity's password from the hub's secrets (or a given one). */
export async function connectAs(
  port: number,
  username: string | undefined,
  password: string | undefined,
  opts: { transport?: "tcp" | "ws"; clientId?: string } = {},
): Promise<Connected> {
  const url = opts.transport === "ws" ? `ws://127.0.0.1:${port}/mqtt` : `mqtt://127.0.0.1:${port}`;
  clientCounter += 1;
  const client = await mqtt.connectAsync(url, {
    protocolVersion: 4,
    username,
    password,
    clientId: opts.clientId ?? `test-${process.pid}-${clientCounter}`,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    clean: true,
  });
  return { client, inbox: new Inbox(client) };
}

export function connectIdentity(hub: Hub, username: string, opts?: { transport?: "tcp" | "ws" }) {
  const port = opts?.transport === "ws" ? hub.httpPort : hub.mqttPort;
  return connectAs(port, username, hub.secrets.password(username), opts);
}

/** Subscribes and returns the granted QoS per filter (128 = refused). */
export function subscribeGranted(client: MqttClient, filters: string[]): Promise<number[]> {
  return new Promise((resolve, reject) => {
    client.subscribe(filters, { qos: 1 }, (err, granted) => {
      const packetGranted = (err as (Error & { packet?: { granted?: number[] } }) | null)?.packet
        ?.granted;
      if (packetGranted) return resolve(packetGranted);
      if (err) return reject(err);
      resolve((granted ?? []).map((g) => g.qos));
    });
  });
}

/** A paddle: its own boot id and strictly increasing seq. */
export class Paddle {
  seq = 0;
  constructor(
    readonly seat: number,
    readonly conn: Connected,
    readonly table = "t1",
    readonly boot = Math.floor(Math.random() * 2 ** 32)
      .toString(16)
      .padStart(8, "0"),
  ) {}

  get topic(): string {
    return `mafia/v1/${this.table}/seat/${this.seat}/input`;
  }

  /** Sends one input at QoS 1 and resolves on its PUBACK. */
  async send(kind: string, fields: Record<string, unknown> = {}): Promise<number> {
    this.seq += 1;
    const body = { boot: this.boot, seq: this.seq, kind, ...fields };
    await this.conn.client.publishAsync(this.topic, JSON.stringify(body), { qos: 1 });
    return this.seq;
  }

  /** Re-sends a raw payload (duplicates, bad payloads). */
  async raw(payload: string | Buffer): Promise<void> {
    await this.conn.client.publishAsync(this.topic, payload, { qos: 1 });
  }
}

/** A host console with command ids. */
export class HostConsole {
  private n = 0;
  constructor(
    readonly conn: Connected,
    readonly table = "t1",
  ) {}

  async command(cmd: string, fields: Record<string, unknown> = {}): Promise<HostReplyJson> {
    this.n += 1;
    const id = `c${this.n}-${Math.random().toString(16).slice(2, 8)}`;
    const reply = this.conn.inbox.next<HostReplyJson>(
      `mafia/v1/${this.table}/host/reply`,
      (r) => r.id === id,
    );
    await this.conn.client.publishAsync(
      `mafia/v1/${this.table}/host/command`,
      JSON.stringify({ id, cmd, ...fields }),
      {
        qos: 1,
      },
    );
    return reply;
  }
}

export interface HostReplyJson {
  id: string;
  ok: boolean;
  error?: string;
  message?: string;
  details?: string[];
  warnings?: string[];
}

export async function endAll(...clients: (Connected | MqttClient | undefined)[]): Promise<void> {
  await Promise.all(
    clients.map((c) => {
      if (!c) return undefined;
      const client = "client" in c ? c.client : c;
      return client.endAsync(true).catch(() => undefined);
    }),
  );
}

/** Waits until `check` holds, polling; for facts that produce no message (e.g. a file's contents). */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeout = 5000,
  what = "condition",
): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The current game of a table of a hub under test. */
export function gameOf(hub: Hub, table = "t1"): GameState {
  const g = hub.tables.get(table)?.game;
  if (!g) throw new Error(`no game at ${table}`);
  return g;
}

/** The text of a table's current journal file. */
export function journalText(hub: Hub, table = "t1"): Promise<string> {
  return readFile(hub.tables.get(table)?.journalPath as string, "utf8");
}

export interface HubFixture {
  readonly hub: TestHub;
  readonly dir: string;
  /** Connects as an identity; the connection is ended with the hub. */
  connect(username: string): Promise<Connected>;
  /** Clients to end with the hub. */
  track(...clients: Connected[]): void;
}

/**
 * One hub for a test file: started in `beforeAll` on a fresh data dir, and stopped after
 * every tracked client is ended, in `afterAll`, with the dir removed.
 */
export function useTestHub(opts: Partial<HubOptions> = {}): HubFixture {
  let hub: TestHub | null = null;
  let dir = "";
  const clients: Connected[] = [];
  beforeAll(async () => {
    dir = await tempDir();
    hub = await startTestHub({ ...opts, dataDir: dir });
  });
  afterAll(async () => {
    await endAll(...clients);
    await hub?.stop();
    await removeDir(dir);
  });
  const fixture: HubFixture = {
    get hub() {
      if (!hub) throw new Error("the hub starts in beforeAll");
      return hub;
    },
    get dir() {
      return dir;
    },
    async connect(username) {
      const c = await connectIdentity(fixture.hub, username);
      clients.push(c);
      return c;
    },
    track(...more) {
      clients.push(...more);
    },
  };
  return fixture;
}
