/**
 * The hub's listening sockets (MQTT over TCP and TLS, HTTP) opened and closed as promises,
 * for server.ts's start and stop, and the MQTT sockets' accept copies (accept-copies.ts).
 */
import type { Server as HttpServer } from "node:http";
import type { Server as HttpsServer } from "node:https";
import type { Server as TcpServer } from "node:net";
import { acceptCopies } from "./accept-copies.js";
import type { Logger } from "./logger.js";

/**
 * A venue's power cut brings every paddle back at once (2,400 at 200 tables): the default
 * backlog of 511 would refuse some and send them into their backoff.
 */
const BACKLOG = 4096;

export function listen(
  server: TcpServer | HttpServer | HttpsServer,
  port: number,
  host: string | undefined,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen({ port, host, backlog: BACKLOG }, () => {
      server.off("error", reject);
      resolvePromise();
    });
  });
}

export function closeServer(server: TcpServer | HttpServer | HttpsServer): Promise<void> {
  return new Promise((resolvePromise) => server.close(() => resolvePromise()));
}

/** An MQTT listener and the copies that accept beside it; `close` closes them all. */
export interface MqttListener {
  close(): Promise<void>;
}

/**
 * `count` accept copies of the listening `server`, made by `make` (the same connection
 * handler), coming in the background: the hub does not wait for them to start. If they
 * fail the hub goes on with the one descriptor, and says so.
 */
export function withAcceptCopies(
  server: TcpServer,
  count: number,
  make: () => TcpServer,
  log: Logger,
  port: "mqtt" | "mqtts",
): MqttListener {
  const copies = acceptCopies(server, count, make, BACKLOG, (reason) =>
    log.warn({ event: "hub.accept_copies_failed", port, reason }, "accept copies failed"),
  ).then((got) => {
    if (got.length > 0) log.debug({ event: "hub.accept_copies", port, copies: got.length });
    return got;
  });
  return {
    async close() {
      const closing = closeServer(server);
      await Promise.all([closing, ...(await copies).map(closeServer)]);
    },
  };
}
