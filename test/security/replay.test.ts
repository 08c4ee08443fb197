import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameState } from "../../hub/engine/index.js";
import { seatList } from "../helpers/bot-wire.js";
import {
  type Connected,
  connectIdentity,
  endAll,
  gameOf,
  HostConsole,
  journalText,
  Paddle,
  removeDir,
  startTestHub,
  subscribeGranted,
  type TestHub,
  tempDir,
} from "../helpers/hub.js";

let dir: string;
let hub: TestHub;
let host: HostConsole;
let resident: Connected;
const conns: Connected[] = [];
const INPUT = "mafia/v1/t1/seat/1/input";
const COMMAND = "mafia/v1/t1/host/command";

function game(): GameState {
  return gameOf(hub);
}

/** Starts the hub with the host console and seat 1's paddle, which stays connected. */
async function open(): Promise<void> {
  hub = await startTestHub({ dataDir: dir });
  const hc = await connectIdentity(hub, "host/t1");
  conns.push(hc);
  await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
  host = new HostConsole(hc);
  resident = await connectIdentity(hub, "seat/t1/1");
  conns.push(resident);
  await hc.inbox.next<{ seats: { online: boolean }[] }>(
    "mafia/v1/t1/host/view",
    (v) => v.seats[0]?.online === true,
    { past: true },
  );
}

async function ok(cmd: string, fields: Record<string, unknown> = {}): Promise<void> {
  const reply = await host.command(cmd, fields);
  expect(reply.ok, `${cmd}: ${reply.message}`).toBe(true);
}

async function journalLines(): Promise<number> {
  return (await journalText(hub)).trim().split("\n").length;
}

/**
 * Publishes `payload` as `username` from a further connection (the resident one keeps the
 * seat's presence from flipping); the game and the journal must not move.
 */
async function replayIgnored(username: string, topic: string, payload: string): Promise<void> {
  await hub.tables.get("t1")?.idle();
  const before = structuredClone(game());
  const lines = await journalLines();
  const c = await connectIdentity(hub, username);
  await c.client.publishAsync(topic, payload, { qos: 1 }); // acknowledged
  await endAll(c);
  await hub.tables.get("t1")?.idle();
  expect(game()).toEqual(before);
  expect(await journalLines()).toBe(lines);
}

let captured: string;
let capturedCommand: string;

beforeAll(async () => {
  dir = await tempDir();
  await open();
  await ok("setup", { ruleset: "sport", seats: seatList(), options: { autoAdvance: false } });
  await ok("start");
  // Seat 1 answers its zero-night prompt with "nothing tonight"; the wire is captured.
  const paddle = new Paddle(1, resident, "t1", "c0ffee01");
  captured = JSON.stringify({ boot: paddle.boot, seq: 1, kind: "pass" });
  const rev = game().rev;
  await paddle.raw(captured);
  await hub.tables.get("t1")?.idle();
  expect(game().rev).toBe(rev + 1);
  // The host's `next` that ends the mafia's meeting is captured too.
  capturedCommand = JSON.stringify({ id: "captured-next", cmd: "next" });
  await host.conn.client.publishAsync(COMMAND, capturedCommand, { qos: 1 });
  await hub.tables.get("t1")?.idle();
  expect(game().step).not.toBe("mafia");
  while (game().phase === "night") await ok("next");
  expect(game()).toMatchObject({ phase: "day", step: "speech", speaker: 1 });
});

afterAll(async () => {
  await endAll(...conns);
  await hub?.stop();
  await removeDir(dir);
});

describe("a captured input replayed", () => {
  it("is ignored while it would end seat 1's speech, also from a new connection", async () => {
    const duplicates = hub.records.filter((r) => r.event === "input.duplicate").length;
    await replayIgnored("seat/t1/1", INPUT, captured);
    expect(game().speaker).toBe(1);
    expect(hub.records.filter((r) => r.event === "input.duplicate").length).toBe(duplicates + 1);
  });

  it("is ignored with its content changed (same boot and seq, a nomination instead)", async () => {
    const forged = JSON.stringify({
      boot: "c0ffee01",
      seq: 1,
      kind: "act",
      action: "nominate",
      targets: [5],
    });
    await replayIgnored("seat/t1/1", INPUT, forged);
    expect(game().nominations).toEqual([]);
  });

  it("a host command replayed with its id is answered as a duplicate and not applied", async () => {
    const step = game().step;
    const reply = host.conn.inbox.next<{ id: string; warnings?: string[] }>(
      "mafia/v1/t1/host/reply",
      (r) => r.id === "captured-next",
    );
    await replayIgnored("host/t1", COMMAND, capturedCommand);
    expect((await reply).warnings?.[0]).toMatch(/duplicate/);
    expect(game().step).toBe(step);
  });

  it("is still ignored after the hub restarts from its journal", async () => {
    await endAll(...conns.splice(0));
    await hub.stop();
    await open();
    expect(game()).toMatchObject({ phase: "day", speaker: 1 });
    await replayIgnored("seat/t1/1", INPUT, captured);
    await replayIgnored("host/t1", COMMAND, capturedCommand);
    expect(game()).toMatchObject({ phase: "day", speaker: 1 });
  });

  it("is still ignored in the next game", async () => {
    await ok("end");
    await ok("setup", { ruleset: "sport", seats: seatList(), options: { autoAdvance: false } });
    await ok("start");
    expect(game()).toMatchObject({ phase: "night", step: "mafia", round: 0 });
    await replayIgnored("seat/t1/1", INPUT, captured);
    await replayIgnored("host/t1", COMMAND, capturedCommand);
    expect(game().step).toBe("mafia");
  });
});
