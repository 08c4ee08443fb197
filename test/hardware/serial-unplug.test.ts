/**
 * A serial board pulled out is seen to go. The genuine StandardFirmata on simavr behind a
 * pseudo-terminal: closing the pty hangs up the port's file as unplugging a USB board does,
 * and a read after that returns 0 bytes (end of file), which serialport 8 retried for ever
 * without a `close` (hub/hardware/transport.ts).
 */

import type { EventEmitter } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GenuineBoard } from "../../firmware-sim/avr/genuine-board.js";
import { serialBinding } from "../../hub/hardware/transport.js";

type Port = EventEmitter & { isOpen: boolean; close(): void; resume(): void; pause(): void };
const SerialPort = createRequire(import.meta.url)("serialport") as new (
  path: string,
  opts: Record<string, unknown>,
) => Port;

describe("a serial board pulled out", () => {
  const dir = mkdtempSync(join(tmpdir(), "serial-unplug-"));
  let board: GenuineBoard | null = null;
  afterAll(async () => {
    await board?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("closes the port when the first read after the cable came out finds the end of file", async () => {
    board = await GenuineBoard.start({ link: join(dir, "ttyUno") });
    const port = new SerialPort(join(dir, "ttyUno"), { baudRate: 57600, binding: serialBinding() });
    await new Promise((resolve, reject) => {
      port.once("open", resolve);
      port.once("error", reject);
    });
    // Not reading yet: the first read comes after the hang-up, as when the cable comes out
    // while the hub is busy with the bytes it has just read.
    port.pause();
    await board.unplug();
    await new Promise((r) => setTimeout(r, 100));
    const closed = new Promise<unknown>((resolve) => port.once("close", resolve));
    port.resume();
    const err = await Promise.race([
      closed,
      new Promise((r) => setTimeout(() => r("no close"), 3000)),
    ]);
    expect(err).toMatchObject({ disconnected: true, code: "EOF" });
    expect(port.isOpen).toBe(false);
  });
});
