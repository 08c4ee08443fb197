/**
 * The simulator's entry for start.ts (`npm start -- --sim N`): N bot paddles and the
 * host bot on the hub that just started, playing one game with the fastest timings.
 */
import { type SimOptions, type SimTable, startSim as startTable } from "./table-sim.js";

export { parseScenario } from "./script.js";
export { SimPaddle } from "./sim-paddle.js";
export type { SimOptions, SimTable };

/**
 * Bots and the host bot are on unless the caller says otherwise. The narration goes to
 * stderr: the hub's stdout carries only its `hub ready` line, which harnesses parse.
 */
export function startSim(o: SimOptions): Promise<SimTable> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  return startTable({ bots: true, hostBot: true, log, ...o });
}
