/**
 * One paddle: sensors and keys in, inputs out, the hub's views and signals back as
 * haptics, LED and screen. Everything lives on the instance (no module state), so the
 * simulator runs a whole table of these in one process.
 */

import type { TableGlance } from "../../protocol/glance.js";
import { padInput } from "../../protocol/padding.js";
import type { SeatView, Signal } from "../../protocol/views.js";
import { BLINDFOLD_REPORT_MS, BlindfoldReport } from "./blindfold-report.js";
import { FIRMWARE_VERSION, type PaddleSettings, type Timings, timingsOf } from "./config.js";
import { Debouncer } from "./debounce.js";
import { renderScreen, resultText } from "./display.js";
import type { Hal, Key } from "./hal.js";
import { Haptics } from "./haptics.js";
import { Link, type LinkState } from "./link.js";
import { type Intent, Menu, offeredOf } from "./menu.js";
import type { MqttFactory, MqttMessage } from "./mqtt.js";
import { FILL_LEAD_MS, NightFill } from "./night-fill.js";
import {
  messageRightOf,
  type NightGlance,
  type NightMessage,
  nightMessageFor,
  type WriteOutcome,
} from "./night-message.js";
import { newBootId, Outbox } from "./outbox.js";
import { capsOf, glanceFrom, inputOf, type SeatTopics, seatTopics } from "./paddle-wire.js";
import { Voice } from "./voice.js";

export class Paddle {
  readonly seat: number;
  readonly table: string;
  readonly outbox: Outbox;
  readonly menu = new Menu();
  readonly timings: Timings;
  view: SeatView | null = null;
  glance: TableGlance | null = null;
  /** The seat's own texts as the hub last published them (settings.texts only), else null. */
  seatText: unknown = null;
  status = "starting";
  /**
   * FORUM-QUIET-02: with texts, this seat's one death message (or decoy) a forum night, at
   * a role-blind moment (night-message.ts); null on a paddle without texts.
   */
  readonly nightMessage: NightMessage | null;
  /** QUIET-FILL-01: the night answers still owed, sent as "nothing" at a role-blind moment. */
  readonly nightFill: NightFill;
  /** QUIET-BLINDFOLD-01: at night the blindfold is reported at a fixed cadence, not by edge. */
  readonly blindfoldReport: BlindfoldReport;
  /** Called after anything the player could notice changed (simulator, bots, tests). */
  onChange: (() => void) | null = null;
  private readonly link: Link;
  private readonly haptics: Haptics;
  private readonly thumb: Debouncer;
  private readonly blindfold: Debouncer;
  /** The microphone's sampler; null on a paddle without one. */
  readonly voice: Voice | null;
  private readonly topics: SeatTopics;
  private lastRev = -1;
  /** The private result the status line shows, until something else replaces it. */
  private resultLine: string | null = null;
  /** The last public state, as the night message's schedule reads it. */
  private nightState: NightGlance | null = null;

  constructor(
    private readonly hal: Hal,
    mqtt: MqttFactory,
    settings: PaddleSettings,
  ) {
    this.seat = settings.seat;
    this.table = settings.table;
    this.timings = timingsOf(settings);
    this.outbox = new Outbox(
      newBootId(() => hal.random()),
      settings.outboxLimit || 32,
    );
    this.haptics = new Haptics(hal);
    this.topics = seatTopics(
      this.table,
      this.seat,
      settings.texts === true,
      settings.extraTopics || [],
    );
    this.nightMessage = nightMessageFor(
      settings,
      () => messageRightOf(this.seatText),
      (text) => this.text("message", { text: text }),
      () => this.changed(),
    );
    this.nightFill = new NightFill(
      () => this.view,
      () => this.outbox.pending,
      () => this.nightAnswer("pass", {}),
      typeof settings.fillLeadMs === "number" ? settings.fillLeadMs : FILL_LEAD_MS,
    );
    const ms = this.timings.debounceMs;
    this.thumb = new Debouncer(hal, ms, hal.readThumb(), (down) =>
      this.input("thumb", { down: down }),
    );
    this.blindfoldReport = new BlindfoldReport(
      () => this.blindfold.value,
      () => this.link.state === "up",
      (fields) => this.input("blindfold", fields),
      settings.blindfoldReportMs || BLINDFOLD_REPORT_MS,
    );
    this.blindfold = new Debouncer(hal, ms, hal.readBlindfold(), (on) =>
      this.blindfoldReport.edge(on),
    );
    this.voice = hal.mic ? new Voice(hal, hal.mic, (on, levels) => this.speak(on, levels)) : null;
    this.link = new Link(
      hal,
      mqtt,
      {
        hubs: [{ host: settings.host, port: settings.port }].concat(settings.hubs || []),
        table: this.table,
        seat: this.seat,
        password: settings.password,
        subscriptions: this.topics.subscriptions,
        proofTopic: this.topics.view,
        device: settings.device || "paddle",
      },
      this.timings,
      this.outbox,
      {
        up: () => this.onUp(),
        message: (msg) => this.onMessage(msg),
        down: (reason, fault) => this.onDown(reason, fault),
        acked: () => this.changed(),
      },
    );
  }

