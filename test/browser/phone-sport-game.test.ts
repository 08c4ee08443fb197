/**
 * A `sport` game with phones on seats 1-3 and the simulated paddles (the same firmware in
 * Node, bots on their sensors and keys) on seats 4-10, hosted by the simulator's host bot
 * with the fastest timings. The phones play by touch: their prompts by the keys, a vote by
 * holding the thumb area; nobody touches a phone's blindfold switch, which stays "off" all
 * game (issue 24: phones were removed for peeking ~15 s after Start). A phone has no
 * blindfold sensor, so none is removed (SPORT-SENSE-01), and the console marks its
 * blindfold "by eye" while the paddles' are "by sensor". Every public state
 * each phone's WebSocket received passes the secrecy oracle of test/security against the
 * host views of the game, and every frame is only its own seat's or public.
 */
import { readFile } from "node:fs/promises";
import mqtt from "mqtt";
import { describe, expect, it } from "vitest";
import { Bot } from "../../firmware-sim/sim/bot.js";
import { HostBot } from "../../firmware-sim/sim/host-bot.js";
import { SimPaddle } from "../../firmware-sim/sim/sim-paddle.js";
import { FAST_SPORT_OPTIONS } from "../../firmware-sim/sim/tactics.js";
import { SPORT_ROLES } from "../../hub/engine/rulesets/sport/roles/index.js";
import { FAST_TIMINGS } from "../firmware/sim-harness.js";
import { type HostView, scanGame } from "../security/secrecy-oracle.js";
import { screenshot } from "./harness.js";
import { autoplay, checkSeatFrames, Phone, type Shown } from "./phone.js";
import { usePhoneTable } from "./phone-table.js";

const PHONES = [1, 2, 3];
const SEATS = 10;

const t = usePhoneTable("phone-sport-");

const game = () => t.hub.tables.get("t1")?.game;

/** Seat 1 votes with its thumb: down in the first counting window of each vote, up at the next. */
function thumbVoter(phone: Phone) {
  let window: string | null = null;
  let held = false;
  return async (_: Shown) => {
    const g = game();
    const counting = g?.phase === "day" && g.step === "vote" ? g.counting : null;
    const here = counting === null ? null : `${g?.round}:${counting}`;
    if (held && here !== window) {
      await phone.thumb(false);
      held = false;
    }
    if (here !== null && window === null) {
      window = here;
      await phone.thumb(true);
      held = true;
    }
    if (g?.step !== "vote") window = null;
  };
}

describe("a sport game of phones and paddles", () => {
  it("phones on seats 1-3 and simulated paddles on 4-10 play a whole game; the oracle finds no secret in what the phones got", async () => {
    const url = `mqtt://127.0.0.1:${t.hub.mqttPort}`;
    const hosts: HostView[] = [];
    const watcher = await mqtt.connectAsync(url, {
      protocolVersion: 4,
      username: "host/t1",
      password: t.password("host/t1"),
      clientId: `phone-sport-watcher-${process.pid}`,
      reconnectPeriod: 0,
    });
    watcher.on("message", (topic, payload) => {
      if (topic.endsWith("/host/view") && payload.length > 0)
        hosts.push(JSON.parse(payload.toString()) as HostView);
    });
    await watcher.subscribeAsync("mafia/v1/t1/host/view", { qos: 1 });

    const phones = await Promise.all(
      PHONES.map((seat) => Phone.open(t.browser, t.link(seat, "en"))),
    );
    await Promise.all(phones.map((p) => p.online()));
    const paddles: SimPaddle[] = [];
    for (let seat = PHONES.length + 1; seat <= SEATS; seat++) {
      paddles.push(
        new SimPaddle({
          mqttUrl: url,
          table: "t1",
          seat,
          password: t.password(`seat/t1/${seat}`),
          timings: FAST_TIMINGS,
        }),
      );
    }
    const bots = paddles.map(
      (p) => new Bot(p, { rand: Math.random, thinkMs: [20, 80], held: () => false }),
    );
    for (const p of paddles) p.start();
    const timer = setInterval(() => {
      for (const b of bots) b.schedule();
    }, 100);
    const host = new HostBot({
      mqttUrl: url,
      table: "t1",
      password: t.password("host/t1"),
      seats: SEATS,
      options: FAST_SPORT_OPTIONS,
    });
    await host.start();
    const hostPage = await t.hostConsole();

    const done = () => game()?.phase === "ended" && (game()?.winner ?? null) !== null;
    const answers = await Promise.all(
      phones.map((p, i) => autoplay(p, { done, each: i === 0 ? thumbVoter(p) : undefined })),
    );
    clearInterval(timer);
    expect(game()?.winner).not.toBeNull();
    expect(answers.every((n) => n > 0)).toBe(true);
    // Seat 1's thumb went through the phone's thumb area into the journal; no phone peeked.
    const journal = await readFile(t.hub.tables.get("t1")?.journalPath as string, "utf8");
    const thumbs = journal
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line))
      .filter((r) => r.type === "input" && r.input.seat === 1 && r.input.action?.kind === "thumb");
    expect(thumbs.some((r) => r.input.action.down === true)).toBe(true);
    for (const seat of PHONES) expect(game()?.seats[seat - 1]?.out).not.toBe("removed");
    for (const seat of PHONES) expect(game()?.seats[seat - 1]?.blindfoldOn).not.toBe(true);
    // SPORT-SENSE-01 on the console: the phones' blindfolds are watched by eye, their thumbs and the paddles' sensors by sensor.
    const marks = await hostPage.evaluate(() => {
      const table = document.querySelector("mafia-host")?.shadowRoot?.querySelector("host-seats");
      const rows = [...(table?.shadowRoot?.querySelectorAll("tr[data-seat]") ?? [])];
      return rows.map((r) =>
        [...r.querySelectorAll("[data-watch]")].map((w) => w.getAttribute("data-watch")).join(","),
      );
    });
    expect(marks).toEqual(
      Array.from({ length: SEATS }, (_, i) =>
        PHONES.includes(i + 1) ? "sensor,eye" : "sensor,sensor",
      ),
    );
    await phones[0]?.page.locator('.phase[data-step="end"]').waitFor();
    await screenshot(phones[0]?.page as import("playwright-core").Page, "phone-sport-end");

    const roleIds = Object.keys(SPORT_ROLES);
    for (const [i, phone] of phones.entries()) {
      const publics = checkSeatFrames(phone, PHONES[i] as number, "t1", roleIds);
      expect(publics.length).toBeGreaterThan(10);
      const scan = scanGame(hosts, publics, []);
      expect(scan.violations).toEqual([]);
    }
    for (const b of bots) b.stop();
    for (const p of paddles) p.stop();
    await host.stop();
    await watcher.endAsync();
    await Promise.all(phones.map((p) => p.close()));
    await hostPage.close();
  }, 180_000);
});
