/**
 * The host box on an emulated Firmata board: each button reaches the engine as the host
 * console's commands do; the lamps, the buzzer and the LCD (decoded from the I2C bytes the
 * PCF8574 backpack receives) follow the public state; and a board that drops off comes back
 * and works.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../hub/process/logger.js";
import type { PublicState } from "../../protocol/index.js";
import { type Connected, journalText, until, useTestHub } from "../helpers/hub.js";
import {
  BOARD_KINDS,
  publicState,
  type Rig,
  sportTableSetUp,
  startRig,
  stateAfter,
} from "./rig.js";

const PIN = { next: 2, pause: 3, foul: 4, seatUp: 5, seatDown: 6, encA: 7, encB: 8 };
const LAMP = { day: 10, night: 11 };
const BUZZER = 12;
const LCD = 0x27;

const BOX = {
  buttons: {
    next: PIN.next,
    pause: PIN.pause,
    foul: PIN.foul,
    seatUp: PIN.seatUp,
    seatDown: PIN.seatDown,
  },
  encoder: { a: PIN.encA, b: PIN.encB },
  lamps: LAMP,
  buzzer: BUZZER,
  warnSeconds: 3,
  lcd: { controller: "PCF8574", address: LCD, cols: 16, rows: 2 },
};

describe.each(BOARD_KINDS)("the host box on the %s board", (kind) => {
  const fx = useTestHub();
  const { logger } = createMemoryLogger("debug");
  let rig: Rig | null = null;
  afterAll(async () => {
    await rig?.close();
  });
  let hc: Connected;
  const state = (where: (s: PublicState) => boolean, timeout?: number) =>
    publicState(hc, where, timeout);
  const lcd = () =>
    rig?.emu
      .lcd(LCD)
      ?.lines()
      .map((l) => l.trimEnd()) ?? [];
  const lcdShows = (row: number, text: string) => lcdMatches(row, (l) => l === text, text);
  /** Waits for an LCD row; a timeout says what the LCD showed instead. */
  const lcdMatches = async (
    row: number,
    ok: (line: string) => boolean,
    what: string,
    timeout = 6000,
  ) => {
    await until(() => ok(lcd()[row] ?? ""), timeout, `the LCD row ${row}: ${what}`).catch(() => {
      throw new Error(`the LCD row ${row} is not ${what}: it shows ${JSON.stringify(lcd())}`);
    });
  };
  /** Presses a box button and waits for the state it causes. */
  const pressFor = async (pin: number, where: (s: PublicState) => boolean) => {
    const mark = hc.inbox.all.length;
    await rig?.press(pin);
    return stateAfter(hc, mark, where);
  };

  it("shows the table on its LCD once the board is up", async () => {
    const table = await sportTableSetUp(fx, { speechSeconds: 5 });
    hc = table.hc;
    const host = table.host;
    rig = await startRig(fx.hub, logger, { box: BOX }, (emu) => emu.attachLcd(LCD, 16, 2), kind);
    await lcdShows(0, "Setup");
    expect((await host.command("start")).ok).toBe(true);
    await state((s) => s.phase === "night");
    await lcdShows(0, "Night 0 Mafia");
  });

  it("lights the night lamp at night", async () => {
    await until(() => rig?.emu.level(LAMP.night) === 1, 3000, "the night lamp");
    expect(rig?.emu.level(LAMP.day)).toBe(0);
  });

  it("next: the button's command reaches the engine through the journal, as the console's", async () => {
    const after = await pressFor(PIN.next, (s) => s.step === "don");
    expect(after.phase).toBe("night");
    await fx.hub.tables.get("t1")?.idle();
    const hostRecords = (await journalText(fx.hub))
      .split("\n")
      .filter((l) => l.includes('"type":"host"'))
      .map((l) => JSON.parse(l) as { input: { action: { cmd: string } }; src: { host: string } });
    const last = hostRecords.at(-1);
    expect(last?.input.action.cmd).toBe("next");
    expect(last?.src.host).toMatch(/^box-[0-9a-f]{8}-\d+$/);
  });

  it("pause/resume: one button, by the state", async () => {
    await pressFor(PIN.pause, (s) => s.paused);
    await lcdShows(1, "Paused");
    await pressFor(PIN.pause, (s) => !s.paused);
    // The night step's countdown is back.
    await lcdMatches(1, (l) => /^\d:\d\d$/.test(l), "the countdown");
  });

  it("foul: the selector (buttons and encoder) picks the seat, shown on the LCD", async () => {
    // A host reads the LCD between presses. Two presses whose reports reach the hub together
    // (the hub or the board's host starved for longer than the gap between them) are one
    // press and its contact bounce to the hub: nothing in Firmata's bytes tells them apart.
    await rig?.press(PIN.seatUp);
    await lcdShows(1, "Foul seat 2?");
    await rig?.press(PIN.seatUp);
    await lcdShows(1, "Foul seat 3?");
    await rig?.press(PIN.seatDown);
    await lcdShows(1, "Foul seat 2?");
    // One detent clockwise: A closes while B is still open.
    await rig?.press(PIN.encA);
    await lcdShows(1, "Foul seat 3?");
    // Counter-clockwise: B is already closed when A closes.
    rig?.emu.setInput(PIN.encB, 0);
    await rig?.press(PIN.encA);
    rig?.emu.setInput(PIN.encB, null);
    await lcdShows(1, "Foul seat 2?");
    const fouled = await pressFor(PIN.foul, (s) => (s.seats[1]?.fouls ?? 0) === 1);
    expect(fouled.seats.map((x) => x.fouls)).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("day: the day lamp, the speaker and countdown on the LCD, the buzzer before and at the end", async () => {
    const before = rig?.emu.levels(BUZZER).length ?? 0;
    for (let i = 0; i < 10; i++) {
      const s = await state(() => true);
      if (s.phase === "day" && s.step === "speech") break;
      await pressFor(PIN.next, (x) => x.step !== s.step || x.phase !== s.phase);
    }
    const speech = await state((s) => s.phase === "day" && s.step === "speech");
    await until(() => rig?.emu.level(LAMP.day) === 1, 3000, "the day lamp");
    // The box lights the day lamp, then puts the night lamp out: a board reports the two
    // writes one after the other, so the second may come a moment after the first.
    await until(() => rig?.emu.level(LAMP.night) === 0, 3000, "the night lamp out");
    await lcdShows(0, "Day 0 Speech");
    const speaker = new RegExp(`^Seat ${speech.speaker} \\d:\\d\\d$`);
    // (once the note of the foul, shown for a few seconds, is gone)
    await lcdMatches(1, (l) => speaker.test(l), "the speaker and countdown", 8000);
    // 5 s speech, warning 3 s before its end: on/off twice (warning, end).
    await until(() => (rig?.emu.levels(BUZZER).length ?? 0) >= before + 4, 15_000, "two buzzes");
    expect(rig?.emu.levels(BUZZER).slice(before, before + 4)).toEqual([1, 0, 1, 0]);
  }, 40_000);

  it("a board that drops off comes back, and its buttons work again", async () => {
    const r = rig as Rig;
    const link = r.hw.links[0];
    const connections = link?.connections ?? 0;
    await pressFor(PIN.pause, (s) => s.paused);
    r.emu.dropClients();
    // The board's own word that it is up again, then the hub's handshake with it.
    await r.emu.booted?.();
    await until(() => (link?.connections ?? 0) > connections, 10_000, "the board back");
    // A press before the board reports the buttons' pull-ups on is no press (pins.ts).
    await until(() => r.hw.box?.buttonsArmed === true, 5000, "the buttons set up again");
    await pressFor(PIN.pause, (s) => !s.paused);
    // The new connection drew the screen afresh.
    await lcdMatches(0, (l) => l.startsWith("Day 0 "), "redrawn");
  });
});
