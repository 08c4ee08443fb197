import { appendFileSync } from "node:fs";
/**
 * The hardware under test: a Firmata board emulator on a loopback port, and the hub's
 * hardware layer (johnny-five over firmata-io over TCP) connected to it and to the hub's
 * broker as an ordinary MQTT client. No hardware, no mock: the bytes are a board's.
 */

import { FirmataBoardEmulator } from "../../firmware-sim/firmata/board-emulator.js";
import { type Hardware, parseBoardConfig, startHardware } from "../../hub/hardware/index.js";
import type { Logger } from "../../hub/process/logger.js";
import type { Hub } from "../../hub/server.js";
import type { PublicState } from "../../protocol/index.js";
import {
  type Connected,
  HostConsole,
  type HubFixture,
  type Inbox,
  subscribeGranted,
  until,
} from "../helpers/hub.js";
import { GenuineRigBoard } from "./genuine-rig-board.js";

/** The board the hardware tests run against: the emulator over TCP, or the genuine
 * StandardFirmata on simavr over a pseudo-terminal (the kit's serial transport). */
export type BoardKind = "emulator" | "genuine";
export const BOARD_KINDS: BoardKind[] = ["emulator", "genuine"];

/** What the tests ask of a board, either kind. */
export type TestBoard = Pick<
  FirmataBoardEmulator,
  "setInput" | "level" | "levels" | "lcd" | "attachLcd" | "dropClients"
> & {
  /** After dropClients: the board is up again and has said so (the emulator at once). */
  booted?(): Promise<void>;
};

/** Reconnects in tens of milliseconds, not seconds. */
export const FAST_BACKOFF = { minMs: 50, maxMs: 200, handshakeMs: 3000 };

export interface Rig {
  emu: TestBoard;
  hw: Hardware;
  /** Closes a button to ground for a moment, as a finger would. */
  press(pin: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts an emulated board and the hardware for `board` (a config's board minus transport). */
export async function startRig(
  /** The hub, or what of it the hardware needs (a test may put a proxy on the port). */
  hub: Pick<Hub, "mqttPort" | "secrets">,
  log: Logger,
  board: Record<string, unknown>,
  before: (emu: TestBoard) => void = () => undefined,
  kind: BoardKind = "emulator",
): Promise<Rig> {
  let emu: TestBoard & { close(): Promise<void> };
  let transport: Record<string, unknown>;
  if (kind === "genuine") {
    const genuine = new GenuineRigBoard();
    before(genuine);
    await genuine.start();
    emu = genuine;
    transport = { type: "serial", path: genuine.path };
  } else {
    const emulator = new FirmataBoardEmulator();
    before(emulator);
    const port = await emulator.listen(0);
    emu = emulator;
    transport = { type: "tcp", host: "127.0.0.1", port };
  }
  const config = parseBoardConfig({
    table: "t1",
    boards: [{ id: "test", transport, ...board }],
  });
  const hw = startHardware(
    config,
    { mqttUrl: `mqtt://127.0.0.1:${hub.mqttPort}`, password: (u) => hub.secrets.password(u) },
    log,
    FAST_BACKOFF,
  );
  const tracePath = process.env.UNO_HARNESS_TRACE;
  const trace = (what: string) => {
    if (tracePath) appendFileSync(tracePath, `${Date.now().toFixed(3)}         - hub ${what}\n`);
  };
  for (const link of hw.links) {
    link.on("ready", (b) => {
      trace("ready");
      const io = b.io as import("node:events").EventEmitter & {
        transport: import("node:events").EventEmitter;
      };
      io.transport.on("data", (d: Buffer) => trace(`data ${d.toString("hex")}`));
      io.on("digital-read", (e: { pin: number; value: number }) =>
        trace(`read ${e.pin} ${e.value}`),
      );
    });
    link.on("lost", () => trace("lost"));
  }
  await until(() => hw.links.every((l) => l.board !== null), 15_000, "the board to be ready");
  return {
    emu,
    hw,
    async press(pin) {
      trace(`press ${pin}`);
      emu.setInput(pin, 0);
      await new Promise((r) => setTimeout(r, 60));
      emu.setInput(pin, null);
    },
    async close() {
      await hw.stop();
      await emu.close();
    },
  };
}

/** The first public state received after message number `mark` that satisfies `where`. */
export async function stateAfter(
  conn: { inbox: Inbox },
  mark: number,
  where: (s: PublicState) => boolean,
  timeout = 8000,
): Promise<PublicState> {
  const find = () =>
    conn.inbox.all
      .slice(mark)
      .filter((m) => m.topic === "mafia/v1/t1/public/state")
      .map((m) => m.json as PublicState)
      .find(where);
  await until(() => find() !== undefined, timeout, "the next public state");
  return find() as PublicState;
}

/** Waits for a public state that satisfies `where` (one already received counts). */
export function publicState(
  conn: Connected | { inbox: Inbox },
  where: (s: PublicState) => boolean,
  timeout = 5000,
): Promise<PublicState> {
  return conn.inbox.next<PublicState>("mafia/v1/t1/public/state", where, { past: true, timeout });
}

/**
 * The host of table t1 signed in and reading its host and public topics, with a 10-seat
 * sport game set up (not started): where every hardware test begins.
 */
export async function sportTableSetUp(
  fx: HubFixture,
  options: Record<string, unknown> = {},
): Promise<{ hc: Connected; host: HostConsole }> {
  const hc = await fx.connect("host/t1");
  await subscribeGranted(hc.client, ["mafia/v1/t1/host/#", "mafia/v1/t1/public/#"]);
  const host = new HostConsole(hc);
  const seats = Array.from({ length: 10 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
  const setup = await host.command("setup", {
    ruleset: "sport",
    seats,
    options: { autoAdvance: false, ...options },
  });
  if (!setup.ok) throw new Error(`setup refused: ${JSON.stringify(setup)}`);
  return { hc, host };
}
