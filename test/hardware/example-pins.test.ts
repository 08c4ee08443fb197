/**
 * Every pin of both example board configs, end to end: each board is an emulated Firmata
 * board on a loopback port (the config's transport swapped for it), the hub's hardware layer
 * drives it, and each switch closed at the board must reach the hub (a wired seat's level in
 * the host's view, a box button as a command or a seat selection), each output must be set
 * up as an output, and nothing may touch pins 0/1, Firmata's serial line.
 *
 * The examples wire seats to A0..A2 (14..16), where johnny-five 2.1.0's Switch read pins
 * 0..2 instead; this test is what caught it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FirmataBoardEmulator } from "../../firmware-sim/firmata/board-emulator.js";
import { MODES } from "../../firmware-sim/firmata/uno-firmata.js";
import {
  type BoardConfig,
  type Hardware,
  loadBoardConfig,
  parseBoardConfig,
  startHardware,
} from "../../hub/hardware/index.js";
import { createMemoryLogger } from "../../hub/process/logger.js";
import {
  type Connected,
  HostConsole,
  subscribeGranted,
  until,
  useTestHub,
} from "../helpers/hub.js";
import { FAST_BACKOFF } from "./rig.js";

const fx = useTestHub();
const { logger, records } = createMemoryLogger("debug");

interface HostSeat {
  seat: number;
  thumbDown: boolean | null;
  blindfoldOn: boolean | null;
}

let hc: Connected;
const hostSeat = (n: number) =>
  (hc.inbox.latest("mafia/v1/t1/host/view")?.json as { seats: HostSeat[] } | undefined)?.seats[
    n - 1
  ];

beforeAll(async () => {
  hc = await fx.connect("host/t1");
  await subscribeGranted(hc.client, ["mafia/v1/t1/host/#", "mafia/v1/t1/public/#"]);
  const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
  const setup = await new HostConsole(hc).command("setup", {
    ruleset: "sport",
    seats,
    options: { autoAdvance: false },
  });
  expect(setup.ok).toBe(true);
});

/** The example, each board on its own emulator, with the hardware layer connected to all. */
async function startExample(source: string | BoardConfig) {
  const example = typeof source === "string" ? await loadBoardConfig(source) : source;
  const emus = new Map<string, FirmataBoardEmulator>();
  const boards = [];
  for (const b of example.boards) {
    const emu = new FirmataBoardEmulator();
    const port = await emu.listen(0);
    emus.set(b.id, emu);
    boards.push({ ...b, transport: { type: "tcp", host: "127.0.0.1", port } });
  }
  const config: BoardConfig = parseBoardConfig({ table: example.table, boards });
  const hw: Hardware = startHardware(
    config,
    { mqttUrl: `mqtt://127.0.0.1:${fx.hub.mqttPort}`, password: (u) => fx.hub.secrets.password(u) },
    logger,
    FAST_BACKOFF,
  );
  await until(() => hw.links.every((l) => l.board !== null), 10_000, "the boards to be ready");
  return {
    example,
    emus,
    hw,
    async close() {
      await hw.stop();
      for (const e of emus.values()) await e.close();
    },
  };
}

type Example = Awaited<ReturnType<typeof startExample>>;

/** A pin of the config as the Uno's digital number. */
const digital = (p: number | string) => (typeof p === "number" ? p : 14 + Number(p.slice(1)));

async function press(emu: FirmataBoardEmulator, pin: number): Promise<void> {
  emu.setInput(pin, 0);
  await new Promise((r) => setTimeout(r, 60));
  emu.setInput(pin, null);
  await new Promise((r) => setTimeout(r, 60));
}

/** The analog pins by name, as docs/HARDWARE.md allows, for a seat and the box's outputs. */
const BY_NAME = parseBoardConfig({
  table: "t1",
  boards: [
    {
      id: "named",
      transport: { type: "tcp", host: "127.0.0.1", port: 1 },
      box: { buttons: { next: 2 }, lamps: { day: "A0", night: "A1" }, buzzer: "A2" },
      seats: [{ seat: 8, thumb: "A3", blindfold: "A4", motor: "A5" }],
    },
  ],
});

