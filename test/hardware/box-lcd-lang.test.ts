/**
 * The host box's LCD in the language its config names (`lcd.lang`), on the emulated board:
 * the bytes the PCF8574 backpack receives spell Russian words in Latin letters (the LCD's
 * ROM has no Cyrillic), and the seat selector's note is in the same language.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../hub/process/logger.js";
import { until, useTestHub } from "../helpers/hub.js";
import { publicState, type Rig, sportTableSetUp, startRig } from "./rig.js";

const LCD = 0x27;
const PIN = { next: 2, pause: 3, foul: 4, seatUp: 5, seatDown: 6 };
const BOX = {
  buttons: PIN,
  lcd: { controller: "PCF8574", address: LCD, cols: 16, rows: 2, lang: "ru" },
};

describe("the host box's LCD in Russian", () => {
  const fx = useTestHub();
  const { logger } = createMemoryLogger("debug");
  let rig: Rig | null = null;
  afterAll(async () => {
    await rig?.close();
  });
  const lcd = () =>
    rig?.emu
      .lcd(LCD)
      ?.lines()
      .map((l) => l.trimEnd()) ?? [];
  const lcdShows = async (row: number, text: string) => {
    await until(() => lcd()[row] === text, 6000, `the LCD row ${row}: ${text}`).catch(() => {
      throw new Error(`the LCD row ${row} is not ${text}: it shows ${JSON.stringify(lcd())}`);
    });
  };

  it("shows the step and the selected seat in Latin letters", async () => {
    const { hc, host } = await sportTableSetUp(fx);
    rig = await startRig(fx.hub, logger, { box: BOX }, (emu) => emu.attachLcd(LCD, 16, 2));
    await lcdShows(0, "Podgotovka");
    expect((await host.command("start")).ok).toBe(true);
    await publicState(hc, (s) => s.phase === "night");
    await lcdShows(0, "Noch 0 Mafiya");
    await rig.press(PIN.seatUp);
    await until(() => /^Fol mestu \d+\?$/.test(lcd()[1] ?? ""), 6000, "the selector's note");
  });
});
