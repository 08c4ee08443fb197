/**
 * Drives one simulated paddle from the terminal: the keys a player's hands would use.
 *   left/right or a/d: prev/next   enter or space: ok   t: thumb down/up   b: blindfold on/off
 *   1-9, 0: drive another seat (0 is seat 10)   q or ctrl-c: quit
 * The driven paddle's screen is printed whenever it changes.
 */
import { emitKeypressEvents } from "node:readline";
import type { SimPaddle } from "./sim-paddle.js";

export function startInteractive(paddles: SimPaddle[], first: number): () => void {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    process.stderr.write("sim: --interactive needs a terminal\n");
    return () => undefined;
  }
  let current = paddles.find((p) => p.seat === first) ?? (paddles[0] as SimPaddle);
  let shown = "";
  const render = () => {
    const screen = current.hal.screen.join(" | ");
    const line = `seat ${current.seat} [${current.paddle.linkState}] thumb=${current.hal.thumbLevel ? "down" : "up"} blindfold=${current.hal.blindfoldLevel ? "on" : "off"} :: ${screen}`;
    if (line === shown) return;
    shown = line;
    process.stdout.write(`${line}\n`);
  };
  for (const p of paddles) p.events.on("change", () => p === current && render());
  emitKeypressEvents(stdin);
  stdin.setRawMode(true);
  const onKey = (str: string | undefined, key: { name?: string; ctrl?: boolean }) => {
    const hal = current.hal;
    if ((key.ctrl && key.name === "c") || key.name === "q") {
      process.kill(process.pid, "SIGINT");
      return;
    }
    if (key.name === "left" || key.name === "a") hal.press("prev");
    else if (key.name === "right" || key.name === "d") hal.press("next");
    else if (key.name === "return" || key.name === "space") hal.press("ok");
    else if (key.name === "t") hal.setThumb(!hal.thumbLevel);
    else if (key.name === "b") hal.setBlindfold(!hal.blindfoldLevel);
    else if (str && /^[0-9]$/.test(str)) {
      const seat = str === "0" ? 10 : Number(str);
      current = paddles.find((p) => p.seat === seat) ?? current;
    }
    render();
  };
  stdin.on("keypress", onKey);
  process.stdout.write(
    "sim: keys: a/d or arrows move, enter/space ok, t thumb, b blindfold, 1-0 seat, q quit\n",
  );
  render();
  return () => {
    stdin.off("keypress", onKey);
    if (stdin.isTTY) stdin.setRawMode(false);
    stdin.pause();
  };
}
