/**
 * A host for a table of bots, over the host identity: it sets the game up with short
 * timings (tactics.ts), starts it once every paddle is online, and, in a night that calls
 * its roles one step each (the manifest's `calls`, read from `public/rulesets`), ends each
 * night step with `next` as soon as the host view shows that everything the step needs is
 * in (the shot, the check) and every seat the step does not call is blindfolded. Day steps run on their timers and
 * the speakers' "thank you". A game that is in progress when it connects is ended first.
 *
 * A bot table has no person at the host's console, so the bot also resumes its game when
 * it finds it paused: a hub that comes back after its deadline passed (a SIGTERM and a
 * restart, a crash) or a cluster hub that takes the table over holds the game paused for
 * the host to resume (hub/table/table.ts holdIfOverdue), and nobody else would.
 */
import type { MqttClient } from "mqtt";
import type { ManifestStep } from "../../protocol/manifest.js";
import { publicRulesetsSchema } from "../../protocol/rulesets.js";
import {
  hostCommandTopic,
  hostReplyTopic,
  hostUsername,
  hostViewTopic,
  publicRulesetsTopic,
} from "../../protocol/topics.js";
import { BLINDFOLD_REPORT_MS } from "../firmware/blindfold-report.js";
import { connectPatiently } from "./patient-connect.js";
import { BOT_DEFAULT_RULESET, FAST_OPTIONS } from "./tactics.js";

interface HostSeat {
  seat: number;
  role: string | null;
  alive: boolean;
  online: boolean;
  blindfoldOn: boolean | null;
}

interface HostViewLike {
  ruleset: string;
  phase: string;
  step: string;
  round: number;
  speaker: number | null;
  counting: number | null;
  seats: HostSeat[];
  public?: { paused?: boolean } | null;
  flow: { night?: { shots: Record<string, number[]>; checked: number[] } | null };
}

export interface HostBotOptions {
  mqttUrl: string;
  table: string;
  password: string;
  seats: number;
  ruleset?: string;
  options?: Record<string, unknown>;
  /** Games to play one after the other on the same table (default 1). */
  games?: number;
  /** Pause after a night step begins before `next`, so paddles see it. */
  settleMs?: number;
  /** The paddles' blindfold report period (firmware `blindfoldReportMs`; default 1000). */
  blindfoldReportMs?: number;
  log?: (line: string) => void;
}

export class HostBot {
  private client: MqttClient | null = null;
  private n = 0;
  private stage: "waiting" | "setting-up" | "ready" | "starting" | "running" | "done" = "waiting";
  private nextSentFor = "";
  private stepSeenAt = new Map<string, number>();
  private settleTimer: NodeJS.Timeout | null = null;
  /** The night step the bot saw complete, and the report period it saw it in. */
  private completeFor: { key: string; period: number } | null = null;
  private last: HostViewLike | null = null;
  /** A resume sent for the current pause and not yet answered (or refused). */
  private resuming: string | null = null;
  private played = 0;
  /** Each ruleset's night steps that call roles one by one (`public/rulesets`, the manifests). */
  private calling = new Map<string, ManifestStep[]>();

  constructor(private readonly o: HostBotOptions) {}

  async start(): Promise<void> {
    const t = this.o.table;
    const client = await connectPatiently(this.o.mqttUrl, {
      protocolVersion: 4,
      username: hostUsername(t),
      password: this.o.password,
      clientId: `host-bot-${t}-${process.pid}`,
      reconnectPeriod: 1000,
      clean: true,
    });
    this.client = client;
    client.on("message", (topic, payload) => {
      if (payload.length === 0) return;
      const body = JSON.parse(payload.toString("utf8"));
      if (topic === publicRulesetsTopic(t)) this.onRulesets(body);
      if (topic === hostViewTopic(t)) this.onView(body as HostViewLike);
      if (topic === hostReplyTopic(t))
        this.onReply(body as { id: string; ok: boolean; error?: string });
    });
    await client.subscribeAsync([publicRulesetsTopic(t), hostViewTopic(t), hostReplyTopic(t)], {
      qos: 1,
    });
  }

  async stop(): Promise<void> {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    await this.client?.endAsync(true);
    this.client = null;
  }

  private command(cmd: string, fields: Record<string, unknown> = {}): string {
    this.n += 1;
    const id = `hostbot-${this.n}-${Date.now().toString(36)}`;
    this.client?.publish(hostCommandTopic(this.o.table), JSON.stringify({ id, cmd, ...fields }), {
      qos: 1,
    });
    return id;
  }

  private onRulesets(body: unknown): void {
    const parsed = publicRulesetsSchema.safeParse(body);
    if (!parsed.success) return;
    for (const { id, manifest } of parsed.data.rulesets)
      this.calling.set(
        id,
        manifest.steps.filter((st) => st.kind === "night" && st.calls !== undefined),
      );
  }

  private onReply(reply: { id: string; ok: boolean; error?: string }): void {
    if (!reply.id.startsWith("hostbot-")) return;
    if (!reply.ok) this.o.log?.(`host: command ${reply.id} refused: ${reply.error}`);
    // Refused (e.g. the pause ended meanwhile) or done: the next paused view may try again.
    if (reply.id === this.resuming) this.resuming = null;
    if (this.stage === "setting-up" && reply.ok) {
      this.stage = "ready";
      if (this.last) this.onView(this.last);
    }
  }

