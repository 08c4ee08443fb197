/**
 * The built bundle at boot, run in a Node `vm` context that plays the Espruino globals the
 * way the interpreter built for Linux behaves (measured, ESPRUINO.md): pins D0..D32 exist,
 * D33 throws `Invalid pin`. A bad pin map must give one clear line and start nothing.
 */
import { describe, expect, it } from "vitest";
import {
  bundleFirmware,
  EXAMPLE_CONFIG,
  LINE_LIMIT,
  loadDeviceConfig,
} from "../../firmware-sim/espruino/build.js";
import { checkDeviceConfig, type DeviceConfig } from "../../firmware-sim/espruino/device-config.js";
import { bootOnLinux } from "./espruino-vm.js";

const LINUX_CONFIG = EXAMPLE_CONFIG.replace("example", "linux");

describe("the paddle at boot on the Espruino build for Linux", () => {
  it("refuses the ESP32 pin map (D33) with one line naming the pin, and connects nowhere", async () => {
    const esp32 = loadDeviceConfig(EXAMPLE_CONFIG);
    const code = await bundleFirmware({ ...esp32, board: "LINUX" } as DeviceConfig, true);
    const { printed, net } = bootOnLinux(code);
    expect(net).toEqual([]);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^paddle: cannot start: this board has no pins\.blindfold "D33"/);
    expect(printed[0]).toContain("Invalid pin");
  });

  it("starts with the Linux pin map (D0..D32) and connects to the hub", async () => {
    const code = await bundleFirmware(loadDeviceConfig(LINUX_CONFIG), true);
    const { printed, net } = bootOnLinux(code);
    expect(printed.filter((l) => l.startsWith("paddle: cannot start"))).toEqual([]);
    expect(net.map((m) => m.options)).toEqual([{ host: "127.0.0.1", port: 1883 }]);
  });

  it("is refused at build time when a pin is not on the configured board", () => {
    const esp32 = loadDeviceConfig(EXAMPLE_CONFIG);
    expect(checkDeviceConfig({ ...esp32, board: "LINUX" })).toEqual([
      'pins.blindfold "D33" is not a pin of the LINUX build (D0..D32)',
    ]);
  });

  it("is built with line breaks, so an error's stack does not repeat the whole bundle", async () => {
    const code = await bundleFirmware(loadDeviceConfig(EXAMPLE_CONFIG), true);
    const lines = code.split("\n");
    expect(lines.length).toBeGreaterThan(50);
    // esbuild breaks at the first chance after the limit; the baked-in config is the longest.
    const long = lines.filter((l) => l.length > LINE_LIMIT * 3);
    expect(long).toEqual([]);
  });
});
