/**
 * A paddle whose link breaks in the middle of a vote loses no input: one whose thumb edge
 * vanished in flight (no PUBACK) and one that voted while it was offline both reconnect by
 * themselves, resend, and are counted in the same window.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Scenario } from "../../firmware-sim/sim/script.js";
import type { SimPaddle } from "../../firmware-sim/sim/sim-paddle.js";
import { FAST_SPORT_OPTIONS } from "../../firmware-sim/sim/tactics.js";
import type { LogEntry, PublicState } from "../../protocol/views.js";
import { type Harness, startTable, within } from "./sim-harness.js";

/** Day 0 under the script: 5 and 6 nominated, everybody else thanks, nobody votes by himself. */
const DAY0: Scenario = {
  rules: [
    { when: { phase: "day", round: 0 }, hold: "all" },
    {
      when: { step: "speech", round: 0, speaker: 1 },
      do: [
        { seat: 1, pick: 5 },
        { seat: 1, pass: true },
      ],
    },
    {
      when: { step: "speech", round: 0, speaker: 2 },
      do: [
        { seat: 2, pick: 6 },
        { seat: 2, pass: true },
      ],
    },
    { when: { step: "speech", round: 0 }, each: true, do: [{ seat: "speaker", pass: true }] },
  ],
};

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** Resolves with the first past or future item that matches, as the observer hears it. */
function waitFor<T>(
  h: Harness,
  event: "state" | "entry",
  past: T[],
  check: (x: T) => boolean,
  what: string,
): Promise<T> {
  const found = new Promise<T>((resolve) => {
    const seen = past.find(check);
    if (seen) return resolve(seen);
    const on = (x: T) => {
      if (!check(x)) return;
      h.sim.events.off(event, on);
      resolve(x);
    };
    h.sim.events.on(event, on);
  });
  return within(found, 60_000, h, what);
}

const linkIs = (p: SimPaddle, state: string) => () => p.paddle.linkState === state;

describe("a paddle disconnected in the middle of a vote", () => {
  it("reconnects, resends, and its vote counts", async () => {
    h = await startTable({
      script: DAY0,
      hostOptions: { ...FAST_SPORT_OPTIONS, voteWindowSeconds: 8 },
    });
    const now = h.sim.state();
    await waitFor<PublicState>(
      h,
      "state",
      now ? [now] : [],
      (s) => s.step === "vote" && s.counting === 5,
      "the vote on seat 5",
    );
    const [three, four] = [h.sim.paddles[2] as SimPaddle, h.sim.paddles[3] as SimPaddle];

    // Seat 3: the thumb edge goes out and is lost with its PUBACK; the ack timeout notices.
    three.mqtt.blackhole(true);
    three.hal.setThumb(true);
    await three.waitFor(
      () => three.paddle.outbox.oldestInFlight() !== null,
      2000,
      "the edge in flight",
    );
    await three.waitFor(linkIs(three, "backoff"), 5000, "the link given up");
    three.mqtt.blackhole(false);

    // Seat 4: the socket dies; the thumb goes down while there is no link at all.
    four.mqtt.sever();
    await four.waitFor(linkIs(four, "backoff"), 5000, "the lost link noticed");
    four.hal.setThumb(true);

    await three.waitFor(linkIs(three, "up"), 10_000, "seat 3 back");
    await four.waitFor(linkIs(four, "up"), 10_000, "seat 4 back");
    await three.waitFor(() => three.paddle.outbox.pending === 0, 5000, "seat 3 acknowledged");
    await four.waitFor(() => four.paddle.outbox.pending === 0, 5000, "seat 4 acknowledged");
    expect(three.mqtt.connects).toBeGreaterThanOrEqual(2);
    expect(four.mqtt.connects).toBeGreaterThanOrEqual(2);

    // Both edges reached the engine; the count at the window's close shows both votes.
    const host = h.hub.tables.get("t1");
    expect(host?.game?.seats[2]?.thumbDown).toBe(true);
    expect(host?.game?.seats[3]?.thumbDown).toBe(true);
    const counted = await waitFor<LogEntry>(
      h,
      "entry",
      h.sim.entries,
      (e) => e.key === "vote.counted" && e.seats[0] === 5,
      "the count for seat 5",
    );
    expect(counted.params.votes).toBe(2);
  }, 90_000);
});
