/**
 * The audience screen's identity and topic (`audience/{table}`, `audience/state`): in sport
 * the audience knows every role (SPORT-SETUP-05) and the night's choices once each step is
 * over; no seat and no display can read it; an optional delay holds it back.
 */
import { describe, expect, it } from "vitest";
import { audienceView } from "../../hub/engine/index.js";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";
import {
  connectIdentity,
  endAll,
  HostConsole,
  removeDir,
  startTestHub,
  subscribeGranted,
  tempDir,
} from "../helpers/hub.js";

const SEATS = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));

interface AudienceJson {
  phase: string;
  roles: unknown;
  audience: { roles: Record<string, string> } | null;
}

describe("the audience view (pure)", () => {
  it("SPORT-SETUP-05: the audience knows every role from the deal on", () => {
    const d = new EngineDriver({ options: { autoAdvance: false } }).start(DEAL);
    const v = audienceView(d.state, d.at);
    expect(v.audience?.roles).toEqual(Object.fromEntries(DEAL.map((r, i) => [String(i + 1), r])));
    expect(v.roles).toBeNull(); // the public part stays the public view
  });

  it("SPORT-SETUP-05: night choices reach the audience only once their step is over", () => {
    const d = new EngineDriver({ options: { autoAdvance: false } }).start(DEAL);
    d.skipNight().passAll();
    while (d.state.phase === "day") d.next();
    expect(d.state.step).toBe("mafia");
    for (const s of [1, 2, 3]) d.actOk(s, "shoot", [5]);
    expect(audienceView(d.state, d.at).audience?.night).toEqual([]);
    d.answerRest().next();
    expect(d.state.step).toBe("don");
    const night = audienceView(d.state, d.at).audience?.night ?? [];
    expect(night.map((c) => [c.seat, c.targets])).toEqual([
      [1, [5]],
      [2, [5]],
      [3, [5]],
    ]);
    d.actOk(1, "check", [4]);
    expect(audienceView(d.state, d.at).audience?.results).toEqual([]);
    d.answerRest().next();
    expect(audienceView(d.state, d.at).audience?.results).toEqual([
      { seat: 1, night: d.state.round, key: "check.sheriff", seats: [4] },
    ]);
  });

  it("SPORT-SETUP-05: a night's shots stay on the audience screen through the next day and later nights", () => {
    const d = new EngineDriver({ options: { autoAdvance: false } }).start(DEAL);
    d.skipNight().passAll();
    while (d.state.phase === "day") d.next();
    for (const s of [1, 2, 3]) d.actOk(s, "shoot", [5]);
    d.answerRest().next();
    while (d.state.phase === "night") d.answerRest().next();
    expect(d.state.phase).toBe("day"); // the morning cleared the night's own bookkeeping
    const night = audienceView(d.state, d.at).audience?.night ?? [];
    expect(night.map((c) => [c.round, c.seat, c.targets])).toEqual([
      [1, 1, [5]],
      [1, 2, [5]],
      [1, 3, [5]],
    ]);
  });

  it("gives the audience nothing beyond the public view where the rules say nothing (app)", () => {
    const d = new EngineDriver({ ruleset: "app", seats: 8 }).start();
    expect(audienceView(d.state, d.at).audience).toBeNull();
  });
});

describe("the audience identity over the broker", () => {
  it("receives every role; seats and the display with every wildcard they try receive none of it", async () => {
    const dir = await tempDir();
    const hub = await startTestHub({ dataDir: dir, audienceDelaySeconds: 1 });
    try {
      const audience = await connectIdentity(hub, "audience/t1");
      await subscribeGranted(audience.client, ["mafia/v1/t1/audience/#", "mafia/v1/t1/public/#"]);
      const display = await connectIdentity(hub, "display/t1");
      const seat = await connectIdentity(hub, "seat/t1/3");
      for (const c of [display, seat]) {
        const granted = await subscribeGranted(c.client, [
          "#",
          "mafia/v1/t1/#",
          "mafia/v1/t1/audience/#",
          "mafia/v1/+/audience/state",
        ]);
        expect(granted).toEqual([128, 128, 128, 128]);
        await subscribeGranted(c.client, ["mafia/v1/t1/public/#"]);
      }
      const hc = await connectIdentity(hub, "host/t1");
      await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
      const host = new HostConsole(hc);
      expect((await host.command("setup", { ruleset: "sport", seats: SEATS })).ok).toBe(true);
      expect((await host.command("start")).ok).toBe(true);
      // The stream's delay: right after the deal, the audience still sees the setup.
      const early = audience.inbox.latest("mafia/v1/t1/audience/state")?.json as
        | AudienceJson
        | undefined;
      expect(early?.audience?.roles ?? {}).toEqual({});
      const dealt = await audience.inbox.next<AudienceJson>(
        "mafia/v1/t1/audience/state",
        (j) => Object.keys(j.audience?.roles ?? {}).length === 10,
        { past: true, timeout: 5000 },
      );
      expect(dealt.phase).not.toBe("setup");
      for (const c of [display, seat]) {
        expect(c.inbox.all.some((m) => m.topic.includes("/audience/"))).toBe(false);
      }
      await endAll(audience, display, seat, hc);
    } finally {
      await hub.stop();
      await removeDir(dir);
    }
  });
});
