import { beforeAll, describe, expect, it } from "vitest";
import type { GameState } from "../../hub/engine/index.js";
import { seatList } from "../helpers/bot-wire.js";
import {
  type Connected,
  connectAs,
  connectIdentity,
  gameOf,
  HostConsole,
  journalText,
  Paddle,
  subscribeGranted,
  useTestHub,
} from "../helpers/hub.js";

const fx = useTestHub({ tables: ["t1", "t2"] });

let host1: HostConsole;
let host2: HostConsole;

function game(table: string): GameState {
  return gameOf(fx.hub, table);
}

async function journal(table: string): Promise<string> {
  return journalText(fx.hub, table);
}

async function connect(username: string): Promise<Connected> {
  const c = await connectIdentity(fx.hub, username);
  fx.track(c);
  return c;
}

beforeAll(async () => {
  for (const t of ["t1", "t2"]) {
    const hc = await connect(`host/${t}`);
    await subscribeGranted(hc.client, [`mafia/v1/${t}/host/#`]);
    const host = new HostConsole(hc, t);
    const options = { autoAdvance: false };
    expect((await host.command("setup", { ruleset: "sport", seats: seatList(), options })).ok).toBe(
      true,
    );
    expect((await host.command("start")).ok).toBe(true);
    if (t === "t1") host1 = host;
    else host2 = host;
  }
  await connect("seat/t2/3"); // t2's own seat 3 is present, so presence cannot move either
  await fx.hub.tables.get("t2")?.idle();
});

describe("a paddle of t1 and table t2", () => {
  it("t1's identities cannot publish into t2, subscribe to it, or log in as t2", async () => {
    const before = structuredClone(game("t2"));
    const lines = await journal("t2");
    const seat = await connect("seat/t1/3");
    const host = await connect("host/t1");
    const from = fx.hub.records.length;
    const input = JSON.stringify({ boot: "7ab1e001", seq: 1, kind: "pass" });
    await seat.client.publishAsync("mafia/v1/t2/seat/3/input", input, { qos: 1 });
    await seat.client.publishAsync(
      "mafia/v1/t2/host/command",
      JSON.stringify({ id: "x", cmd: "next" }),
      {
        qos: 1,
      },
    );
    await host.client.publishAsync(
      "mafia/v1/t2/host/command",
      JSON.stringify({ id: "y", cmd: "next" }),
      {
        qos: 1,
      },
    );
    await host.client.publishAsync("mafia/v1/t2/seat/3/input", input, { qos: 1 });
    const refused = fx.hub.records.slice(from).filter((r) => r.event === "publish.refused");
    expect(refused.map((r) => r.topic).sort()).toEqual([
      "mafia/v1/t2/host/command",
      "mafia/v1/t2/host/command",
      "mafia/v1/t2/seat/3/input",
      "mafia/v1/t2/seat/3/input",
    ]);
    const granted = await subscribeGranted(seat.client, [
      "mafia/v1/t2/seat/3/view",
      "mafia/v1/t2/public/#",
      "mafia/v1/+/seat/3/view",
      "mafia/v1/+/public/state",
    ]);
    expect(granted).toEqual([128, 128, 128, 128]);
    // t1 seat 3's password is not t2 seat 3's.
    const borrowed = await connectAs(
      fx.hub.mqttPort,
      "seat/t2/3",
      fx.hub.secrets.password("seat/t1/3"),
    ).catch((e: { code?: number }) => e);
    expect((borrowed as { code?: number }).code).toBe(5);
    await fx.hub.tables.get("t2")?.idle();
    expect(game("t2")).toEqual(before);
    expect(await journal("t2")).toBe(lines);
  });

  it("receives nothing of t2 while t2 plays on", async () => {
    const spy = await connect("seat/t1/3");
    await subscribeGranted(spy.client, [
      "mafia/v1/t1/seat/3/view",
      "mafia/v1/t1/seat/3/signal",
      "mafia/v1/t1/public/#",
    ]);
    const t2seat = new Paddle(3, await connect("seat/t2/3"), "t2", "7ab1e002");
    await t2seat.send("pass"); // t2 seat 3 answers its night prompt: t2's views change
    expect((await host2.command("next")).ok).toBe(true);
    await fx.hub.tables.get("t2")?.idle();
    // A t1 message after t2's, so that everything t2 published has passed the spy's socket.
    expect((await host1.command("pause")).ok).toBe(true);
    await spy.inbox.next(
      "mafia/v1/t1/public/state",
      (s: { paused?: boolean }) => s.paused === true,
      {
        past: true,
      },
    );
    expect(spy.inbox.all.length).toBeGreaterThan(0);
    expect(spy.inbox.all.filter((m) => !m.topic.startsWith("mafia/v1/t1/"))).toEqual([]);
    expect(game("t2").step).toBe("don");
    expect(game("t1").paused).toBe(true);
  });
});
