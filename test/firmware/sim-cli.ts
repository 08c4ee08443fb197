/**
 * `npm start -- --sim N --ruleset R` as a user runs it (a child process on free ports):
 * resolves with the final public state once the bot game has a winner, then stops the hub
 * with SIGTERM and expects a clean exit.
 */
export function simGameToEnd(
  ruleset: string,
  seats: number,
  timeoutMs: number,
  dirs: string[],
): Promise<PublicState> {
  return simGameUntil(
    ruleset,
    seats,
    (s) => s.phase === "ended" && s.winner !== null,
    timeoutMs,
    dirs,
  );
}

/** The same, resolving with the first public state of the bot game that `reached` accepts. */
import { expect } from "vitest";
import type { PublicState } from "../../protocol/index.js";
import { spawnHub } from "../helpers/cli-process.js";
import { connectAs, endAll, tempDir } from "../helpers/hub.js";

export async function simGameUntil(
  ruleset: string,
  seats: number,
  reached: (s: PublicState) => boolean,
  timeoutMs: number,
  dirs: string[],
): Promise<PublicState> {
  const dir = await tempDir(`hub-sim-${ruleset}-`);
  dirs.push(dir);
  const ports = ["--mqtt-port", "0", "--http-port", "0"];
  const hub = await spawnHub([
    "--sim",
    String(seats),
    "--ruleset",
    ruleset,
    "--data-dir",
    dir,
    ...ports,
  ]);
  try {
    const secrets = await hub.secrets();
    const c = await connectAs(hub.mqttPort, "display/t1", secrets["display/t1"]);
    await c.client.subscribeAsync("mafia/v1/t1/public/state", { qos: 1 });
    const end = await c.inbox.next<PublicState>(
      "mafia/v1/t1/public/state",
      (s) => s.ruleset === ruleset && reached(s),
      { past: true, timeout: timeoutMs },
    );
    await endAll(c);
    return end;
  } finally {
    hub.proc.kill("SIGTERM");
    expect((await hub.exited).code).toBe(0);
  }
}
