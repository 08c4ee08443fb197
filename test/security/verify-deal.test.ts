/**
 * The verifiable deal: a bot game over MQTT, its public states saved as a display saw
 * them and its journal as the hub wrote it. Before the first night the public state
 * carries the commitment, every later state the same one, and the end opens salt and
 * roles; `npm run verify-deal` verifies both files, and a changed deal (roles swapped, a
 * commitment replaced, a deal opened early, another seed) fails.
 */
import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealCommitment } from "../../hub/engine/index.js";
import { verdict, verifyFile } from "../../hub/journal/verify-deal.js";
import type { PublicState } from "../../protocol/index.js";
import { BotClients, playBotGame, WireTable } from "../helpers/bot-wire.js";
import {
  type Connected,
  connectIdentity,
  endAll,
  removeDir,
  startTestHub,
  subscribeGranted,
  type TestHub,
  tempDir,
} from "../helpers/hub.js";
import { mulberry32 } from "../helpers/random-game.js";

const ROOT = join(import.meta.dirname, "..", "..");
let dir: string;
let hub: TestHub;
let display: Connected;
let states: PublicState[];
let journalPath: string;
let logPath: string;

/** Runs `npm run verify-deal -- ...args`; resolves with its exit code and output. */
function npmVerify(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const proc = spawn("npm", ["run", "--silent", "verify-deal", "--", ...args], { cwd: ROOT });
    let out = "";
    proc.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    proc.stderr.on("data", (d: Buffer) => {
      out += d.toString();
    });
    proc.once("exit", (code) => resolve({ code, out }));
  });
}

async function check(text: string, commitment?: string) {
  const path = join(dir, `case-${Math.random().toString(16).slice(2)}.jsonl`);
  await writeFile(path, text);
  return verdict([await verifyFile(path)], commitment);
}

const lines = (list: unknown[]) => `${list.map((s) => JSON.stringify(s)).join("\n")}\n`;

beforeAll(async () => {
  dir = await tempDir("verify-deal-");
  hub = await startTestHub({ dataDir: dir });
  display = await connectIdentity(hub, "display/t1");
  await subscribeGranted(display.client, ["mafia/v1/t1/public/state"]);
  const bot = await BotClients.connect({
    port: hub.mqttPort,
    password: (u) => hub.secrets.password(u),
    table: "t1",
    seats: 10,
  });
  const game = () => hub.tables.get("t1")?.game ?? null;
  await playBotGame({ bot, wire: new WireTable("t1", 7), rand: mulberry32(7), game });
  await bot.end();
  journalPath = hub.tables.get("t1")?.journalPath as string;
  await display.inbox.next<PublicState>("mafia/v1/t1/public/state", (s) => s.phase === "ended", {
    past: true,
  });
  states = display.inbox.all
    .filter((m) => m.topic === "mafia/v1/t1/public/state")
    .map((m) => m.json as PublicState);
  // What a display saved: from the moment it joined, the default game's setup included.
  logPath = join(dir, "public-log.jsonl");
  await writeFile(logPath, lines(states));
});

afterAll(async () => {
  await endAll(display);
  await hub?.stop();
  await removeDir(dir);
});

describe("the deal over the wire", () => {
  it("is committed before the first night, kept all game, and opened at the end", () => {
    const first = states.findIndex((s) => s.deal !== null);
    expect(states.slice(0, first).every((s) => s.phase === "setup")).toBe(true);
    expect(states[first]).toMatchObject({ phase: "night", round: 0 });
    const commitment = states[first]?.deal?.commitment;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    const dealt = states.slice(first);
    expect(dealt.every((s) => s.deal?.commitment === commitment)).toBe(true);
    expect(dealt.filter((s) => s.deal?.salt !== null).map((s) => s.phase)).toEqual(["ended"]);
    const end = states.at(-1) as PublicState;
    const { salt, roles } = end.deal as { salt: string; roles: string[] };
    expect(dealCommitment(salt, roles)).toBe(commitment);
    expect(roles).toEqual(end.seats.map((s) => s.role));
  });
});

describe("npm run verify-deal", () => {
  it("verifies the saved public log and the journal, and the commitment seen at the table", async () => {
    const commitment = states.at(-1)?.deal?.commitment as string;
    const r = await npmVerify([logPath, journalPath, "--commitment", commitment]);
    expect(r.out).toMatch(/VERIFIED: 2 deals/);
    expect(r.out).toMatch(/committed to [0-9a-f]{12}… at the deal \(night, round 0\)/);
    expect(r.out).toMatch(/the deal was made again from the seed/);
    expect(r.code).toBe(0);
  });

  it("fails a log whose opened deal was changed (two roles swapped)", async () => {
    const changed = structuredClone(states);
    const end = changed.at(-1) as PublicState;
    const roles = end.deal?.roles as string[];
    const j = roles.findIndex((x) => x !== roles[0]);
    [roles[0], roles[j]] = [roles[j] as string, roles[0] as string];
    const path = join(dir, "changed.jsonl");
    await writeFile(path, lines(changed));
    const r = await npmVerify([path]);
    expect(r.out).toMatch(/✗ sha256\(salt \+ ":" \+ roles\) = [0-9a-f]{12}…, not the commitment/);
    expect(r.out).toMatch(/FAILED/);
    expect(r.code).toBe(1);
  });

  it("fails a changed commitment, a deal opened early, and a public log from another game", async () => {
    const mid = Math.floor(states.length / 2);
    const swapped = structuredClone(states);
    const other = dealCommitment("00", ["x"]);
    for (const s of swapped.slice(mid)) if (s.deal) s.deal.commitment = other;
    expect((await check(lines(swapped))).text).toMatch(/carries another commitment/);
    const early = structuredClone(states);
    const end = states.at(-1)?.deal as NonNullable<PublicState["deal"]>;
    (early[mid] as PublicState).deal = { ...end };
    const earlyVerdict = await check(lines(early));
    expect(earlyVerdict.ok).toBe(false);
    expect(earlyVerdict.text).toMatch(/opened before the end/);
    expect((await check(lines(states), other)).text).toMatch(/no verified game has the commitment/);
  });

  it("fails a journal whose seed was changed against the commitment seen at the table", async () => {
    const commitment = states.at(-1)?.deal?.commitment as string;
    const text = await readFile(journalPath, "utf8");
    const [head, ...rest] = text.split("\n");
    const header = JSON.parse(head as string);
    header.config.seed = "f".repeat(32);
    const forged = await check([JSON.stringify(header), ...rest].join("\n"), commitment);
    expect(forged.ok).toBe(false);
    expect(forged.text).toMatch(/✗ no verified game has the commitment/);
    expect((await check(text, commitment)).ok).toBe(true);
  });

  it("verifies a single retained final state, and reads `topic payload` lines", async () => {
    const end = states.at(-1) as PublicState;
    const single = await check(JSON.stringify(end, null, 2));
    expect(single.ok).toBe(true);
    expect(single.text).toMatch(/only one state/);
    const sub = states.map((s) => `mafia/v1/t1/public/state ${JSON.stringify(s)}`);
    sub.splice(3, 0, `mafia/v1/t1/public/log {"seq":1,"key":"x"}`);
    expect((await check(`${sub.join("\n")}\n`)).ok).toBe(true);
  });

  it("does not verify a game that has not ended, nor a file without public states", async () => {
    const running = await check(lines(states.slice(0, -1)));
    expect(running.ok).toBe(false);
    expect(running.text).toMatch(/NOT VERIFIED/);
    expect((await check("hello\n")).text).toMatch(/no public state/);
  });
});
