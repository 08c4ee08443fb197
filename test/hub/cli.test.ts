/** The command line as PROTOCOL.md fixes it: --help, the ready line, port 0, SIGTERM/SIGINT, logs off stdout. */
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runHub, spawnHub } from "../helpers/cli-process.js";
import { connectAs, endAll, removeDir, tempDir } from "../helpers/hub.js";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await removeDir(d);
});

describe("hub command line", () => {
  it("--help lists every flag", async () => {
    const r = await runHub(["--help"]);
    expect(r.code).toBe(0);
    for (const flag of [
      "--data-dir",
      "--mqtt-port",
      "--http-port",
      "--table",
      "--ruleset",
      "--seats",
      "--sim",
      "--sim-force",
      "--log-level",
      "--log-format",
      "--print-pairing",
      "--tls",
      "--mqtts-port",
      "--tls-cert",
      "--tls-key",
    ]) {
      expect(r.stdout).toContain(flag);
    }
    // What the help says is what is accepted (issue 10).
    expect(r.stdout).toMatch(/--table <id>[\s\S]*?\(default: t1\)\s+--ruleset/);
    expect(r.stdout).not.toContain("default: []");
    expect(r.stdout).toMatch(/--seats <n>\s+seats of the default game, 1\.\.20/);
    const zero = await runHub(["--seats", "0"]);
    expect(zero.code).not.toBe(0);
    expect(zero.stderr).toMatch(/an integer 1\.\.20/);
  });

  it("refuses a bad flag value with a message", async () => {
    const r = await runHub(["--seats", "30"]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/seats/);
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`prints exactly one ready line, serves MQTT and HTTP, and stops cleanly on ${signal}`, async () => {
      const dir = await tempDir("hub-cli-");
      dirs.push(dir);
      const hub = await spawnHub([
        "--data-dir",
        dir,
        "--mqtt-port",
        "0",
        "--http-port",
        "0",
        "--table",
        "t1,t2",
      ]);
      expect(hub.stdout).toEqual([
        `hub ready mqtt=${hub.mqttPort} http=${hub.httpPort} data=${dir}`,
      ]);
      expect(hub.mqttPort).toBeGreaterThan(0);
      expect(((await stat(join(dir, "secrets.json"))).mode & 0o777).toString(8)).toBe("600");
      const secrets = await hub.secrets();
      expect(Object.keys(secrets)).toContain("seat/t2/20");
      const c = await connectAs(hub.mqttPort, "display/t2", secrets["display/t2"]);
      const health = await fetch(`http://127.0.0.1:${hub.httpPort}/healthz`);
      expect(await health.json()).toMatchObject({ ok: true });
      await endAll(c);
      hub.proc.kill(signal);
      const exit = await hub.exited;
      expect(exit.code).toBe(0);
      expect(hub.stdout).toHaveLength(1);
      // Logs are JSON lines on stderr.
      const lines = hub.stderr().trim().split("\n");
      expect(lines.every((l) => l.startsWith("{"))).toBe(true);
    });
  }

  it("--sim N with a seat count the ruleset refuses exits 1 with the reason, at once", async () => {
    const dir = await tempDir("hub-cli-");
    dirs.push(dir);
    const r = await runHub([
      "--sim",
      "3",
      "--data-dir",
      dir,
      "--mqtt-port",
      "0",
      "--http-port",
      "0",
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--sim 3 --ruleset sport: .*sport needs 7 to 12 players, got 3/);
    expect(r.stdout).not.toMatch(/hub ready/);
  });
});
