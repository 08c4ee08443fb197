/**
 * An output and a switch on one port of the board. StandardFirmata 2.4 writes a digital
 * message's bit to every INPUT pin of the port too, and a 0 there turns the pin's pull-up
 * off; firmata-io fills the message from its cache, where an input pin's bit is the level
 * last reported. So lighting a lamp while a button on its port was held down turned that
 * button's pull-up off: let go, the pin stayed low and the button never pressed again (a
 * blindfold on a wired seat, held closed all night, would never be seen lifted). The hub
 * now writes 1 for every pull-up input of the port (hub/hardware/pins.ts).
 */
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../hub/process/logger.js";
import { until, useTestHub } from "../helpers/hub.js";
import {
  BOARD_KINDS,
  publicState,
  type Rig,
  sportTableSetUp,
  startRig,
  stateAfter,
} from "./rig.js";

// Port 1 is pins 8..15: the next button and both lamps share it (pins without PWM, so the
// lamps are digital writes).
const NEXT = 8;
const LAMP = { day: 12, night: 13 };

describe.each(BOARD_KINDS)("a button beside the lamps on one port, on the %s board", (kind) => {
  const fx = useTestHub();
  const { logger } = createMemoryLogger("debug");
  let rig: Rig | null = null;
  afterAll(async () => {
    await rig?.close();
  });

  it("still presses after a lamp was written while it was held down", async () => {
    const { hc, host } = await sportTableSetUp(fx);
    const box = { buttons: { next: NEXT }, lamps: LAMP };
    rig = await startRig(fx.hub, logger, { box }, () => undefined, kind);
    const r = rig;
    expect((await host.command("start")).ok).toBe(true);
    await publicState(hc, (s) => s.phase === "night");
    await until(() => r.emu.level(LAMP.night) === 1, 5000, "the night lamp");
    await until(() => r.hw.box?.buttonsArmed === true, 5000, "the button set up");

    // Held down: the step moves on, and the box writes its lamps for the new state.
    const first = await publicState(hc, () => true);
    let mark = hc.inbox.all.length;
    r.emu.setInput(NEXT, 0);
    const second = await stateAfter(hc, mark, (s) => s.step !== first.step);
    await new Promise((res) => setTimeout(res, 300));
    r.emu.setInput(NEXT, null);
    // Let go and pressed again: a second step.
    await new Promise((res) => setTimeout(res, 200));
    mark = hc.inbox.all.length;
    await r.press(NEXT);
    const third = await stateAfter(hc, mark, (s) => s.step !== second.step);
    expect(third.step).not.toBe(second.step);
  }, 40_000);
});