  get linkState(): LinkState {
    return this.link.state;
  }

  get linkFaults(): number {
    return this.link.faults;
  }

  get thumbDown(): boolean {
    return this.thumb.value;
  }

  get blindfoldOn(): boolean {
    return this.blindfold.value;
  }

  /**
   * Whether the table hears now (issue 26): the public state says `voice` and a game runs,
   * the only time the hub takes a voice input. Otherwise the microphone is not sampled and
   * nothing is sent; the phone asks for its microphone only then (seat-app.ts).
   */
  get hearing(): boolean {
    const g = this.glance;
    return g !== null && g.voice && (g.phase === "day" || g.phase === "night");
  }

  start(): void {
    const hal = this.hal;
    hal.watchThumb((down) => this.thumb.raw(down));
    hal.watchBlindfold((on) => this.blindfold.raw(on));
    hal.watchKeys((key) => this.onKey(key));
    // The hub learns the sensors' levels at power-up (sent once up); later it hears every edge
    // (at night the blindfold's in reports, QUIET-BLINDFOLD-01).
    this.queue("thumb", { down: this.thumb.value }, false);
    this.queue("blindfold", { on: this.blindfold.value }, false);
    hal.led("amber");
    this.show("connecting");
    this.link.start();
    // The sampler waits for a public state saying that the table hears (onGlance).
  }

  stop(): void {
    if (this.nightMessage) this.nightMessage.follow(this.hal, null);
    this.nightFill.follow(this.hal, null);
    this.blindfoldReport.follow(this.hal, null, false);
    if (this.voice) this.voice.stop();
    this.link.stop();
    this.haptics.stop();
    this.hal.led("off");
  }

  /** A text input (the forum's will, ad, pseudonym, death message) from the phone's text panel. */
  text(kind: string, fields: Record<string, unknown>): void {
    this.queue(kind, fields, true);
    this.link.pump();
    this.changed();
  }

  /**
   * The holder's death message (FORUM-QUIET-02), already normalized as the hub stores it:
   * held until every seat sends its one message of the night, or sent at once if that
   * moment has passed.
   */
  writeMessage(text: string): WriteOutcome {
    if (!this.nightMessage) throw new Error("this paddle takes no texts");
    const outcome = this.nightMessage.write(text);
    this.changed();
    return outcome;
  }

  /** Every new public state or own text: when is this night's one message due. */
  private scheduleNight(): void {
    if (this.nightMessage) this.nightMessage.follow(this.hal, this.nightState);
  }

  /** A night answer (`act` or `pass`), counted for the fill (QUIET-FILL-01). */
  private nightAnswer(kind: string, fields: Record<string, unknown>): void {
    this.input(kind, fields);
    const g = this.glance;
    if (g !== null && g.phase === "night" && (kind === "act" || kind === "pass"))
      this.nightFill.answered();
  }

  /**
   * A voice message is queued only while the link is up: the hub dates sensor facts by its
   * own receive time, so levels resent after a reconnect would be heard at the wrong moment,
   * and a long outage of talk must not push thumb edges out of the outbox.
   */
  private speak(on: boolean, levels: number[]): boolean {
    if (this.link.state !== "up") return false;
    this.input("voice", { on: on, levels: levels });
    return true;
  }

  private input(kind: string, fields: Record<string, unknown>): void {
    this.queue(kind, fields, false);
    this.link.pump();
    this.changed();
  }

  /**
   * Every input leaves padded (protocol/padding.ts): a decoy and a real move, an ad of ten
   * characters and one of three hundred, are the same size on the wire. The body is padded
   * once, here, and resent as it is.
   */
  private queue(kind: string, fields: Record<string, unknown>, text: boolean): void {
    const entry = this.outbox.add(kind, fields);
    entry.body = padInput(entry.body, text);
  }

  private onUp(): void {
    this.hal.led("green");
    this.queue(
      "hello",
      { fw: FIRMWARE_VERSION, caps: capsOf(this.hal, this.voice !== null) },
      false,
    );
    this.show("online");
  }

  private onDown(reason: string, fault: boolean): void {
    // Unacknowledged levels are stale now (see speak); if a closing "off" went with them, owe it.
    if (this.outbox.drop("voice") > 0 && this.voice) this.voice.owe();
    this.hal.led(fault ? "red" : "amber");
    // Buzz once when a fault starts (also after a lost link), not at every retry.
    if (fault && this.link.faultStreak === 1) this.haptics.play("fault");
    this.show(`${reason} retry`);
  }

