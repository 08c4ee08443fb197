/**
 * Issue 24 at the command line: a taken port is named with its flag before anything is
 * written; `--help` lists the registered rulesets; a terminal gets one line per log event;
 * the JSON logs say when a game ended and who won.
 */
import { spawn } from "node:child_process";
import { stat } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { availableRulesets, type GameState } from "../../hub/engine/index.js";
import { prettyStream } from "../../hub/process/logger.js";
import { gameEndedRecord, gameName } from "../../hub/table/game-events.js";
import { runHub } from "../helpers/cli-process.js";
import { removeDir, tempDir, until } from "../helpers/hub.js";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await removeDir(d);
});

function hold(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : 0 });
    });
  });
}

describe("a taken port", () => {
  for (const [flag, other] of [
    ["--mqtt-port", "--http-port"],
    ["--http-port", "--mqtt-port"],
  ] as const) {
    it(`${flag}: exits 1 naming the port and the flag, and writes no data dir`, async () => {
      const parent = await tempDir("hub-port-");
      dirs.push(parent);
      const dir = join(parent, "data");
      const { server, port } = await hold();
      try {
        // A generous limit: the hub's own start-up (tsx compiling start.ts) took 20 s on a
        // loaded 2-core machine before the port check could run.
        const args = ["--data-dir", dir, flag, String(port), other, "0", "--no-mdns"];
        const r = await runHub(args, 60_000);
        expect(r.code).toBe(1);
        expect(r.stderr).toContain(`port ${port}`);
        expect(r.stderr).toContain(`pick another with ${flag} N`);
        expect(r.stderr).not.toMatch(/EADDRINUSE/);
        expect(r.stdout).not.toMatch(/hub ready/);
        await expect(stat(dir)).rejects.toThrow(/ENOENT/);
      } finally {
        server.close();
      }
    }, 90_000);
  }
});

describe("--help", () => {
  it("lists every registered ruleset id, and the mDNS switch", async () => {
    const r = await runHub(["--help"]);
    expect(r.code).toBe(0);
    const help = r.stdout.replace(/\s+/g, " ");
    expect(help).toContain(`without a journal: ${availableRulesets().join(", ")}`);
    expect(help).toContain("--no-mdns");
  });
});

describe("logs on a terminal", () => {
  it("one line per event, fields and all", async () => {
    const out = new PassThrough();
    let text = "";
    out.on("data", (d: Buffer) => {
      text += d.toString();
    });
    const log = pino({ base: { svc: "hub" } }, prettyStream(out, false));
    log.info(
      {
        event: "hub.listening",
        mqttPort: 1883,
        httpPort: 8080,
        tables: ["t1", "t2"],
        nested: { a: 1, b: [1, 2] },
      },
      "hub listening",
    );
    log.warn({ event: "input.bad", seat: 3, code: "bad_json", why: "not JSON" });
    await new Promise((r) => setImmediate(r));
    const lines = text.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: hub listening .*"event":"hub.listening"/);
    expect(lines[0]).toContain('"tables":["t1","t2"]');
    expect(lines[1]).toMatch(/WARN: .*"code":"bad_json"/);
  });
});

describe("game.ended", () => {
  it("names the game as the record route does, the winner, once per end", () => {
    expect(gameName("/var/lib/mafia/t1/game-0007.jsonl")).toBe("game-0007");
    expect(gameName("mafia:t:t1:game:0012")).toBe("game-0012");
    const playing = { phase: "day", ruleset: "sport", winner: null, round: 3, rev: 90 };
    const ended = { ...playing, phase: "ended", winner: "town", rev: 91 };
    expect(
      gameEndedRecord(
        playing as unknown as GameState,
        ended as unknown as GameState,
        "/d/t1/game-0002.jsonl",
      ),
    ).toEqual({
      event: "game.ended",
      game: "game-0002",
      ruleset: "sport",
      winner: "town",
      round: 3,
      rev: 91,
    });
    expect(
      gameEndedRecord(ended as unknown as GameState, ended as unknown as GameState, null),
    ).toBeNull();
  });
});

describe("a terminal", () => {
  it("gets one line per log event, and the pairing links again on p", async () => {
    const dir = await tempDir("hub-tty-");
    dirs.push(dir);
    const cmd = `${process.execPath} --import tsx start.ts --data-dir ${dir} --mqtt-port 0 --http-port 0 --no-mdns`;
    // `script` gives the hub a real pseudo-terminal, stdin included, so keys reach it.
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
    const heading = "display of table t1 (open on the table's screen):";
    const count = () => out.split(heading).length - 1;
    try {
      await until(() => out.includes("press p to show the pairing links again"), 30_000, "links");
      expect(count()).toBe(1);
      proc.stdin.write("p");
      await until(() => count() === 2, 10_000, "links again");
    } finally {
      process.kill(-(proc.pid as number), "SIGTERM");
    }
    const lines = out.split(/\r?\n/);
    const logs = lines.filter((l) => /^\[\d\d:\d\d:\d\d\] [A-Z]+:/.test(l));
    expect(logs.some((l) => /INFO: hub listening \{.*"httpPort":\d+/.test(l))).toBe(true);
    // pino-pretty's default put each field on a line of its own, indented.
    expect(lines.filter((l) => /^\s{4}"?\w+"?: /.test(l))).toEqual([]);
  }, 60_000);
});
