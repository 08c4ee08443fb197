/**
 * A full sport game driven only through MQTT, from `setup` to a winner: ten paddles and a
 * host console on the real broker, one TCP and one WebSocket display watching.
 */
import { describe, expect, it } from "vitest";
import { verifyDeal } from "../../hub/engine/index.js";
import { SportDriver } from "../helpers/driver.js";
import {
  type Connected,
  connectIdentity,
  HostConsole,
  Paddle,
  subscribeGranted,
  useTestHub,
} from "../helpers/hub.js";

const fx = useTestHub();

describe("a full sport game over MQTT", () => {
  it("goes from setup to a winner, with views, announcements and the deal as PROTOCOL.md says", async () => {
    const conns: Connected[] = [];
    const keep = (c: Connected) => {
      conns.push(c);
      fx.track(c);
    };
    const hc = await connectIdentity(fx.hub, "host/t1");
    keep(hc);
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#", "mafia/v1/t1/public/#"]);
    const host = new HostConsole(hc);
    const display = await connectIdentity(fx.hub, "display/t1", { transport: "ws" });
    keep(display);
    await subscribeGranted(display.client, ["mafia/v1/t1/public/#"]);
    const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `Player ${i + 1}` }));
    const setup = await host.command("setup", {
      ruleset: "sport",
      seats,
      options: { autoAdvance: false },
    });
    expect(setup.ok).toBe(true);

    const paddles = new Map<number, Paddle>();
    for (let n = 1; n <= 10; n++) {
      const c = await connectIdentity(fx.hub, `seat/t1/${n}`);
      keep(c);
      await subscribeGranted(c.client, [
        `mafia/v1/t1/seat/${n}/view`,
        `mafia/v1/t1/seat/${n}/signal`,
      ]);
      const p = new Paddle(n, c);
      await p.send("hello", { fw: "1.0.0", caps: ["thumb", "blindfold", "haptic"] });
      paddles.set(n, p);
    }
    await fx.hub.tables.get("t1")?.idle();
    const driver = new SportDriver(host, hc, paddles);
    await driver.after(-1);
    await driver.play(600);

    const end = driver.latest();
    expect(end.phase).toBe("ended");
    expect(end.winner).toBe("town");
    const pub = await display.inbox.next<{
      winner: string;
      roles: Record<string, string>;
      deal: { commitment: string; salt: string; roles: string[] };
      seats: { online: boolean }[];
    }>("mafia/v1/t1/public/state", (s) => s.winner !== null, { past: true });
    expect(pub.winner).toBe("town");
    expect(Object.keys(pub.roles)).toHaveLength(10);
    expect(pub.seats.every((s) => s.online)).toBe(true);
    expect(verifyDeal(pub.deal.commitment, pub.deal.salt, pub.deal.roles)).toBe(true);

    // public/log: strictly increasing seq, and the display saw it all over WebSocket.
    const log = display.inbox.all
      .filter((m) => m.topic === "mafia/v1/t1/public/log")
      .map((m) => m.json as { seq: number; key: string });
    expect(log.length).toBeGreaterThan(10);
    expect(log.every((e, i) => i === 0 || e.seq > (log[i - 1] as { seq: number }).seq)).toBe(true);
    expect(log.some((e) => e.key === "game.end")).toBe(true);

    // Each seat saw only its own view; before the end, nobody's public state named a role.
    for (const c of conns.slice(2)) {
      const topics = new Set(c.inbox.all.map((m) => m.topic));
      expect([...topics].every((t) => /seat\/(\d+)\/(view|signal)$/.test(t))).toBe(true);
    }
    const early = display.inbox.all
      .filter((m) => m.topic === "mafia/v1/t1/public/state")
      .map((m) => m.json as { phase: string; roles: unknown });
    expect(early.filter((s) => s.phase !== "ended").every((s) => s.roles === null)).toBe(true);
    // The sheriff's and mafia's private views carried their roles.
    const seat1 = conns[2]?.inbox.latest("mafia/v1/t1/seat/1/view")?.json as {
      role: string;
      seat: number;
    };
    expect(seat1.seat).toBe(1);
    expect(seat1.role).not.toBeNull();
  }, 60_000);
});