  private onMessage(msg: MqttMessage): void {
    const t = this.topics;
    if (msg.topic === t.text && msg.message.length === 0) {
      // An empty retained text: a game without texts (or none yet); the last game's are gone.
      this.seatText = null;
      this.scheduleNight();
      this.changed();
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(msg.message);
    } catch {
      return;
    }
    // The text is not needed once parsed; let go of it now, not after the redraw (issue 25).
    msg.message = "";
    if (!body || typeof body !== "object") return;
    if (msg.topic === t.view) {
      // The padding makes every view the same size on the wire; kept, it costs memory for nothing.
      delete (body as { pad?: string }).pad;
      this.onView(body as SeatView);
    } else if (msg.topic === t.signal) this.onSignal(body as Signal);
    else if (msg.topic === t.state) this.onGlance(body as Record<string, unknown>);
    else if (msg.topic === t.text) {
      this.seatText = body;
      this.scheduleNight();
      this.changed();
    }
    // The first view of a connection also sends what waited in the outbox.
    this.link.pump();
  }

  private onView(view: SeatView): void {
    if (typeof view.rev !== "number" || view.rev <= this.lastRev) return; // a re-delivered retained view
    this.lastRev = view.rev;
    const before = this.view;
    this.view = view;
    this.followNight();
    const woken =
      before !== null &&
      before.blindfold &&
      !view.blindfold &&
      this.glance !== null &&
      this.glance.phase === "night";
    const fresh = this.refreshMenu();
    if (fresh || woken) this.haptics.play("pulse");
    const results = view.results || [];
    const had = before ? (before.results || []).length : 0;
    const last = results[results.length - 1];
    // Fewer results than before: a new game. Its status line must not keep the last game's check.
    if (results.length < had) this.clearResult();
    else if (last && results.length > had) {
      this.resultLine = resultText(last);
      this.status = this.resultLine;
    }
    this.show(this.status);
  }

  private onSignal(signal: Signal): void {
    if ("error" in signal) {
      this.haptics.play(signal.haptic || "long");
      this.show(`ERR ${signal.error}`);
      return;
    }
    this.haptics.play(signal.haptic);
    if (signal.haptic === "short") this.show("ok");
    else this.show(this.status);
  }

  private onGlance(pub: Record<string, unknown>): void {
    const was = this.glance;
    if (pub.phase === "setup" && was !== null && was.phase !== "setup") this.clearResult();
    this.glance = glanceFrom(pub);
    if (this.voice) {
      if (this.hearing) this.voice.start();
      else this.voice.stop();
    }
    if (this.refreshMenu()) this.haptics.play("pulse");
    this.show(this.status);
    // The fill and the reports read the glance (public/glance carries the step's end and the
    // hub's clock); the night message, only on a paddle with texts, needs the living seats.
    this.followNight();
    if (Array.isArray(pub.seats)) {
      this.nightState = pub as unknown as NightGlance;
      this.scheduleNight();
    }
  }

  /** The fill and the blindfold reports follow every public state and own view. */
  private followNight(): void {
    this.nightFill.follow(this.hal, this.glance);
    this.blindfoldReport.follow(this.hal, this.glance, this.view !== null && this.view.alive);
  }

  /** The menu follows what the view and the glance offer now (menu.ts offeredOf). */
  private refreshMenu(): boolean {
    const o = offeredOf(this.seat, this.view, this.glance);
    return this.menu.update(o.offered, o.canPass);
  }

  /** A new game: a private result of the last one is not news any more. */
  private clearResult(): void {
    if (this.resultLine !== null && this.status === this.resultLine) this.status = "new game";
    this.resultLine = null;
  }

  private onKey(key: Key): void {
    if (key === "ok") {
      const r = this.menu.ok();
      if (r.intent) this.send(r.intent);
      else if (r.feedback !== "none") this.haptics.play(r.feedback);
    } else {
      const feedback = this.menu.move(key === "next" ? 1 : -1);
      if (feedback !== "none") this.haptics.play(feedback);
    }
    this.show(this.status);
  }

  /** Acceptance is felt when the hub answers (short) or refuses (long). */
  private send(intent: Intent): void {
    const sent = inputOf(intent);
    this.nightAnswer(sent.kind, sent.fields);
    this.show(sent.status);
  }

  private show(status: string): void {
    this.status = status;
    const d = this.hal.display;
    if (d) d.show(renderScreen(this.seat, this.view, this.glance, this.menu, status));
    this.changed();
  }

  private changed(): void {
    if (this.onChange) this.onChange();
  }
}
