/**
 * The hub's listening sockets (MQTT over TCP and TLS, HTTP) opened and closed as promises,
 * for server.ts's start and stop.
 */
import type { Server as HttpServer } from "node:http";
import type { Server as HttpsServer } from "node:https";
import type { Server as TcpServer } from "node:net";

export function listen(
  server: TcpServer | HttpServer | HttpsServer,
  port: number,
  host: string | undefined,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    // A venue's power cut brings every paddle back at once (2,400 at 200 tables): the
    // default backlog of 511 would refuse some and send them into their backoff.
    server.listen({ port, host, backlog: 4096 }, () => {
      server.off("error", reject);
      resolvePromise();
    });
  });
}

export function closeServer(server: TcpServer | HttpServer | HttpsServer): Promise<void> {
  return new Promise((resolvePromise) => server.close(() => resolvePromise()));
}
