/**
 * Browser-test harness: the display (built once per run) copied into a temporary folder, the
 * real hub started in-process on free ports, Debian's chromium through playwright-core, and
 * mqtt.js clients that play the paddles and the host.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import mqtt, { type MqttClient } from "mqtt";
import { type Browser, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { createMemoryLogger } from "../../hub/process/logger.js";
import { type Hub, startHub } from "../../hub/server.js";
import type { HostReply } from "../../protocol/host.js";
import type { PublicState } from "../../protocol/views.js";
import type { CommandBody } from "../../web-display/src/connection.js";
import { viteBuild } from "./display-build.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ARTIFACTS = join(ROOT, "test-artifacts", "screenshots");
const DOCS = join(ROOT, "docs", "screenshots");

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/**
 * The display in a fresh folder of this file's own: a copy of the one the browser project's
 * global setup built (display-build.ts), else (a file run outside that project) built here.
 */
export async function buildDisplay(): Promise<string> {
  const out = await tempDir("display-dist-");
  const shared = inject("displayDist");
  if (shared) await cp(shared, out, { recursive: true });
  else await viteBuild(out);
  return out;
}

/** Debian's chromium; the tests fail (never skip) when it is missing. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does this)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}

export async function startTestHub(staticDir: string, dataDir: string, httpPort = 0): Promise<Hub> {
  const { logger } = createMemoryLogger("warn");
  return startHub({ dataDir, staticDir, mqttPort: 0, httpPort, host: "127.0.0.1", logger });
}

/**
 * A PNG under test-artifacts/screenshots; with UPDATE_SCREENSHOTS=1 also the picture that the
 * README shows, under docs/screenshots (a JPEG unless `docs` asks for a PNG).
 */
export async function screenshot(
  page: Page,
  name: string,
  docs: "jpeg" | "png" = "jpeg",
): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path });
  if (process.env.UPDATE_SCREENSHOTS) {
    await mkdir(DOCS, { recursive: true });
    if (docs === "png") await page.screenshot({ path: join(DOCS, `${name}.png`), fullPage: true });
    else await page.screenshot({ path: join(DOCS, `${name}.jpg`), type: "jpeg", quality: 85 });
  }
  return path;
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/**
 * What a test client needs of a hub: its ports and its passwords. An in-process `Hub` has
 * them; so does a hub started by the command line in a child process (its secrets.json).
 */
export interface HubAccess {
  readonly mqttPort: number;
  readonly httpPort: number;
  readonly secrets: { password(user: string): string | undefined };
}

let clients = 0;

async function connect(hub: HubAccess, username: string): Promise<MqttClient> {
  clients += 1;
  return mqtt.connectAsync(`mqtt://127.0.0.1:${hub.mqttPort}`, {
    protocolVersion: 4,
    username,
    password: hub.secrets.password(username),
    clientId: `browser-test-${process.pid}-${clients}`,
    reconnectPeriod: 0,
    clean: true,
  });
}

/** One paddle: its own boot id and an increasing seq; every input waits for its PUBACK. */
export class Paddle {
  private seq = 0;
  private readonly boot = Math.floor(Math.random() * 2 ** 32)
    .toString(16)
    .padStart(8, "0");

  private constructor(
    readonly seat: number,
    private readonly client: MqttClient,
  ) {}

  static async connect(hub: HubAccess, seat: number, table = "t1"): Promise<Paddle> {
    return new Paddle(seat, await connect(hub, `seat/${table}/${seat}`));
  }

  async send(input: Record<string, unknown>): Promise<void> {
    this.seq += 1;
    const body = JSON.stringify({ boot: this.boot, seq: this.seq, ...input });
    await this.client.publishAsync(`mafia/v1/t1/seat/${this.seat}/input`, body, { qos: 1 });
  }

  pass = () => this.send({ kind: "pass" });
  blindfold = (on: boolean) => this.send({ kind: "blindfold", on });
  act = (action: string, target: number) => this.send({ kind: "act", action, targets: [target] });
  thumb = (down: boolean) => this.send({ kind: "thumb", down });

  end(): Promise<void> {
    return this.client.endAsync();
  }
}

/** The host over MQTT: commands with replies, and the latest public state and host view. */
export class HostClient {
  state: PublicState | null = null;
  view: {
    seats: { seat: number; role: string; team: string; blindfoldOn?: boolean | null }[];
  } | null = null;
  private replies = new Map<string, HostReply>();
  private waiters: (() => void)[] = [];
  private n = 0;
  /** Command ids differ between clients: the hub answers a repeated id with its first reply. */
  private readonly tag = Math.floor(Math.random() * 2 ** 32).toString(16);

  private constructor(private readonly client: MqttClient) {
    client.on("message", (topic, payload) => {
      const json = payload.length > 0 ? JSON.parse(payload.toString()) : null;
      if (topic.endsWith("/public/state")) this.state = json;
      else if (topic.endsWith("/host/view")) this.view = json;
      else if (topic.endsWith("/host/reply")) this.replies.set(json.id, json);
      for (const w of this.waiters) w();
    });
  }

  static async connect(hub: HubAccess): Promise<HostClient> {
    const client = await connect(hub, "host/t1");
    const host = new HostClient(client);
    await client.subscribeAsync(["mafia/v1/t1/public/#", "mafia/v1/t1/host/#"], { qos: 1 });
    return host;
  }

  /** Waits until `test` holds (re-checked on every message). */
  until<T>(test: () => T | null | undefined | false, what: string, ms = 5000): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const v = test();
        if (v) {
          this.waiters = this.waiters.filter((w) => w !== check);
          clearTimeout(timer);
          resolve(v);
        }
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== check);
        reject(new Error(`timed out waiting for ${what}; state ${JSON.stringify(this.brief())}`));
      }, ms);
      this.waiters.push(check);
      check();
    });
  }

  brief() {
    const s = this.state;
    return s && { phase: s.phase, step: s.step, round: s.round, speaker: s.speaker };
  }

  async command(body: CommandBody): Promise<HostReply> {
    this.n += 1;
    const id = `t-${this.tag}-${this.n}`;
    await this.client.publishAsync("mafia/v1/t1/host/command", JSON.stringify({ id, ...body }), {
      qos: 1,
    });
    return this.until(() => this.replies.get(id), `reply to ${body.cmd}`);
  }

  /** A command that must succeed. */
  async ok(body: CommandBody): Promise<void> {
    const reply = await this.command(body);
    if (!reply.ok) throw new Error(`${body.cmd} refused: ${reply.error} ${reply.message}`);
  }

  seatsWith(test: (role: string) => boolean): number[] {
    return (this.view?.seats ?? []).filter((s) => test(s.role)).map((s) => s.seat);
  }

  end(): Promise<void> {
    return this.client.endAsync();
  }
}

/** Seats 1..n named P1..Pn, as a host's setup lists them. */
export function namedSeats(n: number): { seat: number; name: string }[] {
  return Array.from({ length: n }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
}

/** The host bot and a paddle on each of `seats` seats, connected; `end()` lets them all go. */
export async function seatedTable(hub: HubAccess, seats: number) {
  const host = await HostClient.connect(hub);
  const paddles = await Promise.all(
    Array.from({ length: seats }, (_, i) => Paddle.connect(hub, i + 1)),
  );
  const end = async () => {
    await Promise.all([host.end(), ...paddles.map((p) => p.end())]);
  };
  return { host, paddles, end };
}
