/**
 * The embedded Aedes broker and its four hooks, enforcing PROTOCOL.md's identity table.
 *
 * Refused publishes: in Aedes 1.2.0 (lib/handlers/publish.js) `authorizePublish` calling
 * back with an error closes the connection, and calling back with none sends the PUBACK
 * and routes the packet. There is no "drop" answer. So every client publish is taken by
 * the hub here and then re-addressed to a sink topic that no identity may subscribe to,
 * with its retain flag cleared: the client gets its PUBACK (MQTT 3.1.1 allows only that or
 * a disconnect), nothing is stored or forwarded, and a refused publish is logged. Only a
 * journal failure answers with an error, on purpose: the paddle is dropped *without* a
 * PUBACK and re-sends the input when it reconnects.
 */
import { Aedes, type Client, type PublishPacket } from "aedes";
import {
  type Identity,
  MAX_HOST_PAYLOAD,
  MAX_TEXT_PAYLOAD,
  parseUsername,
} from "../../protocol/index.js";
import type { Logger } from "../process/logger.js";
import type { Secrets } from "../process/secrets.js";
import type { OutMessage } from "../table/outbox.js";
import type { Table } from "../table/table.js";
import { mayPublish, mayReceive, maySubscribe } from "./acl.js";
import { ConnectLimiter, type RateLimit } from "./connect-limit.js";
import { ConnectPriority } from "./connect-priority.js";
import { connectTrace } from "./connect-trace.js";
import { SeatDevices } from "./devices.js";
import { ConnectionGate } from "./gate.js";
import { indexedMemoryPersistence } from "./retained-index.js";

/** What the broker hands a table's inputs to: the Table itself, or a cluster's router. */
export type TableEndpoint = Pick<Table, "seatInput" | "hostCommand" | "connection">;

/** Where client publishes go after the hub has taken them: nobody can subscribe here. */
export const SINK_TOPIC = "$SYS/mafia-hub/consumed";

export interface BrokerLimits {
  seat: RateLimit;
  host: RateLimit;
  display: RateLimit;
  /** Accepted CONNECTs per identity (connect-limit.ts). */
  connect?: RateLimit;
  /** Reads only, like the display; the display's limit when not given. */
  audience?: RateLimit;
}

export const DEFAULT_LIMITS: BrokerLimits = {
  seat: { ratePerSecond: 20, burst: 60 },
  host: { ratePerSecond: 50, burst: 100 },
  display: { ratePerSecond: 10, burst: 30 },
  audience: { ratePerSecond: 10, burst: 30 },
};

/**
 * Whole-packet byte limits by identity. A paddle's 1024-byte payload limit is decode()'s; a
 * seat's packet may be larger for the text a phone sends (MAX_TEXT_PAYLOAD, protocol/text.ts).
 */
const MAX_PACKET: Record<Identity["role"] | "unknown", number> = {
  unknown: MAX_HOST_PAYLOAD + 1024, // CONNECT, before we know who it is
  host: MAX_HOST_PAYLOAD + 1024,
  seat: MAX_TEXT_PAYLOAD + 1024,
  display: 2048,
  audience: 2048,
};

export interface HubBroker {
  aedes: Aedes;
  /** Accepts one client connection (a TCP socket or a WebSocket stream). */
  handle(conn: import("node:stream").Duplex, req?: import("node:http").IncomingMessage): void;
  publish(msg: OutMessage): Promise<void>;
  /** The seat connections of every table, by device (phone or paddle). */
  devices: SeatDevices;
  close(): Promise<void>;
}