describe.each([
  ["hub/hardware/board.example.json", "hub/hardware/board.example.json"],
  ["hub/hardware/board.serial.example.json", "hub/hardware/board.serial.example.json"],
  ["pins named A0..A5", BY_NAME],
] as const)("every pin of %s", (_name, source) => {
  let ex: Example;
  beforeAll(async () => {
    ex = await startExample(source);
  });
  afterAll(async () => {
    await ex?.close();
  });

  it("wires each seat's thumb and blindfold to the hub and its motor as an output", async () => {
    const seats = ex.example.boards.flatMap((b) => b.seats.map((s) => ({ board: b.id, ...s })));
    expect(seats.length).toBeGreaterThan(0);
    for (const s of seats) {
      const emu = ex.emus.get(s.board) as FirmataBoardEmulator;
      await until(
        () => hostSeat(s.seat)?.thumbDown === false && hostSeat(s.seat)?.blindfoldOn === false,
        5000,
        `seat ${s.seat} online with thumb up and blindfold off`,
      );
      emu.setInput(digital(s.thumb), 0);
      await until(() => hostSeat(s.seat)?.thumbDown === true, 5000, `seat ${s.seat} thumb down`);
      emu.setInput(digital(s.blindfold), 0);
      await until(() => hostSeat(s.seat)?.blindfoldOn === true, 5000, `seat ${s.seat} blindfold`);
      emu.setInput(digital(s.thumb), null);
      emu.setInput(digital(s.blindfold), null);
      await until(
        () => hostSeat(s.seat)?.thumbDown === false && hostSeat(s.seat)?.blindfoldOn === false,
        5000,
        `seat ${s.seat} thumb up and blindfold off again`,
      );
      if (s.motor !== undefined)
        expect([MODES.OUTPUT, MODES.PWM]).toContain(emu.mode(digital(s.motor)));
    }
  });

  it("takes each box button and selector, and sets the lamps and buzzer up as outputs", async () => {
    const board = ex.example.boards.find((b) => b.box);
    const box = board?.box;
    if (!board || !box) throw new Error("each example has a host box");
    const emu = ex.emus.get(board.id) as FirmataBoardEmulator;
    const hostBox = ex.hw.box;
    if (!hostBox) throw new Error("the hardware should run the box");
    const commands = () => records.filter((r) => r.event === "box.command").map((r) => r.cmd);
    for (const [name, cmd] of [
      ["next", "next"],
      ["pause", "pause"],
      ["foul", "foul"],
    ] as const) {
      const pin = box.buttons[name];
      if (pin === undefined) continue;
      const before = commands().filter((c) => c === cmd).length;
      await press(emu, digital(pin));
      await until(
        () => commands().filter((c) => c === cmd).length > before,
        5000,
        `the ${name} button's command`,
      );
    }
    const selects: [number | string | undefined, string][] = box.encoder
      ? [[box.encoder.a, "encoder.a"]]
      : [
          [box.buttons.seatUp, "seatUp"],
          [box.buttons.seatDown, "seatDown"],
        ];
    for (const [pin, name] of selects) {
      if (pin === undefined) continue;
      const before = hostBox.selected;
      await press(emu, digital(pin));
      await until(() => hostBox.selected !== before, 5000, `the ${name} selection`);
    }
    if (box.encoder) {
      // Turned the other way: B is already low when A's detent comes.
      const before = hostBox.selected;
      emu.setInput(digital(box.encoder.b), 0);
      await new Promise((r) => setTimeout(r, 60));
      await press(emu, digital(box.encoder.a));
      emu.setInput(digital(box.encoder.b), null);
      await until(() => hostBox.selected === before - 1, 5000, "the encoder turned back");
    }
    for (const out of [box.lamps.day, box.lamps.night, box.buzzer])
      if (out !== undefined) expect([MODES.OUTPUT, MODES.PWM]).toContain(emu.mode(digital(out)));
  });

  it("leaves pins 0 and 1, the serial line, alone", () => {
    for (const emu of ex.emus.values())
      expect(emu.writes.filter((w) => "pin" in w && w.pin <= 1)).toEqual([]);
  });
});
