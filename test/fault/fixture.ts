import { expect } from "vitest";
import type { GameState } from "../../hub/engine/index.js";
import type { BrokerLimits } from "../../hub/mqtt/broker.js";
import { seatList } from "../helpers/bot-wire.js";
import {
  type Connected,
  connectIdentity,
  endAll,
  gameOf,
  HostConsole,
  journalText,
  removeDir,
  startTestHub,
  subscribeGranted,
  type TestHub,
  tempDir,
} from "../helpers/hub.js";

export const SEAT = 3;
export const SIGNAL = `mafia/v1/t1/seat/${SEAT}/signal`;
export const INPUT = `mafia/v1/t1/seat/${SEAT}/input`;
export const REPLY = "mafia/v1/t1/host/reply";
export const COMMAND = "mafia/v1/t1/host/command";

export class StartedTable {
  hub!: TestHub;
  host!: HostConsole;
  seat!: Connected;
  private dir = "";
  private snapshot: GameState | null = null;
  private journalLines = 0;
  private readonly extra: Connected[] = [];

  static async open(limits?: BrokerLimits): Promise<StartedTable> {
    const t = new StartedTable();
    t.dir = await tempDir("hub-bad-");
    t.hub = await startTestHub({ dataDir: t.dir, ...(limits ? { limits } : {}) });
    const hc = await connectIdentity(t.hub, "host/t1");
    await subscribeGranted(hc.client, ["mafia/v1/t1/host/#"]);
    t.host = new HostConsole(hc);
    const setup = await t.host.command("setup", {
      ruleset: "sport",
      seats: seatList(),
      options: { autoAdvance: false },
    });
    expect(setup.ok).toBe(true);
    t.seat = await connectIdentity(t.hub, `seat/t1/${SEAT}`);
    await subscribeGranted(t.seat.client, [SIGNAL]);
    expect((await t.host.command("start")).ok).toBe(true);
    await t.remember();
    return t;
  }

  get game(): GameState {
    return gameOf(this.hub);
  }

  /** A further connection of an identity (closed at the end). */
  async connect(username: string): Promise<Connected> {
    const c = await connectIdentity(this.hub, username);
    this.extra.push(c);
    return c;
  }

  private async lines(): Promise<number> {
    return (await journalText(this.hub)).trim().split("\n").length;
  }

  /** Takes the snapshot that `unchanged` compares with. */
  async remember(): Promise<void> {
    await this.hub.tables.get("t1")?.idle();
    this.snapshot = structuredClone(this.game);
    this.journalLines = await this.lines();
  }

  /** The game, the journal and the retained host view are as they were at `remember`. */
  async unchanged(): Promise<void> {
    await this.hub.tables.get("t1")?.idle();
    expect(this.game).toEqual(this.snapshot);
    expect(await this.lines()).toBe(this.journalLines);
    const late = await this.connect("host/t1");
    await subscribeGranted(late.client, ["mafia/v1/t1/host/view"]);
    const view = await late.inbox.next<{ rev: number }>("mafia/v1/t1/host/view", () => true, {
      past: true,
    });
    expect(view.rev).toBe(this.snapshot?.rev);
    await endAll(late);
  }

  /** Records logged from now on with this event name. */
  since(): (event: string) => Record<string, unknown>[] {
    const from = this.hub.records.length;
    return (event) => this.hub.records.slice(from).filter((r) => r.event === event);
  }

  async close(): Promise<void> {
    await endAll(this.host?.conn, this.seat, ...this.extra);
    await this.hub?.stop();
    await removeDir(this.dir);
  }
}
