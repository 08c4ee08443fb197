/**
 * Night privacy on phones (issue 15): a sport game with phones on the Don's, the Sheriff's,
 * a mafioso's and a civilian's seats. At night each phone's page shows the same "hidden"
 * words and nothing of its role or prompt until the player holds the reveal button, and
 * goes dark again on release; and through the night every phone receives the same number
 * of equally sized messages whatever its role (silent nights, as test/hub/silent-nights
 * checks for paddles).
 */
import mqtt, { type MqttClient } from "mqtt";
import { describe, expect, it } from "vitest";
import type { SeatView } from "../../protocol/views.js";
import { NAMES } from "./game.js";
import { HostClient, screenshot } from "./harness.js";
import { deepAttributes, deepText } from "./page.js";
import { Phone, poll } from "./phone.js";
import { usePhoneTable } from "./phone-table.js";

const NIGHT_ACTIONS = ["shoot", "check", "decoy"];

const t = usePhoneTable("phone-night-");

interface Night {
  phase: string;
  step: string;
  round: number;
  speaker: number | null;
  quiet: { stir: number };
  seats: { seat: number; role: string; alive: boolean }[];
}

const viewOf = (p: { topic: string; payload: string }) =>
  p.topic.endsWith("/view") && p.payload.length > 0 ? (JSON.parse(p.payload) as SeatView) : null;
const isNightView = (v: SeatView | null) =>
  !!v && (v.stir > 0 || NIGHT_ACTIONS.includes(v.prompt?.action ?? ""));

/** A phone's views and signals of one night, per step, as sorted "leaf:size" lists. */
function nightTrace(phone: Phone, from: number): string[] {
  const all = phone.sniffer.publishes.slice(from).filter((p) => !p.topic.endsWith("/state"));
  const start = all.findIndex((p) => isNightView(viewOf(p)));
  const end = all.findIndex((p, k) => k > start && viewOf(p) !== null && !isNightView(viewOf(p)));
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  const steps: string[][] = [];
  for (const p of all.slice(start, end)) {
    const v = viewOf(p);
    if (v && v.stir === 0) steps.push([]);
    steps.at(-1)?.push(`${p.topic.split("/").at(-1)}:${p.payload.length}`);
  }
  return steps.map((s) => s.sort().join(" "));
}

