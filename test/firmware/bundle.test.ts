/**
 * The device bundle, built exactly as `npm run firmware:build` builds it, parsed with acorn:
 * no construct that Espruino 2v29 rejects may appear in it (ESPRUINO.md).
 */
import { describe, expect, it } from "vitest";
import {
  bundleFirmware,
  EXAMPLE_CONFIG,
  loadDeviceConfig,
  typeCheckDevice,
} from "../../firmware-sim/espruino/build.js";
import { checkBundle } from "./espruino-bundle-check.js";

const config = loadDeviceConfig(EXAMPLE_CONFIG);

describe("the Espruino bundle", () => {
  it("type-checks against the bare ES2015 library", () => {
    expect(() => typeCheckDevice()).not.toThrow();
  });

  it.each([
    ["minified", true],
    ["readable", false],
  ])("uses no construct Espruino rejects (%s)", async (_name, minify) => {
    const code = await bundleFirmware(config, minify);
    expect(checkBundle(code)).toEqual([]);
    // The Espruino tools upload the modules that the code names in literal require() calls;
    // the MQTT client is the bundle's own (mqtt-lite.ts), over the firmware's `net`.
    expect(code).toContain('require("net")');
    expect(code).not.toContain('require("MQTT")');
    expect(code).not.toContain("espruinoRequire");
    expect(code).not.toContain("zod");
    console.info(`firmware bundle (${_name}): ${Buffer.byteLength(code)} bytes`);
  });

  it("connects directly without Wi-Fi when no ssid is configured", async () => {
    const direct = await bundleFirmware(config, false);
    expect(direct).toMatch(/ssid: ""/);
    const wifi = await bundleFirmware({ ...config, wifi: { ssid: "club", password: "x" } }, false);
    expect(wifi).toContain('require("Wifi")');
    expect(wifi).toMatch(/ssid: "club"/);
  });

  it("rejects a configuration that would boot wrong", () => {
    expect(() => loadDeviceConfig("/dev/null")).toThrow();
  });
});

describe("the bundle checker", () => {
  it.each([
    ["destructuring", "const { a } = o;"],
    ["destructuring", "const [a] = xs;"],
    ["spread", "f(...xs);"],
    ["spread", "const p = { ...o };"],
    ["rest", "function f(...a) { return a; }"],
    ["default parameter", "function f(a = 1) { return a; }"],
    ["optional chaining", "o?.a;"],
    ["exponent operator", "x = 2 ** 3;"],
    ["operator ??=", "x ??= 1;"],
    ["operator ||=", "x ||= 1;"],
    ["async", "async function f() { await g(); }"],
    ["generator", "function* g() { yield 1; }"],
    ["label", "l: for (;;) { break l; }"],
    ["tagged template", "t`x`;"],
    ["computed key", "o = { [k]: 1 };"],
    ["computed key", "class A { [k]() {} }"],
    ["BigInt", "n = 1n;"],
    ["closure in for-let", "for (let i = 0; i < 3; i++) { fs.push(() => i); }"],
    ["closure in for-let", "for (const x of xs) { fs.push(function () { return x; }); }"],
    ["global Map", "m = new Map();"],
    ["global Set", "s = new Set();"],
    ["global Symbol", "s = Symbol();"],
    ["global Proxy", "p = new Proxy({}, {});"],
    ["missing Array.from", "Array.from(xs);"],
    ["missing Object.freeze", "Object.freeze(o);"],
    ["missing Number.isInteger", "Number.isInteger(1);"],
    ["missing .at()", "xs.at(-1);"],
    ["class extends Error", "class E extends Error {}"],
    ["arrow class field", "class A { f = () => this; }"],
    ["used before declaration", "f(); function f() {}"],
    ["used before declaration", "(() => { g(); const g = () => 1; })();"],
    ["used before declaration", "var a = b; var b = 1;"],
    ["Math.random without E.srand", "id = Math.random();"],
    ["line continuation", 's = "log\\\nin";'],
    ["line continuation", "s = `log\\\nin`;"],
  ])("flags %s in %j", (rule, source) => {
    expect(checkBundle(source).map((f) => f.rule)).toContain(rule);
  });

  it("accepts what Espruino runs", () => {
    const ok = [
      "'use strict';",
      "(() => {",
      "  var A = 1;",
      "  function f(x) { return x + A; }",
      "  class C { constructor() { this.v = f(1); } get w() { return this.v; } static s() { return 2; } }",
      "  class D extends C { m() { return super.w; } }",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      "  const g = (x) => `v${x}`;",
      "  for (const x of [1, 2]) A += x;",
      "  for (let i = 0; i < 2; i++) A += i;",
      "  try { JSON.parse('{}'); } catch (e) { A = 0; }",
      "  const o = { a: 1, m() { return o.a; }, 'k': 2 };",
      "  const n = o.a ?? 0;",
      "  const rec = () => rec;",
      "  E.srand(E.hwRand() ^ getTime()); A = Math.random();",
      "  new D().m(); g(n); C.s();",
      "})();",
    ].join("\n");
    expect(checkBundle(ok)).toEqual([]);
  });
});