  private onView(v: HostViewLike): void {
    this.last = v;
    if (this.stage === "waiting") {
      if (v.phase === "day" || v.phase === "night") {
        this.o.log?.("host: a game was in progress; ending it");
        this.command("end");
        return;
      }
      // Set the table up at once (its seat count may differ from the hub's default game);
      // start once every seat of the new game is online.
      this.stage = "setting-up";
      const seats = Array.from({ length: this.o.seats }, (_, i) => ({
        seat: i + 1,
        name: `Bot ${i + 1}`,
      }));
      this.command("setup", {
        ruleset: this.o.ruleset ?? BOT_DEFAULT_RULESET,
        seats,
        options: { ...FAST_OPTIONS[this.o.ruleset ?? BOT_DEFAULT_RULESET], ...this.o.options },
      });
      return;
    }
    if (this.stage === "ready" && v.phase === "setup" && v.seats.length === this.o.seats) {
      if (v.seats.some((s) => !s.online)) return;
      this.stage = "starting";
      this.command("start");
      return;
    }
    if (this.stage === "starting" && v.phase === "night") this.stage = "running";
    if (this.stage !== "running") return;
    if (v.phase === "ended") {
      this.played += 1;
      // Another game: set the table up again, as at the start.
      if (this.played < (this.o.games ?? 1)) {
        this.stage = "waiting";
        this.nextSentFor = "";
        this.stepSeenAt.clear();
        this.completeFor = null;
        this.onView(v);
      } else this.stage = "done";
      return;
    }
    if (v.public?.paused) {
      if (this.resuming) return;
      this.o.log?.("host: the game is paused (held by the hub); resuming it");
      this.resuming = this.command("resume");
      return;
    }
    this.considerNext(v);
  }

  /** The roles the current night step calls, where its manifest says it calls them one by one. */
  private called(v: HostViewLike): string[] | null {
    return this.calling.get(v.ruleset)?.find((st) => st.id === v.step)?.calls ?? null;
  }

  /**
   * Ends a night step early once it has what it needs. Only steps that call roles one by
   * one (the manifest's `calls`) wait for the host; a night that is one step ends by itself
   * once every seat has answered.
   */
  private considerNext(v: HostViewLike): void {
    if (v.phase !== "night" || this.called(v) === null) return;
    const key = `${v.round}|${v.step}`;
    if (this.nextSentFor === key) return;
    const now = Date.now();
    const seen = this.stepSeenAt.get(key) ?? now;
    this.stepSeenAt.set(key, seen);
    const settle = this.o.settleMs ?? 300;
    if (now - seen < settle) {
      if (this.settleTimer) clearTimeout(this.settleTimer);
      this.settleTimer = setTimeout(() => this.last && this.considerNext(this.last), settle);
      return;
    }
    if (!this.stepComplete(v)) return;
    const wait = this.reportsWait(key, now);
    if (wait > 0) {
      if (this.settleTimer) clearTimeout(this.settleTimer);
      this.settleTimer = setTimeout(() => this.last && this.considerNext(this.last), wait);
      return;
    }
    this.nextSentFor = key;
    this.command("next");
  }

  /**
   * QUIET-BLINDFOLD-01: at night the paddles report their blindfolds together, at the whole
   * periods of the hub's clock, each a lift up to a period late. So the bot ends a complete
   * step only once a report has come since it saw it complete (a lift made before, the
   * scenario's peek, is then heard in the step it was made in, as a person at the console
   * would see it), and at mid-period: a step that ended at a report's moment would take one
   * paddle's report and leave another's to the next (a race, whatever their roles).
   * Returns how long to wait (0: now).
   */
  private reportsWait(key: string, now: number): number {
    const p = this.o.blindfoldReportMs ?? BLINDFOLD_REPORT_MS;
    if (this.completeFor?.key !== key) this.completeFor = { key, period: Math.floor(now / p) };
    const phase = now % p;
    if (Math.floor(now / p) > this.completeFor.period && phase >= p / 4 && phase < (3 * p) / 4)
      return 0;
    let target = (this.completeFor.period + 1) * p + p / 2;
    if (target <= now) target = (Math.floor(now / p) + (phase < p / 4 ? 0 : 1)) * p + p / 2;
    return target - now;
  }

  private stepComplete(v: HostViewLike): boolean {
    const woken = this.called(v) ?? [];
    const living = v.seats.filter((s) => s.alive);
    const blind = living.every((s) => woken.includes(s.role ?? "") || s.blindfoldOn !== false);
    if (!blind || v.round === 0) return blind;
    const night = v.flow.night;
    if (!night) return true;
    const acting = living.filter((s) => woken.includes(s.role ?? ""));
    if (v.step === "mafia")
      return acting.every((s) => (night.shots[String(s.seat)] ?? []).length > 0);
    return acting.every((s) => night.checked.includes(s.seat));
  }
}
