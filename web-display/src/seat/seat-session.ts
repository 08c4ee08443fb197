/**
 * One phone as one seat: the paddle's own firmware (firmware-sim/firmware/Paddle) over the
 * browser's hardware interface and mqtt.js over WebSocket (the simulator's adapter of
 * Espruino's MQTT module, which runs in a browser as it does in Node). Besides handing
 * every message to the firmware, the session keeps what the screen needs in words and the
 * firmware does not keep: the public state (names, ruleset) and the hub's last answer.
 */
import type { MqttCreateOptions } from "../../../firmware-sim/firmware/mqtt.js";
import {
  makeNightMessage,
  type NightMessage,
  type WriteOutcome,
} from "../../../firmware-sim/firmware/night-message.js";
import { Paddle } from "../../../firmware-sim/firmware/paddle.js";
import { NodeMqtt } from "../../../firmware-sim/sim/node-mqtt.js";
import { publicRulesetsSchema } from "../../../protocol/rulesets.js";
import {
  type PublicText,
  publicTextSchema,
  type SeatText,
  seatTextSchema,
} from "../../../protocol/text.js";
import {
  publicRulesetsTopic,
  publicStateTopic,
  publicTextTopic,
  seatSignalTopic,
  seatTextTopic,
  seatViewTopic,
} from "../../../protocol/topics.js";
import { type PublicState, publicStateSchema, signalSchema } from "../../../protocol/views.js";
import { receiveWords } from "../../../protocol/words/index.js";
import { BrowserHal } from "./browser-hal.js";
import { PhoneMic } from "./phone-mic.js";
import { normalizedText } from "./wire-text.js";

export interface SeatPairing {
  table: string;
  seat: number;
  password: string;
}

/** The hub's last answer to this seat: accepted, or refused with a code. */
export type LastAnswer = { ok: true } | { ok: false; error: string } | null;

export class SeatSession {
  readonly hal = new BrowserHal();
  /**
   * The microphone, where the browser has one; not opened until the table hears (the
   * firmware's `hearing`, from the public state) and the player consents.
   */
  readonly mic: PhoneMic | null = PhoneMic.available() ? new PhoneMic() : null;
  readonly paddle: Paddle;
  state: PublicState | null = null;
  /** Rulesets with text (forum): the seat's own texts, and what has been published. */
  mine: SeatText | null = null;
  texts: PublicText | null = null;
  answer: LastAnswer = null;
  /** The hub refused the seat's password (a revoked pairing, an old QR code). */
  refused = false;
  private readonly clients: NodeMqtt[] = [];

  constructor(
    readonly pairing: SeatPairing,
    url: string,
    private readonly onChange: () => void,
  ) {
    const { table, seat } = pairing;
    const topics = {
      view: seatViewTopic(table, seat),
      signal: seatSignalTopic(table, seat),
      state: publicStateTopic(table),
      mine: seatTextTopic(table, seat),
      texts: publicTextTopic(table),
      rulesets: publicRulesetsTopic(table),
    };
    const factory = (_host: string, options: MqttCreateOptions) => {
      const m = new NodeMqtt(url, options);
      // Registered before the firmware's own handlers: the words are ready when it redraws.
      m.on("publish", (msg) => this.tap(topics, msg.topic, msg.message));
      m.on("error", (message) => {
        if (/not authori[sz]ed|bad user ?name or password/i.test(message)) this.refused = true;
        this.onChange();
      });
      this.clients.push(m);
      return m;
    };
    // Before the firmware starts: it samples the microphone and declares `mic` (issue 26).
    this.hal.mic = this.mic;
    this.paddle = new Paddle(this.hal, factory, {
      host: location.hostname,
      port: Number(location.port) || 80,
      table,
      seat,
      password: pairing.password,
      device: "phone",
      texts: true,
      nightMessage: makeNightMessage,
      // A paddle with texts reads the whole public state itself (its night message is timed
      // by it; named here again, it is subscribed once: paddle-wire.ts); the phone's screens
      // show it, the texts, and the words the hub registered at run time
      // (`public/rulesets`), for role names.
      extraTopics: [topics.texts, topics.state, topics.rulesets],
    });
    this.paddle.onChange = () => {
      // A table that stops hearing (the game over, a new one without voice) closes the
      // microphone: the player consents again when one hears.
      if (this.mic?.listening && !this.paddle.hearing) this.mic.stop();
      this.onChange();
    };
    this.hal.onChange = () => this.onChange();
  }

  /**
   * FORUM-QUIET-02: this seat's one death message (or decoy) a night, at a role-blind time;
   * the firmware sends it (firmware-sim/firmware/night-message.ts), as a bot's paddle does.
   */
  get nightMessage(): NightMessage | null {
    return this.paddle.nightMessage;
  }

  start(): void {
    this.paddle.start();
  }

  stop(): void {
    this.paddle.stop();
    this.mic?.stop();
    for (const c of this.clients) c.drop();
    this.hal.dispose();
  }

  /**
   * Sends a text (will, ad, pseudonym, message) as this seat's next input, normalized as the
   * hub will store it, so that every legal text fits the one size text inputs are padded to
   * (the firmware pads it, protocol/padding.ts).
   */
  sendText(kind: "will" | "ad" | "pseudonym" | "message", fields: Record<string, unknown>): void {
    this.answer = null;
    this.paddle.text(kind, normalizedText(fields));
  }

  /**
   * The holder's death message: held until every seat sends its one message of the night
   * (the firmware's night-message.ts), or sent at once if that moment has passed.
   */
  writeMessage(text: string): WriteOutcome {
    this.answer = null;
    return this.paddle.writeMessage(normalizedText({ text }).text as string);
  }

  private tap(
    topics: Record<"view" | "signal" | "state" | "mine" | "texts" | "rulesets", string>,
    topic: string,
    text: string,
  ) {
    if (topic === topics.mine || topic === topics.texts) {
      this.tapText(topic === topics.mine, text);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    if (topic === topics.rulesets) {
      const parsed = publicRulesetsSchema.safeParse(json);
      receiveWords(parsed.success ? parsed.data.words : undefined);
      // The firmware ignores this topic, so nothing else tells the page it changed.
      this.onChange();
    } else if (topic === topics.view) this.refused = false;
    else if (topic === topics.state) {
      const parsed = publicStateSchema.safeParse(json);
      if (parsed.success) this.state = parsed.data;
    } else if (topic === topics.signal) {
      const parsed = signalSchema.safeParse(json);
      if (!parsed.success) return;
      const s = parsed.data;
      if ("error" in s) this.answer = { ok: false, error: s.error };
      else if (s.haptic === "short") this.answer = { ok: true };
    }
  }

  /** An empty retained payload (a game without text) clears what was there. */
  private tapText(mine: boolean, text: string): void {
    let json: unknown = null;
    try {
      json = text.length > 0 ? JSON.parse(text) : null;
    } catch {
      return;
    }
    if (mine) {
      const parsed = seatTextSchema.safeParse(json);
      this.mine = parsed.success ? parsed.data : null;
    } else {
      const parsed = publicTextSchema.safeParse(json);
      this.texts = parsed.success ? parsed.data : null;
    }
    // The firmware ignores these topics, so nothing else tells the page they changed.
    this.onChange();
  }
}
