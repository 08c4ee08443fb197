/**
 * The genuine Espruino build for Linux runs the paddle bundle with a microphone on a
 * comparator pin (that build has no ADC): the test drives the pin file like the LM393's
 * output and the hub journals seat 1's voice inputs. Opt-in (ESPRUINO_BIN, see
 * linux-espruino.ts): CI has no Espruino build.
 */
import { afterEach, describe, expect, it } from "vitest";
import { EXAMPLE_CONFIG, loadDeviceConfig } from "../../firmware-sim/espruino/build.js";
import { journalText } from "../helpers/hub.js";
import { ESPRUINO_BIN, type LinuxPaddle, startLinuxPaddle } from "./linux-espruino.js";
import { type Harness, startTable } from "./sim-harness.js";

let h: Harness | null = null;
let esp: LinuxPaddle | null = null;
afterEach(async () => {
  esp?.stop();
  esp = null;
  await h?.close();
  h = null;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(100);
  }
}

async function seatVoices(harness: Harness, seat: number) {
  const out: { on: boolean; levels: number[] }[] = [];
  for (const line of (await journalText(harness.hub)).split("\n")) {
    if (!line.includes('"kind":"voice"')) continue;
    const e = JSON.parse(line);
    if (e.input?.seat === seat) out.push(e.input.action);
  }
  return out;
}

describe.skipIf(!ESPRUINO_BIN)("the paddle on Espruino built for Linux (issue 26)", () => {
  it("reads the comparator's pin file and sends the voice input the hub journals", async () => {
    h = await startTable({ external: [1], bots: false, hostOptions: { voice: true } });
    const harness = h;
    const config = loadDeviceConfig(EXAMPLE_CONFIG.replace("example", "linux"));
    config.hub.port = harness.hub.mqttPort;
    config.password = harness.hub.secrets.toJSON()["seat/t1/1"] as string;
    // Thumb and blindfold idle high (active low), the comparator low: a quiet room.
    esp = await startLinuxPaddle(config, { 29: 0, 30: 1, 31: 1 });
    const paddle = esp;
    await until(() => (harness.sim.state()?.phase ?? "setup") !== "setup", 90_000, "the start");
    await sleep(1000);
    expect(await seatVoices(harness, 1)).toEqual([]);
    paddle.pin(29, 1); // the envelope above the trimmer's threshold: speech
    await sleep(2000);
    paddle.pin(29, 0);
    await until(
      async () => (await seatVoices(harness, 1)).some((v) => !v.on),
      20_000,
      "the closing off",
    );
    const sent = await seatVoices(harness, 1);
    expect(sent[0]?.on).toBe(true);
    expect(sent.at(-1)?.on).toBe(false);
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(sent.length).toBeLessThanOrEqual(8);
    expect(sent.slice(0, -1).every((v) => v.on)).toBe(true);
    // The pin was high for 2 s: about 20 windows read fully high (the comparator's level 100).
    const high = sent.flatMap((v) => v.levels).filter((l) => l === 100).length;
    expect(high).toBeGreaterThanOrEqual(15);
    expect(high).toBeLessThanOrEqual(22);
    const printed = paddle.printed.join("\n");
    expect(printed).not.toMatch(/ERROR|Uncaught|cannot start/);
  }, 240_000);
});
