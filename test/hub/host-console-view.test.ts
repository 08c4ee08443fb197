/**
 * What the host view adds for the judge's console (docs/PROTOCOL.md, host/view): the time of
 * each sensor's last edge, who made each nomination, and every foul with its cause and time.
 * All of it is host-only: no public state, no seat view and no audience state carries it, and
 * no seat or display can subscribe to the host view.
 */
import { describe, expect, it } from "vitest";
import { audienceView, hostView } from "../../hub/engine/index.js";
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

const HOST_ONLY = ['"thumbAt"', '"blindfoldAt"', '"nominators"', '"flow"'];

function day0(): EngineDriver {
  const d = new EngineDriver({ options: { autoAdvance: false } }).start(DEAL);
  return d.skipNight();
}

describe("the host view for the console (pure)", () => {
  it("keeps the time of each sensor's last edge; a repeated state is no edge", () => {
    const d = day0();
    d.tick(1000).thumb(5, true);
    const down = d.at;
    d.tick(700).thumb(5, true); // the paddle says it again (a reconnect): not an edge
    d.tick(300).blindfold(6, true);
    const seat5 = hostView(d.state, d.at).seats[4];
    expect([seat5?.thumbDown, seat5?.thumbAt]).toEqual([true, down]);
    expect(hostView(d.state, d.at).seats[5]?.blindfoldAt).toBe(d.at);
    d.tick(200).thumb(5, false);
    expect(hostView(d.state, d.at).seats[4]?.thumbAt).toBe(d.at);
  });

  it("SPORT-NOM-01: records who nominated whom, for the day's nominations", () => {
    const d = day0();
    d.actOk(1, "nominate", [7]).pass(1);
    d.actOk(2, "nominate", [5]);
    expect(d.state.nominations).toEqual([7, 5]);
    expect(hostView(d.state, d.at).flow.nominators).toEqual({ "7": 1, "5": 2 });
  });

  it("SPORT-FOUL-11: every foul with its cause and time, per seat, over the whole game", () => {
    const d = day0();
    d.tick(5000).host({ cmd: "foul", seat: 6, cause: "religion" });
    const first = d.at;
    d.tick(9000).host({ cmd: "foul", seat: 6, cause: "artificial" });
    expect(hostView(d.state, d.at).flow.fouls).toEqual({
      "6": [
        { at: first, cause: "religion" },
        { at: d.at, cause: "artificial" },
      ],
    });
  });

  it("none of it reaches the public state, a seat's view or the audience", () => {
    const d = day0();
    d.thumb(3, true).blindfold(4, true).actOk(1, "nominate", [7]);
    d.host({ cmd: "foul", seat: 2, cause: "insult" });
    const texts = [
      JSON.stringify(d.pub),
      JSON.stringify(audienceView(d.state, d.at)),
      ...d.state.seats.map((s) => JSON.stringify(d.view(s.seat))),
    ];
    for (const text of texts) for (const key of HOST_ONLY) expect(text).not.toContain(key);
    const host = JSON.stringify(hostView(d.state, d.at));
    for (const key of HOST_ONLY) expect(host).toContain(key);
  });
});

describe("the host view over the broker", () => {
  it("goes to the host only: a seat and the display cannot subscribe to it", async () => {
    const dir = await tempDir();
    const hub = await startTestHub({ dataDir: dir });
    try {
      const display = await connectIdentity(hub, "display/t1");
      const seat = await connectIdentity(hub, "seat/t1/3");
      for (const c of [display, seat]) {
        const granted = await subscribeGranted(c.client, [
          "mafia/v1/t1/host/view",
          "mafia/v1/t1/host/#",
          "mafia/v1/+/host/view",
        ]);
        expect(granted).toEqual([128, 128, 128]);
        await subscribeGranted(c.client, ["mafia/v1/t1/public/#"]);
      }
      await subscribeGranted(seat.client, ["mafia/v1/t1/seat/3/#"]);
      const hc = await connectIdentity(hub, "host/t1");
      await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
      const host = new HostConsole(hc);
      const seats = DEAL.map((_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
      expect((await host.command("setup", { ruleset: "sport", seats })).ok).toBe(true);
      expect((await host.command("start")).ok).toBe(true);
      await seat.client.publishAsync(
        "mafia/v1/t1/seat/3/input",
        JSON.stringify({ boot: "0000abcd", seq: 1, kind: "thumb", down: true }),
        { qos: 1 },
      );
      await hc.inbox.next<{ seats: { seat: number; thumbAt: number | null }[] }>(
        "mafia/v1/t1/host/view",
        (v) => typeof v.seats[2]?.thumbAt === "number",
        { past: true, timeout: 5000 },
      );
      for (const c of [display, seat]) {
        expect(c.inbox.all.some((m) => m.topic.includes("/host/"))).toBe(false);
        for (const m of c.inbox.all)
          for (const key of HOST_ONLY) expect(m.payload.toString()).not.toContain(key);
      }
      await endAll(display, seat, hc);
    } finally {
      await hub.stop();
      await removeDir(dir);
    }
  });
});
