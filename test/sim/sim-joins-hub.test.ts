/**
 * Issue 24: `npm run sim -- --seats 8 --bots --hub …` against a running hub plays its game
 * to the end (the host bot's setup turns on `allowAnySeatCount`, as `npm start -- --sim 8`
 * does; before, the hub refused it with `bad_setup` and the bot waited for ever), and the
 * hub's JSON logs say that game ended, and who won (`game.ended`).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnHub } from "../helpers/cli-process.js";
import { removeDir, tempDir } from "../helpers/hub.js";

const ROOT = join(import.meta.dirname, "..", "..");
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await removeDir(d);
});

function runSim(args: string[], timeout: number): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["--import", "tsx", "firmware-sim/sim/cli.ts", ...args], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    proc.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    proc.stderr.on("data", (d: Buffer) => {
      out += d.toString();
    });
    const timer = setTimeout(() => {
      proc.kill("SIGKILL");
      reject(new Error(`the sim did not finish; its output:\n${out.slice(-3000)}`));
    }, timeout);
    proc.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe("the simulator against a running hub", () => {
  it("--seats 8 (not the standard ten) --bots plays to the end; the hub logs game.ended with table, game and winner", async () => {
    const dir = await tempDir("sim-hub-");
    dirs.push(dir);
    const hub = await spawnHub([
      "--data-dir",
      dir,
      "--mqtt-port",
      "0",
      "--http-port",
      "0",
      "--no-mdns",
    ]);
    try {
      const url = `mqtt://127.0.0.1:${hub.mqttPort}`;
      const sim = await runSim(
        ["--seats", "8", "--bots", "--hub", url, "--data-dir", dir],
        240_000,
      );
      expect(sim.out).toMatch(/sim: the game is over \((mafia|town)\)/);
      expect(sim.code).toBe(0);
      const ended = hub
        .stderr()
        .split("\n")
        .filter((l) => l.includes('"event":"game.ended"'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(ended).toHaveLength(1);
      expect(ended[0]).toMatchObject({ table: "t1", game: "game-0002", ruleset: "sport" });
      expect(["mafia", "town"]).toContain(ended[0]?.winner);
    } finally {
      hub.proc.kill("SIGTERM");
      await hub.exited;
    }
  }, 300_000);

  it("a seat count no option makes the ruleset accept: exits 1 with the reason, at once", async () => {
    const sim = await runSim(["--seats", "3", "--bots", "--hub", "mqtt://127.0.0.1:1"], 60_000);
    expect(sim.code).toBe(1);
    expect(sim.out).toMatch(/sim: --seats 3 --ruleset sport: .*sport needs 7 to 12 players, got 3/);
  }, 90_000);
});
