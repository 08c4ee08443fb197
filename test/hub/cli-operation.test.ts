/**
 * Issue 10, the command line for operators and new users: wrong flags exit 1 with the
 * reason, `--sim` leaves a real game alone, SIGTERM to `npm start`'s own pid stops the hub,
 * and logs keep the display's key out of pipes while people at a terminal get links and QR.
 */
import { spawn } from "node:child_process";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runHub, spawnHub, tryConnect } from "../helpers/cli-process.js";
import {
  connectAs,
  connectIdentity,
  endAll,
  HostConsole,
  removeDir,
  startTestHub,
  subscribeGranted,
  tempDir,
  until,
} from "../helpers/hub.js";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await removeDir(d);
});

async function newDir(): Promise<string> {
  const dir = await tempDir("hub-cli-");
  dirs.push(dir);
  return dir;
}

const PORTS = ["--mqtt-port", "0", "--http-port", "0"];

async function portOpen(port: number): Promise<boolean> {
  return (await tryConnect(port)) === "open";
}

describe("flags that cannot work exit 1 with the reason", () => {
  it("an unknown ruleset, or a default game the ruleset refuses", async () => {
    const dir = await newDir();
    const nope = await runHub(["--ruleset", "nope", "--data-dir", dir, ...PORTS]);
    expect(nope.code).toBe(1);
    expect(nope.stderr).toMatch(/hub: default game .*unknown ruleset "nope"; available: sport/);
    const seven = await runHub(["--seats", "7", "--data-dir", dir, ...PORTS]);
    expect(seven.code).toBe(1);
    expect(seven.stderr).toMatch(/exactly 10 players/);
  });

  it("a Redis that refuses the connection: named with the refusal, nothing printed as unhandled; a long lease warned of first", async () => {
    const dir = await newDir();
    // Port 1 on loopback: nothing listens, so the connection is refused at once.
    const r = await runHub(
      ["--cluster", "redis://127.0.0.1:1", "--lease-ms", "8000", "--data-dir", dir, ...PORTS],
      20_000,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("hub: redis://127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1");
    expect(r.stderr).toContain("hub: warning: --lease-ms 8000:");
    expect(r.stderr).not.toContain("Unhandled error event");
  });
});

describe("--sim", () => {
  it("with N the ruleset does not play at its standard size, sets up a table it accepts", async () => {
    const dir = await newDir();
    const hub = await spawnHub(["--sim", "7", "--data-dir", dir, ...PORTS], 30_000);
    try {
      const secrets = await hub.secrets();
      const c = await connectAs(hub.mqttPort, "display/t1", secrets["display/t1"]);
      await c.client.subscribeAsync("mafia/v1/t1/public/state", { qos: 1 });
      await c.inbox.next<{ seats: unknown[]; phase: string }>(
        "mafia/v1/t1/public/state",
        (s) => s.seats.length === 7 && s.phase !== "setup",
        { past: true, timeout: 20_000 },
      );
      await endAll(c);
    } finally {
      hub.proc.kill("SIGTERM");
      await hub.exited;
    }
  }, 60_000);

  it("refuses to end a real game in progress on its table unless --sim-force", async () => {
    const dir = await newDir();
    const real = await startTestHub({ dataDir: dir });
    const hc = await connectIdentity(real, "host/t1");
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
    await new HostConsole(hc).command("start");
    await endAll(hc);
    const path = real.tables.get("t1")?.journalPath as string;
    await real.stop();
    const before = await readFile(path, "utf8");
    const r = await runHub(["--sim", "10", "--data-dir", dir, ...PORTS]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/table t1 has a game in progress .*--sim-force/);
    expect(await readFile(path, "utf8")).toBe(before); // not a single `end`
    const forced = await spawnHub(["--sim", "10", "--sim-force", "--data-dir", dir, ...PORTS]);
    forced.proc.kill("SIGTERM");
    expect((await forced.exited).code).toBe(0);
  }, 150_000);
});

describe("npm start under a supervisor", () => {
  it("SIGTERM to npm's own pid stops the hub cleanly: ports closed, lock released", async () => {
    const dir = await newDir();
    const hub = await spawnHub(["--data-dir", dir, ...PORTS], 30_000, { viaNpm: true });
    expect(await portOpen(hub.mqttPort)).toBe(true);
    hub.proc.kill("SIGTERM"); // npm's pid, as systemd or a process manager would
    await hub.exited;
    await until(async () => !(await portOpen(hub.mqttPort)), 10_000, "the MQTT port closed");
    await until(async () => !(await portOpen(hub.httpPort)), 10_000, "the HTTP port closed");
    await until(() => hub.stderr().includes('"event":"hub.stopped"'), 10_000, "hub.stopped");
    await expect(stat(join(dir, "hub.lock"))).rejects.toThrow(/ENOENT/);
  }, 60_000);
});

describe("logs", () => {
  it("a pipe gets JSON lines and never the display's or the audience's key, unless --print-pairing", async () => {
    const dir = await newDir();
    const hub = await spawnHub(["--data-dir", dir, ...PORTS]);
    const key = (await hub.secrets())["display/t1"] as string;
    const audienceKey = (await hub.secrets())["audience/t1"] as string;
    hub.proc.kill("SIGTERM");
    await hub.exited;
    const lines = hub.stderr().trim().split("\n");
    expect(lines.every((l) => l.startsWith("{"))).toBe(true);
    expect(hub.stderr()).not.toContain(key);
    expect(hub.stderr()).not.toContain(audienceKey);
    expect(hub.stderr()).toMatch(/--print-pairing/);
    const asked = await spawnHub(["--data-dir", dir, "--print-pairing", ...PORTS]);
    asked.proc.kill("SIGTERM");
    await asked.exited;
    expect(asked.stderr()).toContain(`#k=${encodeURIComponent(key)}`);
    expect(asked.stderr()).toContain(`/audience/?table=t1#k=${encodeURIComponent(audienceKey)}`);
  }, 60_000);

  it("a terminal gets readable lines, the pairing links as plain lines and a QR code", async () => {
    const dir = await newDir();
    const cmd = `${process.execPath} --import tsx start.ts --data-dir ${dir} ${PORTS.join(" ")}`;
    // `script` gives the hub a real pseudo-terminal as stdout and stderr.
    const proc = spawn("script", ["-qfec", cmd, "/dev/null"], {
      cwd: join(import.meta.dirname, "..", ".."),
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    const colours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
    proc.stdout.on("data", (d: Buffer) => {
      out += d.toString().replace(colours, "");
    });
    try {
      await until(() => /host console of table t1[\s\S]*▄/.test(out), 20_000, "links and QR");
    } finally {
      process.kill(-(proc.pid as number), "SIGTERM");
    }
    const key = JSON.parse(await readFile(join(dir, "secrets.json"), "utf8"))["display/t1"];
    expect(out).toMatch(/INFO: hub listening/);
    expect(out).not.toMatch(/^\{"level"/m);
    expect(out).toContain(`display of table t1 (open on the table's screen):`);
    expect(out).toContain(`#k=${encodeURIComponent(key)}`);
    expect(out).toMatch(/\/host\/\?table=t1/);
  }, 60_000);
});
