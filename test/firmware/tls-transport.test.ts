/**
 * Issue 10, TLS on the paddle (docs/HARDWARE.md, "Transport: TLS on the paddle"): with
 * `hub.tls` the bundle opens a socket with Espruino's `tls` module to the hub's MQTTS port
 * and its MQTT client (mqtt-lite.ts) speaks over it once it is open; without it the bundle
 * carries no TLS code and opens a plain socket with `net`. The bundle was run on Espruino
 * built for Linux against a hub with `--tls` while it still used the EspruinoDocs MQTT
 * module (figures in HARDWARE.md).
 */
import { describe, expect, it } from "vitest";
import {
  bundleFirmware,
  EXAMPLE_CONFIG,
  loadDeviceConfig,
} from "../../firmware-sim/espruino/build.js";
import { checkDeviceConfig, type DeviceConfig } from "../../firmware-sim/espruino/device-config.js";
import { checkBundle } from "./espruino-bundle-check.js";
import { bootOnLinux } from "./espruino-vm.js";

const linux = loadDeviceConfig(EXAMPLE_CONFIG.replace("example", "linux"));
const overTls: DeviceConfig = { ...linux, hub: { host: "10.0.0.2", port: 8883, tls: true } };

describe("the paddle's transport", () => {
  it("with hub.tls, opens a TLS socket to the hub's MQTTS port and speaks MQTT over it once open", async () => {
    const { printed, net, tls } = bootOnLinux(await bundleFirmware(overTls, true));
    expect(printed).toEqual([]);
    expect(net).toEqual([]);
    expect(tls.map((t) => t.options)).toEqual([{ host: "10.0.0.2", port: 8883 }]);
    // Nothing goes out before the socket is open; then the CONNECT, with the seat's user.
    expect(tls[0]?.written).toEqual([]);
    tls[0]?.onConnect();
    expect(tls[0]?.written).toHaveLength(1);
    expect(tls[0]?.written[0]?.charCodeAt(0)).toBe(0x10);
    expect(tls[0]?.written[0]).toContain("seat/t1/1");
  });

  it("without hub.tls, opens a plain socket and carries no TLS code", async () => {
    const code = await bundleFirmware(linux, true);
    expect(code).not.toContain('require("tls")');
    const { net, tls } = bootOnLinux(code);
    expect(tls).toEqual([]);
    expect(net.map((m) => m.options)).toEqual([{ host: "127.0.0.1", port: 1883 }]);
  });

  it.each([
    ["minified", true],
    ["readable", false],
  ])("a TLS bundle uses no construct Espruino rejects (%s)", async (_name, minify) => {
    const code = await bundleFirmware(overTls, minify);
    expect(checkBundle(code)).toEqual([]);
    expect(code).toContain('require("tls")');
  });

  it("refuses a hub.tls that is not true or false", () => {
    const bad = { ...linux, hub: { ...linux.hub, tls: "yes" } } as unknown as DeviceConfig;
    expect(checkDeviceConfig(bad)).toEqual(["hub.tls must be true or false"]);
  });
});