describe("phones at night", () => {
  it("show nothing of the role or prompt until held, and get the same traffic whatever the role", async () => {
    // Every seat online through a silent connection; the phones join after the deal.
    const silent: MqttClient[] = await Promise.all(
      NAMES.map((_, i) =>
        mqtt.connectAsync(`mqtt://127.0.0.1:${t.hub.mqttPort}`, {
          protocolVersion: 4,
          username: `seat/t1/${i + 1}`,
          password: t.password(`seat/t1/${i + 1}`),
          clientId: `paddle-t1-${i + 1}-silent`,
          reconnectPeriod: 0,
        }),
      ),
    );
    const host = await HostClient.connect(t.hub);
    const hostView = () => host.view as unknown as Night;
    await host.ok({
      cmd: "setup",
      ruleset: "sport",
      seats: NAMES.map((name, i) => ({ seat: i + 1, name })),
      options: { autoAdvance: false },
    });
    await host.ok({ cmd: "start" });
    await host.until(() => host.view?.seats.every((s) => s.role), "the deal");
    const bySeat = (role: string) => host.seatsWith((r) => r === role);
    const seats = [
      bySeat("don")[0],
      bySeat("sheriff")[0],
      bySeat("mafia")[0],
      bySeat("civilian")[0],
    ] as number[];
    const roles = seats.map((s) => hostView().seats[s - 1]?.role);
    const phones = await Promise.all(seats.map((s) => Phone.open(t.browser, t.link(s, "en"))));
    await Promise.all(phones.map((p) => p.online()));

    /** Each phone answers its prompt by its keys (revealed), then the host ends the step. */
    const playNightStep = async () => {
      const v = hostView();
      const step = `${v.round}:${v.step}`;
      for (const phone of phones) {
        await phone.reveal(true);
        await phone.page.locator("seat-screen [data-woken]").waitFor({ timeout: 5000 });
        // Blindfold on unless this step woke the seat (off at night while asleep is peeking).
        await phone.blindfold((await phone.shown()).woken === false);
        await phone.page.locator("seat-screen [data-item]").waitFor({ timeout: 5000 });
        await phone.press("ok");
        await phone.press("ok");
        await phone.reveal(false);
      }
      await host.until(
        () =>
          `${hostView().round}:${hostView().step}` === step &&
          hostView().quiet.stir >= phones.length,
        `${step}: every phone answered`,
      );
      // Every phone has its last stir of this step before the step ends.
      for (const p of phones) {
        await poll(
          () => p.sniffer.publishes.slice(-12).some((x) => (viewOf(x)?.stir ?? 0) >= phones.length),
          "the last stir",
        );
      }
      await host.ok({ cmd: "next" });
      await host.until(() => `${hostView().round}:${hostView().step}` !== step, "the next step");
    };

    // Night 0: privacy on every phone, then the three steps.
    await host.until(() => hostView().phase === "night" && hostView().round === 0, "night 0");
    const hiddenTexts = new Set<string>();
    for (const [i, phone] of phones.entries()) {
      await phone.page.locator("seat-screen [data-hidden]").waitFor();
      const text = await phone.screenText();
      hiddenTexts.add(text);
      // The whole page: no role, no question, no menu item in any attribute or text.
      const attrs = (await deepAttributes(phone.page)).join(" ");
      expect(attrs).not.toMatch(/data-role=|data-item=|data-woken=|data-results=|data-allies=/);
      expect(await phone.page.locator("seat-screen .ask").count()).toBe(0);
      const page = await deepText(phone.page);
      for (const r of ["Don", "Sheriff", "Mafioso", "Civilian"]) expect(page).not.toContain(r);
      await phone.reveal(true);
      await phone.page.locator(`seat-screen [data-role="${roles[i]}"]`).waitFor();
      if (i === 0) await screenshot(phone.page, "phone");
      await phone.reveal(false);
      await phone.page.locator("seat-screen [data-hidden]").waitFor();
      expect(await phone.screenText()).toBe(text);
    }
    expect(hiddenTexts.size).toBe(1);
    await screenshot(phones[0]?.page as Phone["page"], "phone-hidden");
    for (let k = 0; k < 3; k++) await playNightStep();

    // Day 0: the host ends every speech; nobody nominates.
    await host.until(() => hostView().phase === "day", "day 0");
    const marks: number[] = [];
    for (;;) {
      const v = await host.until(
        () => (hostView().phase !== "day" || hostView().step === "speech") && hostView(),
        "a speech or the night",
      );
      if (v.phase !== "day") break;
      if (v.speaker === 10)
        for (const [i, p] of phones.entries()) marks[i] = p.sniffer.publishes.length;
      const speaker = v.speaker;
      await host.ok({ cmd: "next" });
      await host.until(() => hostView().speaker !== speaker || hostView().phase !== "day", "next");
    }
    await host.until(() => hostView().phase === "night" && hostView().round === 1, "night 1");
    for (let k = 0; k < 3; k++) await playNightStep();
    await host.until(() => hostView().phase === "day", "day 1");
    // Every phone has its first view of the day.
    for (const [i, phone] of phones.entries()) {
      await poll(() => {
        const after = phone.sniffer.publishes.slice(marks[i]);
        const first = after.findIndex((p) => isNightView(viewOf(p)));
        return first >= 0 && after.slice(first).some((p) => viewOf(p) && !isNightView(viewOf(p)));
      }, "the day's view");
    }
    const traces = phones.map((p, i) => nightTrace(p, marks[i] as number));
    expect(traces[0]?.length).toBe(3);
    // One view as each step begins, one per phone's answer (4), one signal.
    expect(traces[0]?.[0]?.split(" ").length).toBe(2 + phones.length);
    for (const [i, trace] of traces.entries())
      expect({ role: roles[i], trace }).toEqual({ role: roles[i], trace: traces[0] });

    await Promise.all([
      ...phones.map((p) => p.close()),
      host.end(),
      ...silent.map((c) => c.endAsync()),
    ]);
  }, 120_000);
});
