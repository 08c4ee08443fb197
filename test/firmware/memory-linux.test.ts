/**
 * The paddle's memory on the genuine Espruino built for Linux with the ESP32's fixed pool
 * of 16,383 variables, sampled where it peaks: inside the handlers, not between events
 * (ESPRUINO.md). A prelude wraps JSON.parse and JSON.stringify (every message received and
 * every input sent), digitalWrite (the LED, the motor) and the screen module's flip (the
 * menu) so that each call reads `process.memory().usage` (a garbage collection first:
 * what is live, the figure that runs out) while the handler's frames still hold the
 * message, the parsed body and the last view. Seat 1 plays a whole sport game with nine
 * simulated seats: its blindfold and thumb pin files follow the game as a player would,
 * and its OK key (pressed twice: arm, confirm) answers every prompt and speech. The bundle
 * runs from flash, as `SAVE_ON_SEND=1` ships it (linux-espruino.ts `flash`; boot
 * included); MEMORY_FROM_RAM=1 runs it from RAM. Opt-in (ESPRUINO_BIN, see
 * linux-espruino.ts; ESPRUINO_SSD1306_JS, the EspruinoDocs devices/SSD1306.js, adds the
 * screen): CI has no Espruino build; memory-model.test.ts is its stand-in there. The
 * budget is issue 25's: under 3,500 variables at the peak, screen included.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { EXAMPLE_CONFIG, loadDeviceConfig } from "../../firmware-sim/espruino/build.js";
import { seatViewTopic } from "../../protocol/topics.js";
import type { SeatView } from "../../protocol/views.js";
import { ESPRUINO_BIN, type LinuxPaddle, startLinuxPaddle } from "./linux-espruino.js";
import { type Harness, startTable } from "./sim-harness.js";

const SSD1306_JS = process.env.ESPRUINO_SSD1306_JS ?? "";
const BUDGET = 3500;

/** The screen module with its flip sampled (Espruino's native drawString cannot be wrapped). */
const SCREEN_PROBE = `
var connectScreen = exports.connect;
exports.connect = function (i2c, ready, options) {
  var g = connectScreen(i2c, ready, options), flip = g.flip;
  g.flip = function () { probe("flip"); return flip.apply(g, arguments); };
  return g;
};
`;

/** Every call of a wrapped function samples the live variables; the peak and where it was. */
const PRELUDE = `
var PROBE = { peak: 0, at: "", n: 0, sites: {}, running: false };
// The interpreter for Linux holds the whole file's text while the file runs: boot is not a handler.
setTimeout(function () { PROBE.running = true; }, 1);
function probe(where) {
  if (!PROBE.running) return;
  var u = process.memory().usage;
  PROBE.n++;
  if (u > PROBE.peak) { PROBE.peak = u; PROBE.at = where; }
  if (!(u <= PROBE.sites[where])) PROBE.sites[where] = u;
}
(function () {
  var parse = JSON.parse, stringify = JSON.stringify, write = digitalWrite;
  JSON.parse = function (s) { var r = parse(s); probe("parse"); return r; };
  JSON.stringify = function (o) { var r = stringify(o); probe("stringify"); return r; };
  global.digitalWrite = function (p, v) { probe("digitalWrite"); return write(p, v); };
})();
setInterval(function () {
  console.log("probe " + PROBE.peak + " " + PROBE.at + " " + PROBE.n + " " + JSON.stringify(PROBE.sites));
}, 1000);
`;

