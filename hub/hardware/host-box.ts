/**
 * The host box: buttons for next, pause/resume and foul (with a seat selector: two buttons
 * or a rotary encoder), a day lamp and a night lamp, a buzzer that warns before a speech
 * ends and when it ends, and a character LCD with the step, the speaker and the countdown.
 *
 * It is a host console made of buttons: it signs in as `host/{table}` and sends the same
 * `host/command` messages, and the hub validates, journals and steps them as it does the
 * console's. It reads only the public state, so it shows nothing the room may not see.
 */
import type * as Five from "johnny-five";
import type { MqttClient } from "mqtt";
import {
  type HostReply,
  hostCommandTopic,
  hostReplyTopic,
  hostUsername,
  type PublicState,
  publicStateTopic,
} from "../../protocol/index.js";
import type { Logger } from "../process/logger.js";
import { type BoardLink, johnnyFive } from "./board-link.js";
import { boxScreen, boxWord, buzzerPlan, type Glance, stepSeat } from "./box-screen.js";
import type { BoxSpec, PinId } from "./config.js";
import { connectIdentity, type HubAccess, newBootId } from "./hub-client.js";
import { boardPin, ioOf, PinButton } from "./pins.js";
import { PulsePlayer } from "./pulses.js";

/** How long a note (the selected seat, a refusal) stays on the LCD's second line. */
const NOTE_MS = 4000;

interface Parts {
  day: Five.Led | null;
  night: Five.Led | null;
  buzzer: PulsePlayer | null;
  lcd: Five.LCD | null;
  shown: string[];
  buttons: PinButton[];
}

export class HostBox {
  /** The seat the foul button would fault. */
  selected = 1;
  /** Commands sent, by id, for tests and logs. */
  readonly sent: { id: string; cmd: string }[] = [];
  private client: MqttClient | null = null;
  private glance: Glance | null = null;
  /** Hub clock minus local clock, from the last state's `now`. */
  private offset = 0;
  private note: { text: string; until: number } | null = null;
  private parts: Parts | null = null;
  /** Buzzes planned, by speech and kind, with their time on the hub's clock. */
  private readonly buzzTimers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  private tick: NodeJS.Timeout | null = null;
  private readonly boot = newBootId();
  private n = 0;
  private readonly log: Logger;
  private readonly size: { cols: number; rows: number };
  /** The language of the LCD's lines (the config's `lcd.lang`). */
  private readonly lang: string;

  constructor(
    private readonly spec: BoxSpec,
    private readonly link: BoardLink,
    private readonly access: HubAccess,
    private readonly table: string,
    log: Logger,
  ) {
    this.log = log.child({ part: "host-box", board: link.spec.id });
    this.size = { cols: spec.lcd?.cols ?? 16, rows: spec.lcd?.rows ?? 2 };
    this.lang = spec.lcd?.lang ?? "en";
  }

  start(): void {
    const client = connectIdentity(
      this.access,
      hostUsername(this.table),
      `box-${this.table}-${this.boot}`,
    );
    this.client = client;
    const stateTopic = publicStateTopic(this.table);
    const replyTopic = hostReplyTopic(this.table);
    client.on("connect", () => {
      client.subscribe([stateTopic, replyTopic], { qos: 1 });
    });
    client.on("error", (err) => this.log.warn({ event: "box.mqtt_error", err: err.message }));
    client.on("message", (topic, payload) => {
      if (payload.length === 0) return;
      let body: unknown;
      try {
        body = JSON.parse(payload.toString("utf8"));
      } catch {
        return;
      }
      if (topic === stateTopic) this.onState(body as PublicState);
      else if (topic === replyTopic) this.onReply(body as HostReply);
    });
    this.link.on("ready", (board) => this.attach(board));
    this.link.on("lost", () => this.detach());
    this.tick = setInterval(() => this.render(), 500);
  }

  async stop(): Promise<void> {
    if (this.tick) clearInterval(this.tick);
    this.tick = null;
    for (const pending of this.buzzTimers.values()) clearTimeout(pending.timer);
    this.buzzTimers.clear();
    this.detach();
    await this.client?.endAsync();
  }

  /** A board is attached and every button of the box has been reported open (pins.ts). */
  get buttonsArmed(): boolean {
    return this.parts?.buttons.every((b) => b.armed) ?? false;
  }

  /** What the LCD should show now (also when none is fitted). */
  screen(): string[] {
    const note = this.note && this.note.until > Date.now() ? this.note.text : null;
    return boxScreen(this.glance, Date.now() + this.offset, note, this.size, this.lang);
  }

  private attach(board: Five.Board): void {
    const five = johnnyFive();
    const s = this.spec;
    const pins = this.boardPins(board);
    if (!pins) return;
    const led = (pin: number | undefined) =>
      pin === undefined ? null : new five.Led({ pin, board });
    const buzzerLed = led(pins.buzzer);
    const parts: Parts = {
      day: led(pins.day),
      night: led(pins.night),
      buzzer: buzzerLed ? new PulsePlayer(buzzerLed) : null,
      lcd: s.lcd
        ? new five.LCD({
            controller: s.lcd.controller,
            address: s.lcd.address,
            rows: s.lcd.rows,
            cols: s.lcd.cols,
            board,
          } as Five.LCDI2COption)
        : null,
      shown: [],
      buttons: [],
    };
    const button = (pin: number | undefined, onPress: () => void) => {
      if (pin === undefined) return null;
      // Read through firmata-io (pins.ts): johnny-five's Button loses quick presses.
      const b = new PinButton(ioOf(board), pin);
      b.on("press", onPress);
      parts.buttons.push(b);
      return b;
    };
    button(pins.next, () => this.command("next"));
    button(pins.pause, () => this.command(this.glance?.paused ? "resume" : "pause"));
    button(pins.foul, () => this.command("foul", { seat: this.selected }));
    button(pins.seatUp, () => this.select(1));
    button(pins.seatDown, () => this.select(-1));
    if (pins.encoderA !== undefined) {
      // A detent pulls A to ground; B's level at that moment says which way it turned.
      const b = button(pins.encoderB, () => undefined);
      button(pins.encoderA, () => this.select(b?.isDown ? -1 : 1));
    }
    this.parts = parts;
    this.lamps();
    this.render();
  }

