/**
 * A paddle that floods: 1,000 QoS 0 messages a second for two seconds (the traffic that
 * crashed Aedes, MQTT.md), under the hub's default limits. The flood is metered to the
 * seat's rate, another paddle's inputs are applied while the flood is still held back
 * (they do not queue behind it), the host is served, and the fx.hub stays up.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../hub/mqtt/broker.js";
import {
  type Connected,
  connectIdentity,
  endAll,
  HostConsole,
  journalText,
  Paddle,
  subscribeGranted,
  until,
  useTestHub,
} from "../helpers/hub.js";

const fx = useTestHub();

const RATE = 1000;
const SECONDS = 2;
const FLOODER = 7;
const OTHER = 2;

function appliedFrom(seat: number): number {
  return fx.hub.records.filter((r) => r.event === "input.applied" && r.seat === seat).length;
}

/** Sends `RATE` messages a second in 10 ms ticks. */
function flood(c: Connected, boot: string): { sent: () => number; done: Promise<number> } {
  const perTick = RATE / 100;
  const ticks = SECONDS * 100;
  let sent = 0;
  const done = new Promise<number>((resolve) => {
    let tick = 0;
    const timer = setInterval(() => {
      for (let i = 0; i < perTick; i++) {
        sent += 1;
        const body = { boot, seq: sent, kind: "thumb", down: sent % 2 === 1 };
        c.client.publish(`mafia/v1/t1/seat/${FLOODER}/input`, JSON.stringify(body), { qos: 0 });
      }
      tick += 1;
      if (tick >= ticks) {
        clearInterval(timer);
        resolve(sent);
      }
    }, 10);
  });
  return { sent: () => sent, done };
}

describe("a flooding paddle", () => {
  it("is limited to its rate without starving another seat or the host, and the fx.hub stays up", async () => {
    const table = fx.hub.tables.get("t1");
    const flooder = await connectIdentity(fx.hub, `seat/t1/${FLOODER}`);
    const other = await connectIdentity(fx.hub, `seat/t1/${OTHER}`);
    const hc = await connectIdentity(fx.hub, "host/t1");
    fx.track(flooder, other, hc);
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
    const host = new HostConsole(hc);
    const paddle = new Paddle(OTHER, other, "t1", "0000beef");

    const started = performance.now();
    const flooding = flood(flooder, "f100d000");
    // While the flood runs, the other seat's edges are applied one after another, each
    // while the flooder still has inputs held back at the gate.
    const backlogs: number[] = [];
    for (let i = 0; i < 10; i++) {
      await until(() => flooding.sent() >= ((i + 1) * RATE * SECONDS) / 11, 10_000, "the flood");
      const down = i % 2 === 0;
      await paddle.send("thumb", { down });
      expect(table?.game?.seats[OTHER - 1]?.thumbDown).toBe(down);
      backlogs.push(flooding.sent() - appliedFrom(FLOODER));
    }
    const reply = await host.command("pause");
    expect(reply.error).toBe("game_not_started"); // answered, not dropped
    const sent = await flooding.done;
    const seconds = (performance.now() - started) / 1000;

    expect(sent).toBe(RATE * SECONDS);
    // Each of the other seat's inputs overtook a backlog of the flood, which kept growing.
    expect(backlogs.every((b) => b > 0)).toBe(true);
    expect(backlogs.at(-1)).toBeGreaterThan(sent / 2);
    const applied = appliedFrom(FLOODER);
    const { ratePerSecond, burst } = DEFAULT_LIMITS.seat;
    // The token bucket's ceiling: the burst plus the rate over the time the flood took.
    expect(applied).toBeLessThanOrEqual(burst + Math.ceil(ratePerSecond * (seconds + 1)));
    expect(applied).toBeGreaterThan(0);
    expect(appliedFrom(OTHER)).toBe(10);

    // The flooder hangs up and comes back with a new boot: the hub carries on.
    await endAll(flooder);
    const later = await connectIdentity(fx.hub, `seat/t1/${FLOODER}`);
    fx.track(later);
    const again = new Paddle(FLOODER, later, "t1", "f100d001");
    await again.send("thumb", { down: true });
    // Applied from the new boot. The old connection's held-back flood is still applied after
    // its hang-up, at the seat's rate (gate.ts), so the thumb's level may flip again after
    // this: the journal holding the new boot's input is what says the hub carried on.
    expect(await journalText(fx.hub)).toContain('"boot":"f100d001"');
    expect((await host.command("start")).ok).toBe(true);
    expect(fx.hub.records.some((r) => r.level === 60 || r.event === "input.not_journaled")).toBe(
      false,
    );
  }, 20_000);
});