export async function createBroker(opts: {
  secrets: Secrets;
  tables: ReadonlyMap<string, TableEndpoint>;
  log: Logger;
  limits?: BrokerLimits | undefined;
  now: () => number;
  /** A cluster's shared emitter and persistence on Redis (hub/cluster); in memory if not. */
  shared?: { mq: unknown; persistence: unknown } | undefined;
}): Promise<HubBroker> {
  const { secrets, tables, now } = opts;
  const log = opts.log.child({ part: "broker" });
  const limits = opts.limits ?? DEFAULT_LIMITS;
  const identities = new WeakMap<Client, Identity>();
  /**
   * The ACL's answer per identity and topic: asked for every message delivered (about nine
   * per input), always about the same few topics of the client's table.
   */
  const receivable = new WeakMap<Identity, Map<string, boolean>>();
  const mayReceiveCached = (id: Identity, topic: string): boolean => {
    let topics = receivable.get(id);
    if (!topics) {
      topics = new Map();
      receivable.set(id, topics);
    }
    let may = topics.get(topic);
    if (may === undefined) {
      may = mayReceive(id, topic);
      if (topics.size < 256) topics.set(topic, may); // bounded: a client's table has ~40 topics
    }
    return may;
  };
  /**
   * clientId → the client that holds it, from its authentication on. MQTT lets a new
   * CONNECT with a live clientId take the session over and close the old connection; across
   * identities that would let any paddle kick another seat off (issue 10). So a clientId
   * belongs to the identity whose live client holds it; the same identity may take its
   * own over (a paddle reconnecting before its old socket timed out).
   */
  const holders = new Map<string, Client>();
  const connects = new ConnectLimiter(limits.connect);
  const trace = connectTrace();
  // HUB_CONNECT_PRIORITY=0 turns it off (the benchmark's A/B runs, docs/BENCHMARKS.md).
  const priority = new ConnectPriority(
    process.env.HUB_CONNECT_PRIORITY === "0" ? { maxHoldMs: 0, freeMs: 0 } : undefined,
  );

  const aedes = await Aedes.createBroker({
    // A cluster's persistence is on Redis; one hub's retained messages are kept in a tree.
    ...(opts.shared ?? { persistence: indexedMemoryPersistence() }),
    // No in-flight limit in the emitter: with one, a burst (thousands of clients connecting
    // or leaving at once) queued up, and queued messages nobody subscribes to finish
    // synchronously, each starting the next from inside itself until the stack overflowed
    // (test/hub/broker-burst.test.ts). A cluster's mqemitter-redis has none either.
    concurrency: 0,
    // A frozen subscriber must not stall every table's publishing for a minute.
    drainTimeout: 10_000,
    connectTimeout: 10_000,
    // Aedes closes the connection on a filter deeper than this, before authorizeSubscribe
    // can refuse it with QoS 128: so it is Aedes's ceiling (100), and our own limit of 16
    // levels (acl.ts MAX_FILTER_LEVELS) refuses deeper filters the MQTT way (issue 28).
    maxTopicLevels: 100,

    preConnect(client, packet, cb) {
      trace.stage(client.conn, "parsed");
      // Wills are not part of the protocol; a will on an input topic would be an input nobody acknowledged.
      if (packet.will) {
        log.info({ event: "connect.will_ignored", clientId: packet.clientId });
        packet.will = undefined;
      }
      // In a cluster every hub closes its own client of a clientId that connects to another
      // hub (Aedes's session takeover over the shared emitter), which `holders` below cannot
      // see: a paddle on hub B could kick the host off hub A. There a clientId is qualified
      // by its username, so only the same identity ever takes a session over.
      if (opts.shared && packet.clientId && typeof packet.username === "string")
        packet.clientId = `${packet.clientId}~${packet.username}`;
      cb(null, true);
    },

    authenticate(client, username, password, cb) {
      const id = username === undefined ? null : parseUsername(username);
      if (!id || !tables.has(id.table) || !secrets.verify(username, password)) {
        log.warn(
          { event: "connect.refused", clientId: client.id, username: username ?? null },
          "not authorized",
        );
        return cb(null, false); // CONNACK 5, "not authorized"
      }
      const holder = holders.get(client.id);
      const held = holder && !holder.closed ? identities.get(holder) : undefined;
      if (held && describe(held) !== describe(id)) {
        log.warn(
          {
            event: "connect.client_id_taken",
            clientId: client.id,
            username,
            holder: describe(held),
          },
          "clientId held by another identity",
        );
        return cb(Object.assign(new Error("identifier rejected"), { returnCode: 2 }), false);
      }
      if (!connects.take(describe(id), now())) {
        log.warn(
          { event: "connect.rate_limited", clientId: client.id, username },
          "too many connects; try again later",
        );
        return cb(Object.assign(new Error("server unavailable"), { returnCode: 3 }), false);
      }
      trace.stage(client.conn, "authed");
      holders.set(client.id, client);
      identities.set(client, id);
      const gate = client.conn;
      if (gate instanceof ConnectionGate) {
        gate.limits = {
          ...gate.limits,
          ...(limits[id.role] ?? limits.display),
          maxPacketBytes: MAX_PACKET[id.role],
        };
      }
      cb(null, true);
    },

    authorizePublish(client, packet, cb) {
      const id = client ? identities.get(client) : undefined;
      const topic = packet.topic;
      const at = now();
      packet.topic = SINK_TOPIC;
      packet.retain = false;
      if (!client || !id || !mayPublish(id, topic)) {
        log.warn(
          { event: "publish.refused", clientId: client?.id ?? null, topic },
          "publish refused and dropped",
        );
        return cb(null);
      }
      const table = tables.get(id.table);
      if (!table) return cb(null);
      const payload = Buffer.isBuffer(packet.payload)
        ? packet.payload
        : Buffer.from(packet.payload);
      const t0 = trace.on ? performance.now() : 0;
      const work =
        id.role === "seat" ? table.seatInput(id.seat, payload, at) : table.hostCommand(payload, at);
      work.then(
        () => {
          if (trace.on) trace.input(performance.now() - t0);
          cb(null);
        },
        (err: Error) => {
          log.error(
            { event: "input.not_journaled", clientId: client.id, err: err.message },
            "input lost; client dropped",
          );
          cb(err);
        },
      );
    },

    authorizeSubscribe(client, sub, cb) {
      const id = identities.get(client);
      if (!id || !maySubscribe(id, sub.topic)) {
        log.warn(
          { event: "subscribe.refused", clientId: client.id, topic: sub.topic },
          "subscription refused",
        );
        return cb(null, null); // granted QoS 128
      }
      cb(null, sub);
    },

    authorizeForward(client, packet) {
      const id = identities.get(client);
      return id && mayReceiveCached(id, packet.topic) ? packet : null;
    },
  });

  /** Messages published so far per topic: see publish(). */
  const counters = new Map<string, number>();
  const publish = (msg: OutMessage): Promise<void> => {
    // Aedes drops, per client, a message whose (brokerId, brokerCounter) is not newer than
    // one it already delivered (its duplicate check for clustered brokers). With one
    // counter for the whole broker, a log entry that overtakes a retained view (which
    // takes one asynchronous step more) made the client drop the view. Numbering per
    // topic keeps the check to what it should mean here: never an older message on a
    // topic after a newer one.
    const counter = (counters.get(msg.topic) ?? 0) + 1;
    counters.set(msg.topic, counter);
    const packet = {
      cmd: "publish",
      topic: msg.topic,
      payload: Buffer.from(msg.payload, "utf8"),
      qos: msg.qos,
      retain: msg.retain,
      dup: false,
      brokerId: `${aedes.id}:${msg.topic}`,
      brokerCounter: counter,
    } as PublishPacket;
    return new Promise((resolve, reject) =>
      aedes.publish(packet, (err) => (err ? reject(err) : resolve())),
    );
  };
  const devices = new SeatDevices(publish);
  for (const table of tables.keys()) devices.announce(table);

  aedes.on("client", (client) => {
    const id = identities.get(client);
    log.info({ event: "client.connected", clientId: client.id, who: id ? describe(id) : null });
    if (id?.role === "seat") {
      tables.get(id.table)?.connection(id.seat, true);
      devices.opened(client, id);
    }
  });
  aedes.on("clientDisconnect", (client) => {
    const id = identities.get(client);
    log.info({ event: "client.disconnected", clientId: client.id, who: id ? describe(id) : null });
    if (holders.get(client.id) === client) holders.delete(client.id);
    if (id?.role === "seat") {
      tables.get(id.table)?.connection(id.seat, false);
      devices.closed(client, id);
    }
  });
  aedes.on("connackSent", (_packet, client) => {
    if (client.conn instanceof ConnectionGate) client.conn.connackSent();
    trace.connacked(client);
  });
  if (trace.on) aedes.on("subscribe", (_subs, client) => trace.stage(client.conn, "suback"));
  aedes.on("clientError", (client, err) => {
    log.debug({ event: "client.error", clientId: client.id, err: err.message });
  });
  aedes.on("connectionError", (client, err) => {
    log.debug({ event: "connection.error", clientId: client.id ?? null, err: err.message });
  });

  return {
    aedes,
    handle(conn, req) {
      const gate = new ConnectionGate(conn, {
        maxPacketBytes: MAX_PACKET.unknown,
        ratePerSecond: limits.host.ratePerSecond,
        burst: limits.host.burst,
        onViolation: (reason) =>
          log.warn({ event: "connection.closed_by_gate", reason }, "connection closed"),
        priority,
      });
      gate.on("error", () => undefined); // Aedes attaches its own handler; this covers the gap before
      trace.accepted(gate);
      aedes.handle(gate, req);
    },
    publish,
    devices,
    close() {
      trace.stop();
      priority.close();
      return new Promise((resolve) => aedes.close(() => resolve()));
    },
  };
}

function describe(id: Identity): string {
  return id.role === "seat" ? `seat/${id.table}/${id.seat}` : `${id.role}/${id.table}`;
}
