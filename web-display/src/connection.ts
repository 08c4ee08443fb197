/**
 * The one owner of a page's MQTT-over-WebSocket connection, as a Lit reactive controller:
 * it connects in hostConnected, ends in hostDisconnected, reconnects by itself, and hands
 * out immutable snapshots. While the link is down a snapshot carries no game state at all,
 * so that no screen ever shows stale data as if it were current.
 *
 * The display connects as `display/{table}` and subscribes to `public/#` only; the host
 * console connects as `host/{table}` and also gets `host/#` and may send commands; the
 * audience screen connects as `audience/{table}` and reads only `audience/state` (the
 * public state plus every role, held back by the hub's audience delay).
 */
import type { ReactiveController, ReactiveControllerHost } from "lit";
import mqtt, { type MqttClient } from "mqtt";
import { type AudienceExtra, audienceStateSchema } from "../../protocol/audience.js";
import { type DeviceList, deviceListSchema } from "../../protocol/devices.js";
import type { HostCommand, HostReply } from "../../protocol/host.js";
import type { RulesetManifest } from "../../protocol/manifest.js";
import {
  type PublicRulesets,
  publicRulesetsSchema,
  type RulesetList,
  rulesetListSchema,
} from "../../protocol/rulesets.js";
import { type PublicText, publicTextSchema } from "../../protocol/text.js";
import {
  audienceFilter,
  audienceUsername,
  displayUsername,
  hostCommandTopic,
  hostFilter,
  hostUsername,
  parseTopic,
  publicFilter,
  publicRulesetsTopic,
} from "../../protocol/topics.js";
import { type UndoableEntry, undoableListSchema } from "../../protocol/undoable.js";
import {
  type LogEntry,
  logEntrySchema,
  type PublicState,
  publicStateSchema,
} from "../../protocol/views.js";
import { receiveWords } from "../../protocol/words/index.js";
import { type HostView, parseHostView } from "./host-view.js";

export type LinkStatus = "connecting" | "online" | "lost" | "refused";
export type Identity = "display" | "host" | "audience";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A host command without its id: the controller numbers commands itself. */
export type CommandBody = DistributiveOmit<HostCommand, "id">;

export interface CommandRecord {
  id: string;
  body: CommandBody;
  sentAt: number;
  /** null while waiting for the hub's reply. */
  reply: HostReply | null;
}

export interface TableSnapshot {
  table: string;
  identity: Identity;
  status: LinkStatus;
  /** The public state; null unless the link is up and the hub has sent one. */
  state: PublicState | null;
  /** Hub clock minus this browser's clock (ms), measured at each state: countdowns use it. */
  offset: number;
  /** The latest announcements, oldest first. */
  announcements: LogEntry[];
  /** Rulesets with text (forum): the papers, wills and death messages published (`public/text`). */
  texts: PublicText | null;
  /** Audience screen only: what the rules let the hall know beyond the table. */
  audience: AudienceExtra | null;
  /** Host console only. */
  hostView: HostView | null;
  /** Host console only: which seats are connected, on a phone or a paddle. */
  devices: DeviceList | null;
  /** Host console only: the rulesets the hub can run and their options (`host/rulesets`). */
  rulesets: RulesetList["rulesets"] | null;
  /** Every ruleset's manifest (`public/rulesets`): what screens read instead of ruleset ids. */
  manifests: PublicRulesets["rulesets"] | null;
  /** Host console only: the inputs an undo may take back, newest first (`host/undoable`). */
  undoable: UndoableEntry[];
  commands: CommandRecord[];
}

/** The manifest of the game on the table, or null before a game or the manifests are known. */
export function manifestOf(snap: TableSnapshot | null): RulesetManifest | null {
  const id = snap?.state?.ruleset;
  return snap?.manifests?.find((r) => r.id === id)?.manifest ?? null;
}

export interface ConnectionOptions {
  url: string;
  table: string;
  identity: Identity;
  password: string;
  onChange: (snapshot: TableSnapshot) => void;
  reconnectMs?: number;
  replyTimeoutMs?: number;
}

