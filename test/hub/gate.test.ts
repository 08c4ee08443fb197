/** The connection gate: packet size limits and the per-client rate limit; a flood does not crash the hub. */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frameLength } from "../../hub/mqtt/gate.js";
import {
  connectIdentity,
  endAll,
  HostConsole,
  removeDir,
  startTestHub,
  subscribeGranted,
  type TestHub,
  tempDir,
  until,
} from "../helpers/hub.js";

let dir: string;
let hub: TestHub;

beforeAll(async () => {
  dir = await tempDir();
  hub = await startTestHub({
    dataDir: dir,
    limits: {
      seat: { ratePerSecond: 50, burst: 20 },
      host: { ratePerSecond: 50, burst: 100 },
      display: { ratePerSecond: 5, burst: 5 },
    },
  });
});

afterAll(async () => {
  await hub?.stop();
  await removeDir(dir);
});

describe("connection gate", () => {
  it("reads MQTT remaining lengths", () => {
    expect(frameLength(Buffer.from([0x30, 0x05]))).toBe(7);
    expect(frameLength(Buffer.from([0x30, 0x80, 0x01]))).toBe(131);
    expect(frameLength(Buffer.from([0x30, 0x80]))).toBeNull();
    expect(frameLength(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]))).toBe("malformed");
  });

  it("closes a paddle connection that sends a packet far above the paddle limit", async () => {
    const seat = await connectIdentity(hub, "seat/t1/2");
    const closed = new Promise<void>((r) => seat.client.once("close", () => r()));
    seat.client.publish("mafia/v1/t1/seat/2/input", "x".repeat(10_000), { qos: 0 });
    await closed;
    expect(hub.records.some((r) => r.event === "connection.closed_by_gate")).toBe(true);
    await endAll(seat);
  });

  it("refuses an oversized packet before CONNECT without buffering it", async () => {
    const sock = connect(hub.mqttPort, "127.0.0.1");
    await new Promise<void>((r) => sock.once("connect", () => r()));
    const closed = new Promise<void>((r) => sock.once("close", () => r()));
    // A CONNECT header announcing 1 MB.
    sock.write(Buffer.from([0x10, 0x80, 0x80, 0x40]));
    await closed;
  });

  it("survives a QoS 0 flood from one paddle, delivers every input in order, and keeps serving others", async () => {
    const seat = await connectIdentity(hub, "seat/t1/7");
    const hc = await connectIdentity(hub, "host/t1");
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
    const host = new HostConsole(hc);
    const boot = "f100df10";
    const n = 300;
    for (let i = 1; i <= n; i++) {
      seat.client.publish(
        "mafia/v1/t1/seat/7/input",
        JSON.stringify({ boot, seq: i, kind: "thumb", down: i % 2 === 0 }),
        { qos: 0 },
      );
    }
    // The host is still served while the flood is metered out.
    const reply = await host.command("pause");
    // The reply is picked by its id, so its id proves nothing: its verdict shows the table
    // judged the command (a pause before the game is refused by the rules, not dropped).
    expect(reply).toMatchObject({ ok: false, error: "game_not_started" });
    const table = hub.tables.get("t1");
    await until(
      () =>
        table?.game?.seats[6]?.thumbDown === true &&
        hub.records.some((r) => r.event === "input.applied" && r.seq === n),
      15_000,
      "the whole flood",
    );
    const seqs = hub.records
      .filter((r) => r.event === "input.applied" && r.seat === 7)
      .map((r) => r.seq as number);
    expect(seqs).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    await endAll(seat, hc);
  }, 20_000);
});
