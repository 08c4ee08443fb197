/**
 * The microphone in the device configuration: which pins can carry it on which board, and
 * the bundle booting with it on the Espruino build for Linux (which has no ADC).
 */
import { describe, expect, it } from "vitest";
import {
  bundleFirmware,
  EXAMPLE_CONFIG,
  loadDeviceConfig,
} from "../../firmware-sim/espruino/build.js";
import { checkDeviceConfig, type DeviceConfig } from "../../firmware-sim/espruino/device-config.js";
import { bootOnLinux } from "./espruino-vm.js";

const LINUX_CONFIG = EXAMPLE_CONFIG.replace("example", "linux");
const esp32 = loadDeviceConfig(EXAMPLE_CONFIG);
const linux = loadDeviceConfig(LINUX_CONFIG);
const withMic = (
  c: DeviceConfig,
  mic: string,
  micMode?: DeviceConfig["micMode"],
): DeviceConfig => ({
  ...c,
  pins: { ...c.pins, mic },
  ...(micMode ? { micMode } : {}),
});

describe("the microphone pin", () => {
  it("is optional: the example has none, the Linux map reads a comparator on D29", () => {
    expect(esp32.pins.mic ?? "").toBe("");
    expect(checkDeviceConfig(esp32)).toEqual([]);
    expect(linux.pins.mic).toBe("D29");
    expect(linux.micMode).toBe("comparator");
    expect(checkDeviceConfig(linux)).toEqual([]);
  });

  it("must be an ADC1 pin (D32..D39) for an analog envelope on the ESP32", () => {
    expect(checkDeviceConfig(withMic(esp32, "D34"))).toEqual([]);
    expect(checkDeviceConfig(withMic(esp32, "D36", "analog"))).toEqual([]);
    expect(checkDeviceConfig(withMic(esp32, "D13"))).toEqual([
      'pins.mic "D13" has no ADC the ESP32 firmware can read: use one of D32..D39',
    ]);
    // A comparator is a digital input: any pin will do.
    expect(checkDeviceConfig(withMic(esp32, "D13", "comparator"))).toEqual([]);
  });

  it("cannot be analog on the Linux build, and the mode must be one of the two", () => {
    expect(checkDeviceConfig(withMic(linux, "D29", "analog"))).toEqual([
      'pins.mic: the LINUX build has no analog input; wire a comparator and set micMode "comparator"',
    ]);
    expect(checkDeviceConfig(withMic(linux, "D40", "comparator"))).toEqual([
      'pins.mic "D40" is not a pin of the LINUX build (D0..D32)',
    ]);
    expect(checkDeviceConfig({ ...linux, micMode: "loud" as never })).toEqual([
      'micMode must be "analog" or "comparator"',
    ]);
  });

  it("boots on the Linux build with its comparator pin, printing nothing", async () => {
    const code = await bundleFirmware(linux, true);
    const { printed, net } = bootOnLinux(code);
    expect(printed).toEqual([]);
    expect(net).toHaveLength(1);
  });
});