  /**
   * Every pin of the box as the board's digital number (see pins.ts for why johnny-five is
   * not left to number them); null, logged, when the board cannot take one of them.
   */
  private boardPins(board: Five.Board): Record<string, number | undefined> | null {
    const io = ioOf(board);
    const s = this.spec;
    const at = (pin: PinId | undefined, name: string, use: "input" | "output") =>
      pin === undefined
        ? undefined
        : boardPin(io, pin, `box ${name} on board ${this.link.spec.id}`, use);
    try {
      return {
        day: at(s.lamps.day, "lamps.day", "output"),
        night: at(s.lamps.night, "lamps.night", "output"),
        buzzer: at(s.buzzer, "buzzer", "output"),
        next: at(s.buttons.next, "buttons.next", "input"),
        pause: at(s.buttons.pause, "buttons.pause", "input"),
        foul: at(s.buttons.foul, "buttons.foul", "input"),
        seatUp: at(s.buttons.seatUp, "buttons.seatUp", "input"),
        seatDown: at(s.buttons.seatDown, "buttons.seatDown", "input"),
        encoderA: at(s.encoder?.a, "encoder.a", "input"),
        encoderB: at(s.encoder?.b, "encoder.b", "input"),
      };
    } catch (err) {
      this.log.error({ event: "box.bad_pin", err: (err as Error).message });
      return null;
    }
  }

  private detach(): void {
    const parts = this.parts;
    this.parts = null;
    if (!parts) return;
    parts.buzzer?.stop();
    for (const b of parts.buttons) b.stop();
  }

  private command(cmd: string, fields: Record<string, unknown> = {}): void {
    const client = this.client;
    if (!client) return;
    this.n += 1;
    const id = `box-${this.boot}-${this.n}`;
    this.sent.push({ id, cmd });
    this.log.info({ event: "box.command", id, cmd, ...fields });
    if (cmd === "foul") this.setNote(boxWord(this.lang, "box.foul", { seat: String(fields.seat) }));
    client.publish(hostCommandTopic(this.table), JSON.stringify({ id, cmd, ...fields }), {
      qos: 1,
    });
  }

  private select(delta: 1 | -1): void {
    this.selected = stepSeat(this.glance, this.selected, delta);
    this.setNote(boxWord(this.lang, "box.foulAsk", { seat: this.selected }));
  }

  private setNote(text: string): void {
    this.note = { text, until: Date.now() + NOTE_MS };
    this.render();
  }

  private onReply(reply: HostReply): void {
    if (!reply.id.startsWith(`box-${this.boot}-`) || reply.ok) return;
    this.log.info({ event: "box.refused", id: reply.id, error: reply.error });
    this.setNote(`! ${reply.error}`);
    this.parts?.buzzer?.play("refused");
  }

  private onState(state: PublicState): void {
    this.glance = state;
    this.offset = state.now - Date.now();
    this.lamps();
    this.planBuzzer();
    this.render();
  }

  private lamps(): void {
    const p = this.parts;
    const phase = this.glance?.phase;
    if (!p) return;
    if (phase === "day") p.day?.on();
    else p.day?.off();
    if (phase === "night") p.night?.on();
    else p.night?.off();
  }

  /**
   * Re-plans the buzzer for the speech now on; each warning and end sounds once. A buzz of a
   * speech that is over is cancelled, unless it is due now: the state that ends a speech at
   * its deadline arrives at the moment its end buzz is due, and must not swallow it.
   */
  private planBuzzer(): void {
    const s = this.glance;
    const hubNow = Date.now() + this.offset;
    const plan = s ? buzzerPlan(s, this.spec.warnSeconds) : [];
    const keys = plan.map((item) => `${item.kind}:${s?.speaker}:${s?.until}`);
    for (const [key, pending] of this.buzzTimers) {
      if (keys.includes(key) || pending.at - hubNow < 500) continue;
      clearTimeout(pending.timer);
      this.buzzTimers.delete(key);
    }
    plan.forEach((item, i) => {
      const key = keys[i] as string;
      if (this.buzzTimers.has(key)) return;
      const timer = setTimeout(
        () => {
          this.buzzTimers.delete(key);
          this.log.debug({ event: "box.buzz", kind: item.kind, speaker: s?.speaker });
          this.parts?.buzzer?.play(item.kind);
        },
        Math.max(0, item.at - hubNow),
      );
      this.buzzTimers.set(key, { at: item.at, timer });
    });
  }

  /** Writes the rows that changed (an LCD write is slow: one I2C message per nibble). */
  private render(): void {
    const p = this.parts;
    if (!p?.lcd) return;
    const rows = this.screen();
    rows.forEach((row, i) => {
      if (p.shown[i] === row) return;
      p.lcd?.cursor(i, 0).print(row);
      p.shown[i] = row;
    });
  }
}
