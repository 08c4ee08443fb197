/**
 * A wired seat on A0..A2 (pins 14, 15, 16), on either board: its thumb and blindfold are
 * read from those pins, not from the serial lines 0/1 (issue 25: johnny-five 2.1.0 renumbers
 * switch pins 14..19 on a 20-pin board to 0..5).
 * Without hub/hardware/pins.ts the seat reports thumb down and blindfold on for ever.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../hub/process/logger.js";
import { HostConsole, subscribeGranted, until, useTestHub } from "../helpers/hub.js";
import { BOARD_KINDS, type Rig, startRig } from "./rig.js";

interface HostSeat {
  seat: number;
  thumbDown: boolean | null;
  blindfoldOn: boolean | null;
}

describe.each(BOARD_KINDS)("a wired seat on A0..A2, on the %s board", (kind) => {
  const fx = useTestHub();
  const { logger } = createMemoryLogger("debug");
  let rig: Rig | null = null;
  afterAll(async () => {
    await rig?.close();
  });

  it("reads its thumb on pin 14 and its blindfold on pin 15", async () => {
    const hc = await fx.connect("host/t1");
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#", "mafia/v1/t1/public/#"]);
    const host = new HostConsole(hc);
    const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
    expect((await host.command("setup", { ruleset: "sport", seats })).ok).toBe(true);
    const seat = () =>
      (hc.inbox.latest("mafia/v1/t1/host/view")?.json as { seats: HostSeat[] } | undefined)
        ?.seats[6];
    rig = await startRig(
      fx.hub,
      logger,
      { seats: [{ seat: 7, thumb: 14, blindfold: 15, motor: 16 }] },
      (emu) => emu.setInput(15, 0),
      kind,
    );
    await until(
      () => seat()?.blindfoldOn === true && seat()?.thumbDown === false,
      8000,
      "blindfold on, thumb up",
    );
    rig.emu.setInput(14, 0);
    await until(() => seat()?.thumbDown === true, 5000, "the thumb down");
    rig.emu.setInput(15, null);
    await until(() => seat()?.blindfoldOn === false, 5000, "the blindfold off");
  }, 30_000);
});
