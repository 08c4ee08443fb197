/**
 * HUNT-QUIET-01 over the real broker: twelve simulated paddles (the real firmware, driven by
 * the simulator's bots through their keys) play hunt games to their end; in every night,
 * every living seat sends the same number of night answers (act or pass) and gets the same
 * number of signals, all of one size, whatever its role: the Boss's block and shot look like
 * a civilian's two decoys. Seen at the broker itself, as anyone on the wire would see it.
 */
import type { AedesPublishPacket, Client } from "aedes";
import { afterEach, describe, expect, it } from "vitest";
import { botGameOptions } from "../../firmware-sim/sim/bot-setup.js";
import { INPUT_BUCKET, SIGNAL_BUCKET } from "../../protocol/padding.js";
import { type Harness, startTable, within } from "../firmware/sim-harness.js";

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

interface Night {
  label: string;
  living: number[];
  /** Per seat: its night answers (kind:bytes) and its signals' sizes. */
  answers: Map<number, string[]>;
  signals: Map<number, number[]>;
  inputBytes: Set<number>;
}

/** Watches the broker: cuts the traffic into nights by `public/state`, per seat. */
function watchNights(harness: Harness): { nights: Night[]; roles: Map<number, string> } {
  const nights: Night[] = [];
  const roles = new Map<number, string>();
  let night: Night | null = null;
  harness.hub.broker.aedes.on("publish", (packet: AedesPublishPacket, client: Client | null) => {
    const topic = packet.topic;
    if (client === null && topic.endsWith("/host/view") && packet.payload.length > 0) {
      const view = JSON.parse(packet.payload.toString()) as {
        seats: { seat: number; role: string | null }[];
      };
      for (const s of view.seats) if (s.role) roles.set(s.seat, s.role);
    }
    if (client === null && topic.endsWith("/public/state") && packet.payload.length > 0) {
      const pub = JSON.parse(packet.payload.toString()) as {
        phase: string;
        round: number;
        seats: { seat: number; alive: boolean }[];
      };
      const label = `${pub.phase} ${pub.round}`;
      if (pub.phase !== "night") night = null;
      else if (night?.label !== label) {
        night = {
          label,
          living: pub.seats.filter((s) => s.alive).map((s) => s.seat),
          answers: new Map(),
          signals: new Map(),
          inputBytes: new Set(),
        };
        nights.push(night);
      }
      return;
    }
    if (!night) return;
    const from = client?.id.match(/^paddle-t1-(\d+)-/);
    if (from) {
      const seat = Number(from[1]);
      night.inputBytes.add(packet.payload.length);
      const kind = (JSON.parse(packet.payload.toString()) as { kind: string }).kind;
      if (kind !== "act" && kind !== "pass") return;
      night.answers.set(seat, [...(night.answers.get(seat) ?? []), kind]);
      return;
    }
    const signal = topic.match(/\/seat\/(\d+)\/signal$/);
    if (client === null && signal) {
      const seat = Number(signal[1]);
      night.signals.set(seat, [...(night.signals.get(seat) ?? []), packet.payload.length]);
    }
  });
  return { nights, roles };
}

describe("silent nights in hunt, counted on the wire", () => {
  it("HUNT-QUIET-01: every living seat sends two night answers and gets two signals a night, whatever its role", async () => {
    // The game opens with the night, so the first night is complete with every role alive:
    // opening with a day, the bots' vote could put the Boss out before any night (seen in CI).
    const fast = botGameOptions("hunt", 12);
    if (!fast.ok) throw new Error(fast.message);
    h = await startTable({
      paddles: 12,
      ruleset: "hunt",
      thinkMs: [10, 40],
      changeChance: 0,
      hostOptions: { ...fast.options, firstPhase: "night" },
    });
    const { nights, roles } = watchNights(h);
    await within(h.sim.finished, 150_000, h, "the end of the hunt game");
    // The night the game ended in may be cut short by the win: count the complete ones.
    const complete = nights.filter((n) => n.answers.size > 0).slice(0, -1);
    expect(complete.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (const n of complete) {
      expect([...n.inputBytes], n.label).toEqual([INPUT_BUCKET]);
      for (const seat of n.living) {
        seen.add(roles.get(seat) ?? "?");
        const got = {
          night: n.label,
          seat,
          role: roles.get(seat),
          answers: n.answers.get(seat)?.length ?? 0,
          signals: n.signals.get(seat) ?? [],
        };
        expect(got).toEqual({ ...got, answers: 2, signals: [SIGNAL_BUCKET, SIGNAL_BUCKET] });
      }
    }
    expect(seen).toContain("boss");
    expect(seen).toContain("civilian");
  }, 180_000);
});
