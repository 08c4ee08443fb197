/**
 * The board emulator answers as the genuine StandardFirmata does. Each exchange of
 * firmware-sim/avr/firmata-exchanges.ts was sent to the genuine firmware on simavr and its
 * answer recorded in fixtures/standard-firmata.json (re-record: `npx tsx
 * firmware-sim/avr/record-firmata.ts`); here the same bytes go to the emulator over TCP, in
 * the same order, and must come back the same. Issue 25 named each deviation fixed here.
 */
import { readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Recorded } from "../../firmware-sim/avr/firmata-exchanges.js";
import { FirmataBoardEmulator } from "../../firmware-sim/firmata/board-emulator.js";

const { exchanges } = JSON.parse(
  readFileSync(new URL("./fixtures/standard-firmata.json", import.meta.url), "utf8"),
) as { exchanges: Recorded[] };
const genuine = (name: string, nth = 0): Recorded => {
  const found = exchanges.filter((e) => e.name === name)[nth];
  if (!found) throw new Error(`no recorded exchange "${name}" #${nth}`);
  return found;
};

let emu: FirmataBoardEmulator;
let port = 0;
let socket: Socket;
const received: number[] = [];
/** The exchanges run in the recorded order: each leaves state the next may depend on. */
const ran: Recorded[] = [];

async function open(): Promise<void> {
  socket = connect({ host: "127.0.0.1", port });
  await new Promise((r) => socket.once("connect", r));
  socket.on("data", (d) => received.push(...d));
}

beforeAll(async () => {
  emu = new FirmataBoardEmulator();
  port = await emu.listen(0);
  await open();
  for (const ex of exchanges) {
    if (ex.name === "reconnect") {
      socket.destroy();
      await new Promise((r) => setTimeout(r, 100));
      await open();
    }
    received.length = 0;
    if (ex.send.length) socket.write(Buffer.from(ex.send));
    // Long enough for a loopback answer; the analog stream is judged by its pattern below.
    await new Promise((r) => setTimeout(r, ex.name.startsWith("report analog") ? 200 : 80));
    ran.push({ name: ex.name, send: ex.send, received: [...received] });
  }
}, 30_000);

afterAll(async () => {
  socket?.destroy();
  await emu?.close();
});

const emulated = (name: string, nth = 0) => ran.filter((e) => e.name === name)[nth];
const same = (name: string, nth = 0) =>
  expect(emulated(name, nth)?.received, name).toEqual(genuine(name, nth).received);

describe("the board emulator answers as the genuine StandardFirmata", () => {
  it("sends nothing when a host connects (the firmware announced itself at power-on)", () => {
    expect(emulated("boot")?.received).toEqual([]);
    expect(genuine("boot").received.slice(0, 3)).toEqual([0xf9, 2, 4]);
  });

  it("capabilities: the serial pins 0/1 have no modes; servo on 2..19", () => {
    same("capabilities");
  });

  it("analog mapping", () => same("analog mapping"));

  it("boot modes: 0/1 input, 2..13 output, A0..A5 analog", () => {
    for (const pin of [0, 1, 2, 13, 14, 19]) same(`pin state ${pin}`);
  });

  it("a pin-state query for pin 20 is answered with the pin alone, and the board lives on", () => {
    same("pin state 20");
    expect(genuine("pin state 20").received).toEqual([0xf0, 0x6e, 0x14, 0xf7]);
  });

  it("pin 0 refuses output", () => {
    same("pin 0 to output");
    same("pin state 0", 1);
  });

  it("a reported port is sent at once when reporting is turned on", () => same("report port 0"));

  it("an unknown pin mode (0x0B) is refused with the firmware's message, the pin unchanged", () => {
    same("pin 2 input");
    same("pin 2 pull-up mode");
    same("pin state 2", 1);
  });

  it("a reported port's pin pulled up (written high as an input) sends the port at once", () => {
    same("pin 3 input, written high");
    same("pin 13 output high");
  });

  it("analog reporting streams analog messages", () => {
    const pattern = (bytes: number[]) => {
      const msgs: string[] = [];
      for (let i = 0; i + 2 < bytes.length; i += 3) msgs.push(bytes.slice(i, i + 3).join(","));
      return { kinds: [...new Set(msgs)], count: msgs.length };
    };
    const g = pattern(genuine("report analog 0 for 200 ms").received);
    const e = pattern(emulated("report analog 0 for 200 ms")?.received ?? []);
    expect(e.kinds).toEqual(g.kinds);
    expect(e.count).toBeGreaterThan(2);
    // A sample already on its way when reporting goes off may still arrive; then silence,
    // which the exact answers of the exchanges after this one show.
    const off = pattern(emulated("analog 0 off")?.received ?? []);
    expect(off.kinds.every((k) => g.kinds.includes(k))).toBe(true);
  });

  it("a new connection is greeted with nothing and finds the pins as they were", () => {
    same("reconnect");
    same("pin state 13", 1);
  });

  it("SYSTEM_RESET puts the pins back to their boot modes", () => {
    same("system reset");
    same("pin state 13", 2);
    same("pin state 14", 1);
  });
});
