/**
 * Issue 10, TLS: with `tls` the hub makes a certificate at first start (0600, kept across
 * restarts), serves MQTT over TLS and HTTPS/WSS on the HTTP port, and real mqtt.js clients
 * connect with that certificate as their CA; a client that trusts nothing is refused.
 */
import { X509Certificate } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { get } from "node:https";
import { join } from "node:path";
import mqtt from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import { CERT_FILE, KEY_FILE } from "../../hub/web/tls.js";
import { removeDir, startTestHub, type TestHub, tempDir } from "../helpers/hub.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function tlsHub(dir: string, extra: { cert?: string; key?: string } = {}): Promise<TestHub> {
  const hub = await startTestHub({ dataDir: dir, tls: { mqttsPort: 0, ...extra } });
  cleanups.push(() => hub.stop());
  return hub;
}

async function newDir(): Promise<string> {
  const dir = await tempDir();
  cleanups.push(() => removeDir(dir));
  return dir;
}

const display = (hub: TestHub) => ({
  protocolVersion: 4 as const,
  username: "display/t1",
  password: hub.secrets.password("display/t1"),
  reconnectPeriod: 0,
  connectTimeout: 5000,
});

async function firstState(client: mqtt.MqttClient): Promise<{ table: string }> {
  const got = new Promise<{ table: string }>((resolve) =>
    client.once("message", (_t, payload) => resolve(JSON.parse(payload.toString()))),
  );
  await client.subscribeAsync("mafia/v1/t1/public/state", { qos: 1 });
  return got;
}

describe("TLS listeners", () => {
  it("makes its certificate at first start (0600), keeps it, and shows its SHA-256 fingerprint", async () => {
    const dir = await newDir();
    const hub = await tlsHub(dir);
    const cert = await readFile(join(dir, CERT_FILE), "utf8");
    expect(hub.tlsFingerprint).toBe(new X509Certificate(cert).fingerprint256);
    expect(hub.tlsFingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect((await stat(join(dir, KEY_FILE))).mode & 0o777).toBe(0o600);
    expect(hub.records.find((r) => r.event === "hub.listening")?.tlsFingerprint).toBe(
      hub.tlsFingerprint,
    );
    await hub.stop();
    const again = await tlsHub(dir);
    expect(again.tlsFingerprint).toBe(hub.tlsFingerprint);
    // A certificate given by flags is used as it is.
    const other = await newDir();
    await again.stop();
    const given = await tlsHub(other, { cert: join(dir, CERT_FILE), key: join(dir, KEY_FILE) });
    expect(given.tlsFingerprint).toBe(hub.tlsFingerprint);
  });

  it("mqtt.js over mqtts with the hub's certificate as CA; without it the handshake fails", async () => {
    const dir = await newDir();
    const hub = await tlsHub(dir);
    const ca = await readFile(join(dir, CERT_FILE), "utf8");
    expect(hub.mqttsPort).toBeGreaterThan(0);
    const url = `mqtts://127.0.0.1:${hub.mqttsPort}`;
    const client = await mqtt.connectAsync(url, { ...display(hub), ca, rejectUnauthorized: true });
    cleanups.push(() => client.endAsync(true));
    expect((await firstState(client)).table).toBe("t1");
    const untrusting = await mqtt
      .connectAsync(url, { ...display(hub), rejectUnauthorized: true })
      .then(
        async (c) => {
          await c.endAsync(true);
          return null;
        },
        (err: Error) => err,
      );
    expect(String(untrusting)).toMatch(/self.signed|certificate/i);
  });

  it("HTTPS and MQTT over WSS on the HTTP port", async () => {
    const dir = await newDir();
    const hub = await tlsHub(dir);
    const ca = await readFile(join(dir, CERT_FILE), "utf8");
    const health = await new Promise<string>((resolve, reject) => {
      get({ host: "127.0.0.1", port: hub.httpPort, path: "/healthz", ca }, (res) => {
        let body = "";
        res.on("data", (d: Buffer) => {
          body += d.toString();
        });
        res.on("end", () => resolve(body));
      }).on("error", reject);
    });
    expect(JSON.parse(health)).toMatchObject({ ok: true });
    const client = await mqtt.connectAsync(`wss://127.0.0.1:${hub.httpPort}/mqtt`, {
      ...display(hub),
      ca,
      rejectUnauthorized: true,
    });
    cleanups.push(() => client.endAsync(true));
    expect((await firstState(client)).table).toBe("t1");
  });
});
