import { beforeAll, describe, expect, it } from "vitest";
import { type GameState, seatView } from "../../hub/engine/index.js";
import type { HostViewJson } from "../helpers/driver.js";
import {
  connectIdentity,
  gameOf,
  HostConsole,
  journalText,
  Paddle,
  subscribeGranted,
  useTestHub,
} from "../helpers/hub.js";

const fx = useTestHub();

let host: HostConsole;
const paddles = new Map<number, Paddle>();
const VIEW = "mafia/v1/t1/host/view";

function game(): GameState {
  return gameOf(fx.hub);
}

async function connectPaddle(seat: number, old?: Paddle): Promise<Paddle> {
  const c = await connectIdentity(fx.hub, `seat/t1/${seat}`);
  fx.track(c);
  await subscribeGranted(c.client, [`mafia/v1/t1/seat/${seat}/view`]);
  const p = new Paddle(seat, c, "t1", old?.boot);
  p.seq = old?.seq ?? 0;
  await p.send("hello", { fw: "1.0.0", caps: ["thumb", "blindfold", "haptic"] });
  paddles.set(seat, p);
  return p;
}

/** Waits until the host sees the table as `where` says. */
function hostSees(where: (v: HostViewJson) => boolean): Promise<HostViewJson> {
  return host.conn.inbox.next<HostViewJson>(VIEW, where, { past: true });
}

async function next(): Promise<void> {
  const reply = await host.command("next");
  expect(reply.ok, reply.message).toBe(true);
}

async function journalSources(): Promise<string[]> {
  const text = await journalText(fx.hub);
  return text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { src?: { seat?: number; boot?: string; seq?: number } })
    .filter((r) => r.src?.seat !== undefined)
    .map((r) => `${r.src?.seat}:${r.src?.boot}:${r.src?.seq}`);
}

beforeAll(async () => {
  const hc = await connectIdentity(fx.hub, "host/t1");
  fx.track(hc);
  await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
  host = new HostConsole(hc);
  const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
  const setup = await host.command("setup", {
    ruleset: "sport",
    seats,
    options: { autoAdvance: false },
  });
  expect(setup.ok).toBe(true);
  for (let n = 1; n <= 10; n++) await connectPaddle(n);
  expect((await host.command("start")).ok).toBe(true);
});

describe("a paddle that drops in the middle of a vote", () => {
  it("returns current, and its vote counts exactly once", async () => {
    // Zero night, then day 0: seat 1 nominates 5, seat 2 nominates 6, everyone passes.
    while (game().phase === "night") await next();
    while (game().step === "speech") {
      const speaker = game().speaker as number;
      const p = paddles.get(speaker) as Paddle;
      const target = { 1: 5, 2: 6 }[speaker];
      if (target !== undefined) await p.send("act", { action: "nominate", targets: [target] });
      await p.send("pass");
      await fx.hub.tables.get("t1")?.idle();
    }
    expect(game()).toMatchObject({ step: "vote", counting: 5, ballot: [5, 6] });

    // Seat 3: the thumb goes down and the link dies before the PUBACK can come back.
    const p3 = paddles.get(3) as Paddle;
    p3.seq += 1;
    const seq3 = p3.seq;
    const vote3 = JSON.stringify({ boot: p3.boot, seq: seq3, kind: "thumb", down: true });
    p3.conn.client.publish(p3.topic, vote3, { qos: 1 }, () => undefined);
    p3.conn.client.stream.destroy();
    // Seat 4: the vote is acknowledged, then the link dies.
    const p4 = paddles.get(4) as Paddle;
    const seq4 = await p4.send("thumb", { down: true });
    p4.conn.client.stream.destroy();
    await hostSees((v) => !v.seats[2]?.online && !v.seats[3]?.online);
    expect(game()).toMatchObject({ step: "vote", counting: 5 });

    // Back: the retained view is current at once, before the paddle sends anything.
    for (const seat of [3, 4]) {
      const c = await connectIdentity(fx.hub, `seat/t1/${seat}`);
      fx.track(c);
      await subscribeGranted(c.client, [`mafia/v1/t1/seat/${seat}/view`]);
      const view = await c.inbox.next<{ rev: number }>(
        `mafia/v1/t1/seat/${seat}/view`,
        () => true,
        {
          past: true,
        },
      );
      const { rev, pad: _pad, ...body } = view as { rev: number; pad?: string };
      expect(rev).toBeGreaterThan(0);
      expect(body).toEqual(seatView(game(), seat));
      const p = new Paddle(seat, c, "t1", paddles.get(seat)?.boot);
      p.seq = paddles.get(seat)?.seq ?? 0;
      paddles.set(seat, p);
    }
    // Seat 3's outbox still holds the unacknowledged edge: it goes again, same boot/seq.
    await (paddles.get(3) as Paddle).raw(vote3);
    for (const seat of [3, 4]) {
      await (paddles.get(seat) as Paddle).send("hello", { fw: "1.0.0", caps: ["thumb"] });
    }
    await hostSees((v) => v.seats.every((s) => s.online));
    expect(game().seats[2]?.thumbDown).toBe(true);
    expect(game().seats[3]?.thumbDown).toBe(true);
    const sources = await journalSources();
    for (const key of [`3:${p3.boot}:${seq3}`, `4:${p4.boot}:${seq4}`]) {
      expect(
        sources.filter((s) => s === key),
        key,
      ).toHaveLength(1);
    }

    // The window closes: exactly the two votes for seat 5, and the vote goes on to seat 6.
    await next();
    expect(game()).toMatchObject({ step: "vote", counting: 6, tally: { "5": 2 } });
    const flow = game().flow as { vote: { votes: Record<string, number> } };
    expect(flow.vote.votes).toEqual({ "3": 5, "4": 5 });
    const pub = await hostSees((v) => v.counting === 6);
    expect(pub.seats.filter((s) => s.online)).toHaveLength(10);
  });
});
