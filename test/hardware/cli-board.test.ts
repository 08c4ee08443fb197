/**
 * `npm start -- --board CONFIG` as a user runs it: the hub's real command line in a child
 * process, driving the Firmata board emulator over TCP.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FirmataBoardEmulator } from "../../firmware-sim/firmata/board-emulator.js";
import { runHub, spawnHub } from "../helpers/cli-process.js";
import { removeDir, tempDir, until } from "../helpers/hub.js";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await removeDir(d);
});

async function configFile(config: unknown): Promise<{ dir: string; path: string }> {
  const dir = await tempDir("hub-board-");
  dirs.push(dir);
  const path = join(dir, "board.json");
  await writeFile(path, JSON.stringify(config));
  return { dir, path };
}

describe("npm start -- --board CONFIG", () => {
  it("starts the hub with the host box and a wired seat on the emulated board, and stops cleanly", async () => {
    const emu = new FirmataBoardEmulator();
    emu.attachLcd(0x27, 16, 2);
    const port = await emu.listen(0);
    const { dir, path } = await configFile({
      boards: [
        {
          id: "box",
          transport: { type: "tcp", host: "127.0.0.1", port },
          box: { buttons: { next: 2 }, lamps: { night: 8 }, lcd: { address: 0x27 } },
          seats: [{ seat: 10, thumb: 10, blindfold: 11 }],
        },
      ],
    });
    const hub = await spawnHub([
      "--data-dir",
      join(dir, "data"),
      "--mqtt-port",
      "0",
      "--http-port",
      "0",
      "--board",
      path,
    ]);
    try {
      await until(
        () => emu.lcd(0x27)?.lines()[0]?.trimEnd() === "Setup",
        10_000,
        "the LCD to show the table",
      );
      await until(() => hub.stderr().includes('"event":"board.ready"'), 5000, "board.ready");
      await until(
        () => hub.stderr().includes('"event":"presence"') || hub.stderr().includes("seat/t1/10"),
        5000,
        "the wired seat to connect",
      );
      expect(hub.stdout).toHaveLength(1);
    } finally {
      hub.proc.kill("SIGTERM");
      const end = await hub.exited;
      console.log(
        "STDERR",
        hub
          .stderr()
          .split("\n")
          .map((l) => l.slice(0, 160))
          .join("\n"),
      );
      await emu.close();
      expect(end.code).toBe(0);
    }
  }, 30_000);

  it("keeps running when the board is unreachable, and says so", async () => {
    const { dir, path } = await configFile({
      boards: [{ id: "away", transport: { type: "tcp", host: "127.0.0.1", port: 1 }, seats: [] }],
    });
    const hub = await spawnHub([
      "--data-dir",
      join(dir, "data"),
      "--mqtt-port",
      "0",
      "--http-port",
      "0",
      "--board",
      path,
    ]);
    try {
      await until(
        () => hub.stderr().includes('"event":"board.unreachable"'),
        5000,
        "the retry log",
      );
      expect(hub.proc.exitCode).toBeNull();
    } finally {
      hub.proc.kill("SIGTERM");
      expect((await hub.exited).code).toBe(0);
    }
  }, 30_000);

  it("refuses a bad config before starting, naming the field", async () => {
    const { path } = await configFile({ boards: [{ id: "b", transport: { type: "usb" } }] });
    const r = await runHub(["--board", path, "--mqtt-port", "0", "--http-port", "0"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("boards[0].transport.type");
    expect(r.stdout).toBe("");
  }, 30_000);
});
