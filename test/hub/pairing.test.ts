/**
 * Pairing phones (issue 15), hub side: the host-only pairing API, `host/devices` telling a
 * phone from a paddle by the client id, and a revoked pairing: a new password on disk
 * (mode 0600), every connection of that seat closed, the old password refused. No
 * password ever reaches the hub's log.
 */
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import { describe, expect, it } from "vitest";
import type { DeviceList } from "../../protocol/index.js";
import { connectAs, endAll, useTestHub } from "../helpers/hub.js";

const T = "t1";
const f = useTestHub();
const base = () => `http://127.0.0.1:${f.hub.httpPort}`;
const hostAuth = () => ({ authorization: `Bearer ${f.hub.secrets.password(`host/${T}`)}` });

function closed(client: MqttClient): Promise<void> {
  return new Promise((resolve) => {
    if (client.disconnected || !client.connected) resolve();
    client.once("close", () => resolve());
  });
}

describe("pairing API", () => {
  it("answers only the table's host password (the audience key included), and never caches", async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong" },
      { authorization: "Basic x" },
    ];
    for (const headers of refused) {
      const r = await fetch(`${base()}/api/pairing?table=${T}`, { headers });
      expect(r.status).toBe(401);
      expect(await r.json()).toEqual({ error: "not_authorized" });
    }
    for (const other of [`display/${T}`, `audience/${T}`, `seat/${T}/4`]) {
      const headers = { authorization: `Bearer ${f.hub.secrets.password(other)}` };
      const refusedOther = await fetch(`${base()}/api/pairing?table=${T}`, { headers });
      expect(refusedOther.status, other).toBe(401);
    }
    expect((await fetch(`${base()}/api/pairing?table=nope`, { headers: hostAuth() })).status).toBe(
      404,
    );
    const r = await fetch(`${base()}/api/pairing?table=${T}`, { headers: hostAuth() });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const body = (await r.json()) as {
      seats: { seat: number; password: string }[];
      audience: string;
    };
    expect(body.seats).toHaveLength(20);
    expect(body.audience).toBe(f.hub.secrets.password(`audience/${T}`));
    expect(body.seats[3]).toEqual({ seat: 4, password: f.hub.secrets.password(`seat/${T}/4`) });
    const wrongMethod = await fetch(`${base()}/api/pairing/revoke?table=${T}&seat=4`, {
      headers: hostAuth(),
    });
    expect(wrongMethod.status).toBe(405);
    const badSeat = await fetch(`${base()}/api/pairing/revoke?table=${T}&seat=21`, {
      method: "POST",
      headers: hostAuth(),
    });
    expect(badSeat.status).toBe(400);
  });

  it("host/devices tells phones from paddles by the client id; a revoke closes both and refuses the old password", async () => {
    const host = await f.connect(`host/${T}`);
    await host.client.subscribeAsync(`mafia/v1/${T}/host/devices`, { qos: 1 });
    const devicesTopic = `mafia/v1/${T}/host/devices`;
    const old = f.hub.secrets.password(`seat/${T}/4`) as string;
    const phone = await connectAs(f.hub.httpPort, `seat/${T}/4`, old, {
      transport: "ws",
      clientId: "phone-t1-4-0a1b2c3d",
    });
    const paddle = await connectAs(f.hub.mqttPort, `seat/${T}/4`, old, {
      clientId: "paddle-t1-4-11112222",
    });
    const other = await connectAs(
      f.hub.mqttPort,
      `seat/${T}/5`,
      f.hub.secrets.password(`seat/${T}/5`),
      {
        clientId: "phone-t1-5-33334444",
      },
    );
    f.track(other);
    const both = await host.inbox.next<DeviceList>(
      devicesTopic,
      (d) =>
        d.seats.some((s) => s.seat === 4 && s.phones === 1 && s.paddles === 1) &&
        d.seats.some((s) => s.seat === 5),
      { past: true },
    );
    expect(both.seats.find((s) => s.seat === 5)).toEqual({ seat: 5, phones: 1, paddles: 0 });

    const r = await fetch(`${base()}/api/pairing/revoke?table=${T}&seat=4`, {
      method: "POST",
      headers: hostAuth(),
    });
    expect(r.status).toBe(200);
    const revoked = (await r.json()) as { password: string; closed: number };
    expect(revoked.closed).toBe(2);
    expect(revoked.password).not.toBe(old);
    await Promise.all([closed(phone.client), closed(paddle.client)]);
    const after = await host.inbox.next<DeviceList>(
      devicesTopic,
      (d) => d.seats.every((s) => s.seat !== 4),
      { past: true },
    );
    expect(after.seats).toEqual([{ seat: 5, phones: 1, paddles: 0 }]);
    expect(other.client.connected).toBe(true);

    // On disk, 0600, and the only password that changed.
    const path = join(f.dir, "secrets.json");
    const onDisk = JSON.parse(await readFile(path, "utf8")) as Record<string, string>;
    expect(onDisk[`seat/${T}/4`]).toBe(revoked.password);
    expect(onDisk[`seat/${T}/5`]).toBe(f.hub.secrets.password(`seat/${T}/5`));
    expect((await stat(path)).mode & 0o777).toBe(0o600);

    await expect(
      connectAs(f.hub.httpPort, `seat/${T}/4`, old, {
        transport: "ws",
        clientId: "phone-t1-4-again",
      }),
    ).rejects.toThrow(/Not authorized|not authorized/i);
    const fresh = await connectAs(f.hub.httpPort, `seat/${T}/4`, revoked.password, {
      transport: "ws",
      clientId: "phone-t1-4-fresh",
    });
    await endAll(fresh, phone, paddle);

    const logged = JSON.stringify(f.hub.records);
    expect(logged).toContain("pairing.revoked");
    expect(logged).not.toContain(old);
    expect(logged).not.toContain(revoked.password);
  });
});
