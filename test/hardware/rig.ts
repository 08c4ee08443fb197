/**
 * The hardware under test: a Firmata board emulator on a loopback port, and the hub's
 * hardware layer (johnny-five over firmata-io over TCP) connected to it and to the hub's
 * broker as an ordinary MQTT client. No hardware, no mock: the bytes are a board's.
 */

import { FirmataBoardEmulator } from "../../firmware-sim/firmata/board-emulator.js";
import { type Hardware, parseBoardConfig, startHardware } from "../../hub/hardware/index.js";
import type { Logger } from "../../hub/logger.js";
import type { Hub } from "../../hub/server.js";
import type { PublicState } from "../../protocol/index.js";
import { type Connected, type Inbox, until } from "../helpers/hub.js";

/** Reconnects in tens of milliseconds, not seconds. */
export const FAST_BACKOFF = { minMs: 50, maxMs: 200, handshakeMs: 3000 };

export interface Rig {
  emu: FirmataBoardEmulator;
  hw: Hardware;
  /** Closes a button to ground for a moment, as a finger would. */
  press(pin: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts an emulated board and the hardware for `board` (a config's board minus transport). */
export async function startRig(
  hub: Hub,
  log: Logger,
  board: Record<string, unknown>,
  before: (emu: FirmataBoardEmulator) => void = () => undefined,
): Promise<Rig> {
  const emu = new FirmataBoardEmulator();
  before(emu);
  const port = await emu.listen(0);
  const config = parseBoardConfig({
    table: "t1",
    boards: [{ id: "test", transport: { type: "tcp", host: "127.0.0.1", port }, ...board }],
  });
  const hw = startHardware(
    config,
    { mqttUrl: `mqtt://127.0.0.1:${hub.mqttPort}`, password: (u) => hub.secrets.password(u) },
    log,
    FAST_BACKOFF,
  );
  await until(() => hw.links.every((l) => l.board !== null), 5000, "the board to be ready");
  return {
    emu,
    hw,
    async press(pin) {
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
