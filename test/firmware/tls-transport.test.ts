/**
 * Issue 10, TLS on the paddle (docs/HARDWARE.md, "Transport: TLS on the paddle"): with
 * `hub.tls` the bundle opens a socket with Espruino's `tls` module to the hub's MQTTS port
 * and hands it to the MQTT module once it is open; without it the bundle carries no TLS code
 * and the MQTT module opens its own plain socket, as before. The same bundle was run on
 * Espruino built for Linux against a hub with `--tls` (figures in HARDWARE.md).
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
    const { printed, mqtt, tls } = bootOnLinux(await bundleFirmware(overTls, true));
    expect(printed).toEqual([]);
    expect(tls.map((t) => t.options)).toEqual([{ host: "10.0.0.2", port: 8883 }]);
    expect(mqtt).toHaveLength(1);
    expect(mqtt[0]?.options).toMatchObject({ port: 8883, username: "seat/t1/1" });
    // Nothing goes out before the socket is open; then the module gets that socket, not its own.
    expect(mqtt[0]?.connects).toEqual([]);
    tls[0]?.onConnect();
    expect(mqtt[0]?.connects).toEqual([[tls[0]?.socket]]);
  });

  it("without hub.tls, lets the MQTT module open a plain socket and carries no TLS code", async () => {
    const code = await bundleFirmware(linux, true);
    expect(code).not.toContain('require("tls")');
    const { mqtt, tls } = bootOnLinux(code);
    expect(tls).toEqual([]);
    expect(mqtt.map((m) => [m.options.port, m.connects])).toEqual([[1883, [[]]]]);
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