const ANNOUNCEMENTS_SHOWN = 12;
const USERNAMES: Record<Identity, (table: string) => string> = {
  host: hostUsername,
  display: displayUsername,
  audience: audienceUsername,
};
const COMMANDS_KEPT = 40;
/** CONNACK codes 4 (bad username or password) and 5 (not authorized). */
const REFUSED_CODES = new Set([4, 5, 134, 135]);

let clientCounter = 0;

export class TableConnection implements ReactiveController {
  private client: MqttClient | null = null;
  private snap: TableSnapshot;
  private readonly waiting = new Map<
    string,
    { resolve: (r: HostReply) => void; timer: ReturnType<typeof setTimeout> }
  >();
  private commandCounter = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly opts: ConnectionOptions,
  ) {
    this.snap = {
      table: opts.table,
      identity: opts.identity,
      status: "connecting",
      state: null,
      offset: 0,
      announcements: [],
      audience: null,
      texts: null,
      hostView: null,
      devices: null,
      rulesets: null,
      manifests: null,
      undoable: [],
      commands: [],
    };
    host.addController(this);
  }

  get snapshot(): TableSnapshot {
    return this.snap;
  }

  hostConnected(): void {
    this.open();
  }

  hostDisconnected(): void {
    this.close();
  }

  private open(): void {
    if (this.client) return;
    const { table, identity } = this.opts;
    clientCounter += 1;
    const client = mqtt.connect(this.opts.url, {
      protocolVersion: 4,
      username: USERNAMES[identity](table),
      password: this.opts.password,
      clientId: `${identity}-${table}-${Date.now().toString(36)}-${clientCounter}`,
      clean: true,
      keepalive: 10,
      connectTimeout: 5000,
      reconnectPeriod: this.opts.reconnectMs ?? 1500,
      resubscribe: true,
    });
    this.client = client;
    this.update({ status: "connecting" });
    client.on("connect", () => {
      const filters = {
        host: [publicFilter(table), hostFilter(table)],
        display: [publicFilter(table)],
        // Not public/#: the audience's copy runs behind by the delay, the log would not.
        audience: [audienceFilter(table), publicRulesetsTopic(table)],
      }[identity];
      client.subscribe(filters, { qos: 1 });
      this.update({ status: "online" });
    });
    client.on("message", (topic, payload) => this.receive(topic, payload));
    client.on("close", () => this.lost());
    client.on("offline", () => this.lost());
    client.on("error", (err) => {
      const code = (err as Error & { code?: number }).code;
      if (typeof code === "number" && REFUSED_CODES.has(code)) {
        client.end(true);
        this.update({
          status: "refused",
          state: null,
          hostView: null,
          undoable: [],
          audience: null,
          texts: null,
        });
      }
    });
  }

  private lost(): void {
    if (this.snap.status === "refused") return;
    this.update({
      status: "lost",
      state: null,
      hostView: null,
      undoable: [],
      audience: null,
      texts: null,
    });
  }

  close(): void {
    const client = this.client;
    this.client = null;
    client?.end(true);
    for (const [id, w] of this.waiting) {
      clearTimeout(w.timer);
      w.resolve({ id, ok: false, error: "offline", message: "the console was closed" });
    }
    this.waiting.clear();
  }

  private receive(topic: string, payload: Uint8Array): void {
    const parsed = parseTopic(topic);
    if (!parsed || parsed.table !== this.opts.table) return;
    const text = new TextDecoder().decode(payload);
    let json: unknown = null;
    try {
      json = text.length > 0 ? JSON.parse(text) : null;
    } catch {
      return;
    }
    if (parsed.kind === "public.state") this.onState(json);
    else if (parsed.kind === "audience.state") this.onAudience(json);
    else if (parsed.kind === "public.log") this.onLog(json);
    else if (parsed.kind === "public.text") {
      const texts = publicTextSchema.safeParse(json);
      this.update({ texts: texts.success ? texts.data : null });
    } else if (parsed.kind === "host.view") this.update({ hostView: parseHostView(json) });
    else if (parsed.kind === "host.reply") this.onReply(json);
    else if (parsed.kind === "host.rulesets") {
      const list = rulesetListSchema.safeParse(json);
      this.update({ rulesets: list.success ? list.data.rulesets : null });
    } else if (parsed.kind === "public.rulesets") {
      const list = publicRulesetsSchema.safeParse(json);
      // Before the update: the screens redraw with the manifests and already find the words.
      receiveWords(list.success ? list.data.words : undefined);
      this.update({ manifests: list.success ? list.data.rulesets : null });
    } else if (parsed.kind === "host.undoable") {
      const list = undoableListSchema.safeParse(json);
      this.update({ undoable: list.success ? list.data.entries : [] });
    } else if (parsed.kind === "host.devices") {
      const devices = deviceListSchema.safeParse(json);
      this.update({ devices: devices.success ? devices.data : null });
    }
  }

  private onState(json: unknown): void {
    if (json === null) {
      this.update({ state: null, announcements: [] });
      return;
    }
    const result = publicStateSchema.safeParse(json);
    if (!result.success) {
      console.warn("public/state does not match the protocol", result.error.issues);
      return;
    }
    const state = result.data;
    this.update({
      state,
      offset: state.now - Date.now(),
      announcements: state.announcements.slice(-ANNOUNCEMENTS_SHOWN),
    });
  }

  private onAudience(json: unknown): void {
    const result = audienceStateSchema.safeParse(json);
    if (json !== null && !result.success) {
      console.warn("audience/state does not match the protocol", result.error.issues);
      return;
    }
    this.onState(json);
    this.update({ audience: result.success ? result.data.audience : null });
  }

  /** An announcement newer than the state's list (the state normally carries it already). */
  private onLog(json: unknown): void {
    const result = logEntrySchema.safeParse(json);
    if (!result.success) return;
    const entry = result.data;
    const known = this.snap.announcements;
    if (known.some((a) => a.seq === entry.seq)) return;
    const last = known.at(-1);
    if (last && entry.seq < last.seq) return;
    this.update({ announcements: [...known, entry].slice(-ANNOUNCEMENTS_SHOWN) });
  }

  private onReply(json: unknown): void {
    if (json === null || typeof json !== "object") return;
    const reply = json as HostReply;
    const w = this.waiting.get(reply.id);
    if (!w) return;
    clearTimeout(w.timer);
    this.waiting.delete(reply.id);
    w.resolve(reply);
  }

  /** Sends a host command; resolves with the hub's reply (or a local one: offline, timeout). */
  send(body: CommandBody): Promise<HostReply> {
    this.commandCounter += 1;
    const id = `c${Date.now().toString(36)}-${this.commandCounter}`;
    const record: CommandRecord = { id, body, sentAt: Date.now(), reply: null };
    this.update({ commands: [record, ...this.snap.commands].slice(0, COMMANDS_KEPT) });
    const settle = (reply: HostReply) => {
      this.update({
        commands: this.snap.commands.map((c) => (c.id === id ? { ...c, reply } : c)),
      });
      return reply;
    };
    const client = this.client;
    if (this.opts.identity !== "host" || !client || this.snap.status !== "online") {
      return Promise.resolve(
        settle({ id, ok: false, error: "offline", message: "not connected to the hub" }),
      );
    }
    return new Promise<HostReply>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve({ id, ok: false, error: "timeout", message: "the hub did not answer" });
      }, this.opts.replyTimeoutMs ?? 8000);
      this.waiting.set(id, { resolve, timer });
      client.publish(hostCommandTopic(this.opts.table), JSON.stringify({ id, ...body }), {
        qos: 1,
      });
    }).then(settle);
  }

  /** An HTTP request to the hub with this identity's password (the host's pairing API). */
  fetchAuthorized(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${this.opts.password}`);
    return fetch(path, { ...init, headers, cache: "no-store" });
  }

  private update(patch: Partial<TableSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    this.opts.onChange(this.snap);
    this.host.requestUpdate();
  }
}
