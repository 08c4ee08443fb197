/**
 * Connects first (issue 29, hub/mqtt/connect-priority.ts): while a connection owes its
 * CONNACK, a game PUBLISH waits at its gate; other packets and the order of each
 * connection's packets are kept; a hold ends when the connects are served or after its
 * longest time, and then game packets pass for a while whatever still waits.
 */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { ConnectPriority } from "../../hub/mqtt/connect-priority.js";
import { ConnectionGate } from "../../hub/mqtt/gate.js";

const PUBLISH = Buffer.from([0x30, 0x03, 0x00, 0x01, 0x61]); // QoS 0 to "a", empty payload
const SUBSCRIBE = Buffer.from([0x82, 0x06, 0x00, 0x01, 0x00, 0x01, 0x62, 0x00]);
/** A whole MQTT 3.1.1 CONNECT, client id "c", clean session, keep-alive 60 s. */
const CONNECT = Buffer.from([
  0x10, 0x0d, 0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, 0x04, 0x02, 0x00, 0x3c, 0x00, 0x01, 0x63,
]);

function gated(priority: ConnectPriority) {
  const socket = new PassThrough();
  const gate = new ConnectionGate(socket, {
    maxPacketBytes: 1024,
    ratePerSecond: 1000,
    burst: 1000,
    priority,
  });
  const out: number[] = [];
  gate.on("data", (packet: Buffer) => out.push((packet[0] as number) >> 4));
  return { socket, gate, out };
}

const turn = () => new Promise((r) => setImmediate(r));

describe("connects first", () => {
  it("holds a game PUBLISH while a CONNACK is owed, and lets it go once the connect is served", async () => {
    const priority = new ConnectPriority({ maxHoldMs: 3_600_000, freeMs: 0 });
    const { socket, gate, out } = gated(priority);
    const settle = priority.opened(); // another connection is accepted: its CONNACK is owed
    socket.write(PUBLISH);
    await turn();
    expect(out).toEqual([]);
    expect(priority.holds).toBe(1);
    settle(); // its CONNACK went out
    await turn();
    expect(out).toEqual([3]);
    gate.destroy();
  });

  it("keeps a connection's packets in order: a SUBSCRIBE behind a held PUBLISH waits too", async () => {
    const priority = new ConnectPriority({ maxHoldMs: 3_600_000, freeMs: 0 });
    const { socket, gate, out } = gated(priority);
    const settle = priority.opened();
    socket.write(Buffer.concat([SUBSCRIBE, PUBLISH, SUBSCRIBE]));
    await turn();
    expect(out).toEqual([8]);
    settle();
    await turn();
    expect(out).toEqual([8, 3, 8]);
    gate.destroy();
  });

  it("holds nobody when no CONNACK is owed, and a closed connection owes none", async () => {
    const priority = new ConnectPriority({ maxHoldMs: 3_600_000, freeMs: 0 });
    const { socket, gate, out } = gated(priority);
    const settle = priority.opened();
    settle();
    settle(); // twice (CONNACK sent, then the connection closed): counted once
    expect(priority.connectsWaiting).toBe(0);
    socket.write(PUBLISH);
    await turn();
    expect(out).toEqual([3]);
    expect(priority.holds).toBe(0);
    gate.destroy();
  });

  it("counts a connection from its whole CONNECT to its CONNACK: half a CONNECT owes nothing", async () => {
    const priority = new ConnectPriority({ maxHoldMs: 3_600_000, freeMs: 0 });
    const stalled = gated(priority);
    stalled.socket.write(CONNECT.subarray(0, 6)); // and stops: an attacker holds nobody
    await turn();
    expect(priority.connectsWaiting).toBe(0);
    const joining = gated(priority);
    joining.socket.write(CONNECT);
    await turn();
    expect(joining.out).toEqual([1]);
    expect(priority.connectsWaiting).toBe(1);
    const playing = gated(priority);
    playing.socket.write(PUBLISH);
    await turn();
    expect(playing.out).toEqual([]); // held while the CONNACK is owed
    joining.gate.connackSent();
    await turn();
    expect(playing.out).toEqual([3]);
    expect(priority.connectsWaiting).toBe(0);
    for (const g of [stalled, joining, playing]) g.gate.destroy();
  });

  it("ends a hold after its longest time, then lets game packets pass while connects still wait", async () => {
    const priority = new ConnectPriority({ maxHoldMs: 1, freeMs: 3_600_000 });
    const { socket, gate, out } = gated(priority);
    priority.opened(); // a socket that never sends its CONNECT
    socket.write(PUBLISH);
    while (out.length === 0) await new Promise((r) => setTimeout(r, 5));
    expect(out).toEqual([3]);
    expect(priority.fullHolds).toBe(1);
    socket.write(PUBLISH); // within the free time: not held
    await turn();
    expect(out).toEqual([3, 3]);
    expect(priority.holds).toBe(1);
    gate.destroy();
  });
});
