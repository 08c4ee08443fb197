/**
 * The app ruleset over the real broker, played by six simulated paddles (the real firmware
 * over mqtt.js, driven through their keys): a paddle drops off the broker late in the game,
 * is eliminated without its role being shown, and the win check, which cannot know which
 * side it was on, ends the game in a draw (APP-DISC-01..03, APP-OPEN-09, APP-OPEN-10).
 */
import mqtt, { type MqttClient } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import type { SimPaddle } from "../../firmware-sim/sim/sim-paddle.js";
import type { PublicState } from "../../protocol/index.js";
import { type Harness, startTable, within } from "./sim-harness.js";

interface HostSeat {
  seat: number;
  role: string;
  alive: boolean;
}

let h: Harness | null = null;
let host: MqttClient | null = null;
afterEach(async () => {
  await host?.endAsync(true);
  await h?.close();
  h = null;
});

describe("a simulated app table", () => {
  it("APP-DISC-03, APP-OPEN-09: a disconnect late in the game ends it in a draw, the role never shown", async () => {
    const harness = await startTable({ paddles: 6, bots: false, hostBot: false });
    h = harness;
    const secrets = harness.hub.secrets.toJSON() as Record<string, string>;
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${harness.hub.mqttPort}`, {
      protocolVersion: 4,
      username: "host/t1",
      password: secrets["host/t1"],
      reconnectPeriod: 0,
    });
    host = client;
    let hostView: { seats: HostSeat[] } | null = null;
    client.on("message", (topic, payload) => {
      if (topic.endsWith("/host/view") && payload.length > 0)
        hostView = JSON.parse(payload.toString());
    });
    await client.subscribeAsync("mafia/v1/t1/host/#", { qos: 1 });
    const command = (cmd: string, fields: Record<string, unknown> = {}) =>
      client.publishAsync(
        "mafia/v1/t1/host/command",
        JSON.stringify({ id: `${cmd}-${Date.now()}`, cmd, ...fields }),
        { qos: 1 },
      );
    const state = () => harness.sim.state() as PublicState | null;
    const until = (what: string, check: (s: PublicState) => boolean) =>
      within(
        new Promise<PublicState>((resolve) => {
          const test = (s: PublicState | null) => s && check(s) && resolve(s);
          test(state());
          harness.sim.events.on("state", test);
        }),
        15_000,
        harness,
        what,
      );

    await until("all six paddles online", (s) => s.seats.filter((x) => x.online).length >= 6);
    const names = ["Ola", "Kuba", "Marek", "Zosia", "Piotr", "Ania"].map((name, i) => ({
      seat: i + 1,
      name,
    }));
    await command("setup", {
      ruleset: "app",
      seats: names,
      options: { mafia: 2, disconnectGraceSeconds: 0 },
    });
    await until("the app table set up", (s) => s.ruleset === "app" && s.phase === "setup");
    await command("start");
    await until("night 1", (s) => s.phase === "night" && s.round === 1);
    await within(
      new Promise<void>((r) => {
        const t = setInterval(() => {
          if (!hostView) return;
          clearInterval(t);
          r();
        }, 20);
      }),
      5000,
      harness,
      "the host view",
    );
    const seats = (hostView as unknown as { seats: HostSeat[] }).seats;
    const with_ = (role: string) => seats.filter((s) => s.role === role).map((s) => s.seat);
    const [pate] = with_("godfather");
    const [consigliere] = with_("consigliere");
    const [c1, c2, c3, c4] = with_("councillor");
    const paddle = (seat: number | undefined) =>
      harness.sim.paddles[(seat as number) - 1] as SimPaddle;
    /** Waits until the paddle's own view asks for `action` (the public state can be ahead of it). */
    const pick = async (seat: number | undefined, action: string, target: number | undefined) => {
      const p = paddle(seat);
      const offered = () => p.paddle.view?.prompt?.action === action && p.canPick(target as number);
      await p.waitFor(offered, 5000, `offer ${action} ${target}`);
      p.pick(target as number);
    };
    const pass = async (seat: number | undefined) => {
      const p = paddle(seat);
      await p.waitFor(() => p.canPass(), 5000, "offer pass");
      p.pass();
    };

    // Night 1: the Pate's proposal decides; Marek's namesake, a councillor, dies. A silent
    // night ends once every living seat has answered, the councillors' decoys too.
    for (const seat of [c1, c2, c3, c4]) await pass(seat);
    await pick(consigliere, "kill", c1);
    await pick(pate, "kill", c1);
    let s = await until("the first morning", (x) => x.phase === "day" && x.step === "discussion");
    expect(s.seats[(c1 as number) - 1]).toMatchObject({
      alive: false,
      out: "killed",
      role: "councillor",
    });

    // Day 1: everyone ready; the table votes the Pate out, and his role is shown.
    for (const seat of [pate, consigliere, c2, c3, c4]) await pass(seat);
    await until("the vote", (x) => x.step === "vote");
    for (const seat of [consigliere, c2, c3, c4]) await pick(seat, "vote", pate);
    await pick(pate, "vote", c2);
    s = await until("night 2", (x) => x.phase === "night" && x.round === 2);
    expect(s.seats[(pate as number) - 1]).toMatchObject({ out: "voted", role: "godfather" });

    // Night 2: the Consigliere now decides (APP-NIGHT-08).
    for (const seat of [c2, c3, c4]) await pass(seat);
    await pick(consigliere, "kill", c2);
    s = await until("the second morning", (x) => x.phase === "day" && x.round === 2);
    expect(s.seats[(c2 as number) - 1]).toMatchObject({ out: "killed", role: "councillor" });

    // A councillor's paddle drops off: 1 mafia against 1 if he was town, none if mafia.
    paddle(c3).stop();
    const end = await until("the end", (x) => x.phase === "ended");
    expect(end.winner).toBe("draw");
    expect(end.seats[(c3 as number) - 1]).toMatchObject({ alive: false, out: "disconnected" });
    expect(end.roles?.[String(c3)]).toBe("unknown");
    expect(end.roles?.[String(consigliere)]).toBe("consigliere");
    expect(end.deal?.salt).toBeNull(); // opening the deal would show the hidden role
    expect(harness.sim.entries.map((e) => e.key)).toContain("disconnected");
  }, 60_000);
});
