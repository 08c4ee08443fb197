/**
 * Issue 24, "a phone that locks its screen is out for good": the app's default grace
 * (APP-DISC-05, option of APP-OPEN-17) keeps a dropped seat for 120 s; back in time, it
 * plays on with its role; past it, the leave is the catalog's (APP-DISC-01/02), its role
 * hidden.
 */
import { describe, expect, it } from "vitest";
import { EngineDriver } from "../helpers/engine-driver.js";

const SEVEN = ["godfather", "consigliere", "commissar", "doctor", ...Array(3).fill("councillor")];

function table(): EngineDriver {
  const options = { mafia: 2, commissar: true, doctor: true };
  return new EngineDriver({ ruleset: "app", seats: 7, options }).start(SEVEN);
}

const presence = (d: EngineDriver, seat: number, online: boolean) =>
  d.ok({ type: "presence", at: d.at, seat, online });

describe("APP disconnect grace by default", () => {
  it("APP-DISC-05: the default grace is 120 s, and a phone away for 10 s plays on with its role", () => {
    const d = table();
    expect(d.state.options.disconnectGraceSeconds).toBe(120);
    presence(d, 3, false);
    expect(d.pub.seats[2]).toMatchObject({ alive: true, online: false, out: null });
    d.tick(10_000);
    presence(d, 3, true);
    expect(d.pub.seats[2]).toMatchObject({ alive: true, online: true, out: null });
    expect(d.view(3).role).toBe("commissar");
    // The grace's deadline went with him: nothing eliminates him later.
    d.tick(200_000);
    expect(d.feed({ type: "timer", at: d.at })?.code).toBe("stale_timer");
    expect(d.pub.seats[2]?.alive).toBe(true);
  });

  it("APP-DISC-02: past the default grace he leaves as before, his role not shown", () => {
    const d = table();
    presence(d, 5, false);
    expect(d.feed({ type: "timer", at: d.at + 119_999 })?.code).toBe("stale_timer");
    d.tick(120_000).ok({ type: "timer", at: d.at });
    expect(d.pub.seats[4]).toMatchObject({ alive: false, out: "disconnected", role: null });
  });
});
