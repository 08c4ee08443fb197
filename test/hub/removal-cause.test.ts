/**
 * A removal's cause stays with the judge (issue 24, "The judge"): a peeking removal reaches
 * `public/log`, `public/state` and `audience/state` as "seat N is removed" without its
 * cause, unless the table's `showRemovalCause` option is on; the host view keeps the cause.
 * Through the real hub and broker, with paddles and a display on loopback.
 */
import { describe, expect, it } from "vitest";
import { seatView } from "../../hub/engine/index.js";
import type { LogEntry, PublicState } from "../../protocol/index.js";
import { gameOf, HostConsole, Paddle, subscribeGranted, useTestHub } from "../helpers/hub.js";

const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));

describe("a removal's cause on the table's screens", () => {
  const fx = useTestHub();

  /** Plays a sport game to a peeking removal; returns what the table and the host saw. */
  async function peekingRemoval(options: Record<string, unknown>) {
    const hc = await fx.connect("host/t1");
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
    const display = await fx.connect("display/t1");
    await subscribeGranted(display.client, ["mafia/v1/t1/public/#"]);
    const audience = await fx.connect("audience/t1");
    await subscribeGranted(audience.client, ["mafia/v1/t1/audience/#"]);
    const paddles: Paddle[] = [];
    for (const s of seats) paddles.push(new Paddle(s.seat, await fx.connect(`seat/t1/${s.seat}`)));
    const console_ = new HostConsole(hc);
    if (gameOf(fx.hub).phase !== "setup") await console_.command("end");
    // Retained messages of the previous test's game may still name a removal: count only this game's.
    const since = Date.now();
    const setup = await console_.command("setup", {
      ruleset: "sport",
      seats,
      options: { autoAdvance: false, ...options },
    });
    expect(setup.ok).toBe(true);
    expect((await console_.command("start")).ok).toBe(true);

    const g = gameOf(fx.hub);
    const seat = g.seats.find((s) => seatView(g, s.seat).blindfold === true)?.seat as number;
    await paddles[seat - 1]?.send("blindfold", { on: false });
    while (gameOf(fx.hub).phase === "night" && gameOf(fx.hub).seats[seat - 1]?.alive)
      expect((await console_.command("next")).ok).toBe(true);
    expect(gameOf(fx.hub).seats[seat - 1]?.out).toBe("removed");

    const isRemoval = (a: LogEntry) => a.key === "removed" && a.seats[0] === seat && a.at >= since;
    const log = await display.inbox.next<LogEntry>("mafia/v1/t1/public/log", isRemoval, {
      past: true,
    });
    const hasRemoval = (s: PublicState) => s.announcements.some(isRemoval);
    const state = await display.inbox.next<PublicState>("mafia/v1/t1/public/state", hasRemoval, {
      past: true,
      timeout: 10_000,
    });
    const aud = await audience.inbox.next<PublicState>("mafia/v1/t1/audience/state", hasRemoval, {
      past: true,
      timeout: 10_000,
    });
    const host = await hc.inbox.next<{ announcements: LogEntry[] }>(
      "mafia/v1/t1/host/view",
      (v) => v.announcements.some(isRemoval),
      { past: true },
    );
    return {
      log,
      state: state.announcements.find(isRemoval),
      audience: aud.announcements.find(isRemoval),
      host: host.announcements.find(isRemoval),
    };
  }

  it("by default public/log, public/state and audience/state say who, not why; the host view says why", async () => {
    const seen = await peekingRemoval({});
    for (const entry of [seen.log, seen.state, seen.audience]) {
      expect(entry?.params).not.toHaveProperty("cause");
      expect(entry?.params).not.toHaveProperty("reason");
    }
    expect(seen.host?.params).toMatchObject({ cause: "peeking" });
  });

  it("with showRemovalCause the table is told the cause too", async () => {
    const seen = await peekingRemoval({ showRemovalCause: true });
    for (const entry of [seen.log, seen.state, seen.audience, seen.host])
      expect(entry?.params).toMatchObject({ cause: "peeking" });
  });
});
