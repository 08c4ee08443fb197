/**
 * `npx tsx firmware-sim/avr/record-firmata.ts`: sends the genuine StandardFirmata (on the
 * simavr harness) the queries the board emulator must answer alike, and writes what came
 * back to test/hardware/fixtures/standard-firmata.json. Each exchange is the bytes sent
 * and every byte received in the quiet time after them; board-emulator.test.ts replays the
 * same exchanges against the emulator.
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { EXCHANGES, type Recorded } from "./firmata-exchanges.js";
import { GenuineBoard } from "./genuine-board.js";

interface Port {
  on(event: "data", cb: (d: Buffer) => void): void;
  once(event: "open", cb: () => void): void;
  write(b: Buffer): void;
  close(cb: () => void): void;
}
const SerialPort = createRequire(import.meta.url)("serialport") as new (
  path: string,
  o: { baudRate: number },
) => Port;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function open(path: string, sink: number[]): Promise<Port> {
  const port = new SerialPort(path, { baudRate: 57600 });
  await new Promise<void>((r) => port.once("open", r));
  port.on("data", (d) => sink.push(...d));
  return port;
}

const board = await GenuineBoard.start();
try {
  const received: number[] = [];
  let port = await open(board.path, received);
  const out: Recorded[] = [];
  for (const ex of EXCHANGES) {
    if (ex.reopen) {
      await new Promise<void>((r) => port.close(r));
      await sleep(300);
      port = await open(board.path, received);
    }
    received.length = 0;
    if (ex.send.length) port.write(Buffer.from(ex.send));
    await sleep(ex.waitMs);
    out.push({ name: ex.name, send: ex.send, received: [...received] });
    process.stdout.write(`${ex.name}: ${Buffer.from(received).toString("hex")}\n`);
  }
  await new Promise<void>((r) => port.close(r));
  const file = join(import.meta.dirname, "../../test/hardware/fixtures/standard-firmata.json");
  writeFileSync(
    file,
    `${JSON.stringify({ firmware: "avrgirl-arduino@5.0.1 junk/hex/uno/StandardFirmata.cpp.hex", exchanges: out }, null, 1)}\n`,
  );
} finally {
  await board.close();
}
