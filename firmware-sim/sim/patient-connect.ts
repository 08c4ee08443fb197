/**
 * mqtt.js connect for the simulator's own clients (observer, host bot) that survives a
 * connection storm: a reset or a timed-out CONNECT is retried by mqtt.js's reconnect
 * instead of rejecting (connectAsync rejects on the first error), and errors never go
 * unhandled. A refused login (CONNACK 1-5) still rejects: retrying would not help.
 * `url` may list a cluster's hubs comma-separated: mqtt.js then reconnects to the next one.
 */
import mqtt, { type IClientOptions, type MqttClient } from "mqtt";

export function connectPatiently(url: string, opts: IClientOptions): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const [first, ...rest] = url.split(",").map((u) => new URL(u.trim()));
    const servers =
      rest.length > 0
        ? [first as URL, ...rest].map((u) => ({
            host: u.hostname,
            port: Number(u.port || 1883),
            protocol: u.protocol.slice(0, -1) as "mqtt",
          }))
        : undefined;
    const client = mqtt.connect((first as URL).toString(), {
      reconnectPeriod: 1000,
      connectTimeout: 30_000,
      ...(servers ? { servers } : {}),
      ...opts,
    });
    let connected = false;
    client.on("error", (err: Error & { code?: unknown }) => {
      const refused = typeof err.code === "number" && err.code >= 1 && err.code <= 5;
      if (refused && !connected) {
        client.end(true);
        reject(err);
      }
    });
    client.once("connect", () => {
      connected = true;
      resolve(client);
    });
  });
}
