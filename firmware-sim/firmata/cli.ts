/**
 * `npm run firmata -- [--port 3030] [--lcd 0x27] [--lcd-size 16x2]`: the Firmata board
 * emulator on a TCP port, to run the hub's host box and wired seats without hardware
 * (`npm start -- --board CONFIG` with a `tcp` transport to this port).
 *
 * It prints the LCD's text and every output pin's level change, and takes lines on stdin:
 * `press PIN` (a button to ground for 150 ms), `low PIN` / `high PIN` (a switch held closed
 * or pulled up), `float PIN` (let go), `drop` (unplug: close the connections), `quit`.
 */
import { createInterface } from "node:readline";
import { Command, InvalidArgumentError } from "commander";
import { FirmataBoardEmulator } from "./board-emulator.js";

function int(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`an integer ${min}..${max}`);
    return n;
  };
}

async function main(argv: string[]): Promise<void> {
  const o = new Command()
    .name("firmata")
    .description("A Firmata board (StandardFirmata 2.5, Uno pin layout) on a TCP port")
    .option("--port <n>", "TCP port (0: pick one)", int(0, 65535), 3030)
    .option("--host <addr>", "interface to listen on", "127.0.0.1")
    .option("--lcd <address>", "a PCF8574 character LCD at this I2C address (e.g. 0x27)")
    .option("--lcd-size <colsxrows>", "the LCD's size", "16x2")
    .showHelpAfterError()
    .parse(argv)
    .opts<{ port: number; host: string; lcd?: string; lcdSize: string }>();

  const emu = new FirmataBoardEmulator();
  if (o.lcd !== undefined) {
    const [cols, rows] = o.lcdSize.split("x").map(Number);
    const address = Number(o.lcd);
    emu.attachLcd(address, cols ?? 16, rows ?? 2);
    let shown = "";
    emu.on("lcd", () => {
      const text = emu.lcd(address)?.lines().join(" | ") ?? "";
      if (text === shown) return;
      shown = text;
      process.stdout.write(`lcd: [${text}]\n`);
    });
  }
  let logged = 0;
  emu.on("write", () => {
    for (; logged < emu.outputLog.length; logged++) {
      const e = emu.outputLog[logged];
      if (e) process.stdout.write(`pin ${e.pin}: ${e.level ? "HIGH" : "low"}\n`);
    }
  });
  emu.on("connection", () => process.stdout.write("firmata: a host connected\n"));
  const port = await emu.listen(o.port, o.host);
  process.stdout.write(`firmata: board on tcp://${o.host}:${port}\n`);

  const rl = createInterface({ input: process.stdin });
  rl.on("line", (line) => {
    const [verb, arg] = line.trim().split(/\s+/);
    const pin = Number(arg);
    try {
      if (verb === "press") {
        emu.setInput(pin, 0);
        setTimeout(() => emu.setInput(pin, null), 150);
      } else if (verb === "low") emu.setInput(pin, 0);
      else if (verb === "high") emu.setInput(pin, 1);
      else if (verb === "float") emu.setInput(pin, null);
      else if (verb === "drop") emu.dropClients();
      else if (verb === "quit") void emu.close().then(() => process.exit(0));
      else if (verb) process.stdout.write("press|low|high|float PIN, drop, quit\n");
    } catch (err) {
      process.stdout.write(`${(err as Error).message}\n`);
    }
  });
  const stop = () => void emu.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main(process.argv).catch((err: Error) => {
  process.stderr.write(`firmata: ${err.message}\n`);
  process.exit(1);
});
