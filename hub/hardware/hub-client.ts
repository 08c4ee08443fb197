/**
 * The hardware's way into the hub: an MQTT client with one identity's username and password,
 * exactly like the host console or a paddle. The box is `host/{table}` and each wired seat is
 * `seat/{table}/{n}`, so the broker's permissions, decode(), deduplication, the journal and
 * the engine treat them as they treat every other client: never with more trust.
 */
import { randomBytes } from "node:crypto";
import mqtt, { type MqttClient } from "mqtt";

export interface HubAccess {
  /** e.g. mqtt://127.0.0.1:1883 */
  mqttUrl: string;
  /** The password of an identity, from the hub's secrets.json. */
  password(username: string): string | undefined;
}

export function connectIdentity(access: HubAccess, username: string, clientId: string): MqttClient {
  const password = access.password(username);
  if (!password) throw new Error(`no password for ${username} in the hub's secrets`);
  return mqtt.connect(access.mqttUrl, {
    protocolVersion: 4,
    username,
    password,
    clientId,
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
  });
}

/** An 8-hex-digit boot id (PROTOCOL.md's envelope), new for each start of the hub. */
export function newBootId(): string {
  return randomBytes(4).toString("hex");
}