let h: Harness | null = null;
let esp: LinuxPaddle | null = null;
afterEach(async () => {
  esp?.stop();
  esp = null;
  await h?.close();
  h = null;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The last probe line: peak variables, where, how many samples. */
function lastProbe(p: LinuxPaddle): { peak: number; at: string; samples: number } | null {
  for (let i = p.printed.length - 1; i >= 0; i--) {
    const m = /probe (\d+) (\S*) (\d+)/.exec(p.printed[i] as string);
    if (m) return { peak: Number(m[1]), at: m[2] as string, samples: Number(m[3]) };
  }
  return null;
}

/** Pin numbers of the Linux map (paddle.config.linux.json): active low, 1 is idle. */
const PIN = { thumb: 30, blindfold: 31, ok: 27, mic: 29 };

async function playSeatOne(
  withScreen: boolean,
): Promise<{ peak: number; at: string; samples: number; idle: number }> {
  h = await startTable({ external: [1] });
  const harness = h;
  const config = loadDeviceConfig(EXAMPLE_CONFIG.replace("example", "linux"));
  config.hub.port = harness.hub.mqttPort;
  config.password = harness.hub.secrets.toJSON()["seat/t1/1"] as string;
  const modules: Record<string, string> = {};
  if (withScreen) {
    config.pins.sda = "D2";
    config.pins.scl = "D3";
    modules.SSD1306 = readFileSync(SSD1306_JS, "utf8") + SCREEN_PROBE;
  }
  esp = await startLinuxPaddle(
    config,
    { [PIN.thumb]: 1, [PIN.blindfold]: 1, [PIN.ok]: 1, [PIN.mic]: 0 },
    // From flash, as SAVE_ON_SEND=1 ships it; MEMORY_FROM_RAM=1 runs it from RAM instead.
    { modules, prelude: PRELUDE, minify: true, flash: !process.env.MEMORY_FROM_RAM },
  );
  const paddle = esp;
  // Seat 1's views as the hub publishes them, read inside the hub's broker.
  let view: SeatView | null = null;
  await new Promise<void>((done) =>
    harness.hub.broker.aedes.subscribe(
      seatViewTopic("t1", 1),
      (packet, cb) => {
        const text = packet.payload.toString();
        if (text) view = JSON.parse(text) as SeatView;
        cb();
      },
      done,
    ),
  );
  const press = async (pin: number) => {
    paddle.pin(pin, 0);
    await sleep(120);
    paddle.pin(pin, 1);
    await sleep(120);
  };
  let idle = 0;
  let answeredRev = -1;
  let thumbWindow = "";
  const end = Date.now() + (Number(process.env.MEMORY_GAME_MS) || 200_000);
  while (Date.now() < end) {
    await sleep(150);
    const g = harness.sim.state();
    const v = view as SeatView | null;
    if (!g || !v) continue;
    if (g.phase === "ended") break;
    if (g.phase === "setup") {
      const probe = lastProbe(paddle);
      if (probe) idle = probe.peak;
      continue;
    }
    const wantBlindfold = g.phase === "night" && v.alive && !(v.prompt && !v.blindfold);
    paddle.pin(PIN.blindfold, wantBlindfold ? 0 : 1);
    const counting = g.phase === "day" && (g.step === "vote" || g.step === "revote") && g.counting;
    const window = counting ? `${g.round}|${g.step}|${g.counting}` : "";
    if (window !== thumbWindow) {
      thumbWindow = window;
      // Down in every other counting window, so the hub hears both edges.
      paddle.pin(PIN.thumb, window && Number(g.counting) % 2 === 1 && v.alive ? 0 : 1);
    }
    if (v.alive && (v.prompt || v.pass) && v.rev > answeredRev) {
      answeredRev = v.rev;
      await press(PIN.ok);
      await press(PIN.ok);
    }
  }
  if (harness.sim.state()?.phase !== "ended")
    throw new Error(
      `the game did not end; the paddle printed:\n${paddle.printed.slice(-60).join("\n")}`,
    );
  await sleep(1500);
  const probe = lastProbe(paddle);
  if (!probe) throw new Error(`no probe printed:\n${paddle.printed.join("\n")}`);
  if (process.env.MEMORY_TRACE) writeFileSync(process.env.MEMORY_TRACE, paddle.printed.join("\n"));
  expect(paddle.printed.join("\n")).not.toMatch(/ERROR|Uncaught|cannot start/);
  return { ...probe, idle };
}

describe.skipIf(!ESPRUINO_BIN)("the paddle's memory on Espruino for Linux (issue 25)", () => {
  it.skipIf(!SSD1306_JS)(
    "peaks under 3,500 variables inside the handlers through a whole game, with the screen",
    async () => {
      const r = await playSeatOne(true);
      console.log(`with the screen: ${JSON.stringify(r)}`);
      expect(r.peak).toBeLessThan(BUDGET);
    },
    300_000,
  );

  it("peaks under 3,500 variables inside the handlers through a whole game, without a screen", async () => {
    const r = await playSeatOne(false);
    console.log(`without a screen: ${JSON.stringify(r)}`);
    expect(r.peak).toBeLessThan(BUDGET);
  }, 300_000);
});
