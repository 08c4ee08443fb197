/**
 * FORUM-QUIET-02 in the firmware: every living seat that takes texts (a phone, a simulator
 * bot) sends exactly one `message` a forum night, at a moment that does not depend on its
 * role, so that neither the number, the size nor the timing of a seat's inputs names the
 * holder of the boss's office. The paddle drives it (paddle.ts), so the phone and the
 * simulator's bots send the same decoys; a device paddle without texts sends no text at
 * all, whatever its role.
 *
 * - What: the office holder's message as he wrote it, or `""` (none) if he wrote none; from
 *   every other seat a decoy, also `""` (an empty text is a decoy the hub can never take
 *   for a murder, even if the office changed hands a moment before it arrived). Text inputs
 *   are padded to one size anyway (protocol/padding.ts), so the content says nothing.
 * - When: `leadMs` before the night's end as public/state gives it (`until`, on the hub's
 *   clock, taken relative to the state's own `now`, so a wrong local clock does not move
 *   it), or at once where the night has less left than that when the seat first sees it
 *   (a short night, a phone that came online late): the same moment for every seat.
 * - The holder's message written before that moment is held and goes then; written after
 *   it (a change of mind), it goes at once, an input more, as a player chooses
 *   (docs/PROTOCOL.md says what stays visible).
 *
 * `observe` and `tick` take the time as given (tests drive them); `follow` keeps the one
 * timer on the paddle's Hal. Espruino's syntax only (ESPRUINO.md): no default parameters,
 * destructuring or optional chaining.
 */
import type { Hal, TimerHandle } from "./hal.js";

/** How long before the night's end every seat sends its one message. */
export const MESSAGE_LEAD_MS = 20_000;

export type WriteOutcome = "held" | "sent";

/**
 * What of public/state the schedule reads (a `PublicState` is one). The night is where the
 * view's `phase` says so, never a step's name: the firmware knows no ruleset's steps (each
 * ruleset's manifest puts its steps in their phases), and `until` is the current step's end.
 */
export interface NightGlance {
  phase: string;
  round: number;
  now: number;
  until: number | null;
  paused: boolean;
  /** Opaque: compared only, to see a new step begin (night-fill.ts); never read by name. */
  step?: string;
  seats: { seat: number; alive: boolean }[];
}

/** What of the seat's own texts it reads: whether the seat holds the office now. */
export interface MessageRight {
  mayMessage: boolean;
}

function aliveIn(state: NightGlance, seat: number): boolean {
  for (const s of state.seats) if (s.seat === seat) return s.alive;
  return false;
}

export class NightMessage {
  /** The holder's message as written (`null`: none written). */
  draft: string | null = null;
  /** The local time the one message of the current night is due (`null`: none due). */
  dueAt: number | null = null;
  /** Nights (rounds) whose one message has gone. */
  private sentRound: number | null = null;
  private round: number | null = null;
  private timer: TimerHandle | null = null;
  /**
   * The public state last seen and the local time it came: its `until` counts from then.
   * The paddle follows again with the same state when only its own text changes (FORUM-
   * QUIET-03 sends every seat's text when one seat writes); counted from that moment, the
   * due time slid later by the state's age, past the night's end for seats whose text came
   * late in the night, and those seats sent no message (forum-sim in CI, night 3).
   */
  private seen: NightGlance | null = null;
  private seenAt = 0;

  /**
   * `mine`: the seat's own texts as last received (null in a ruleset without text: then
   * nothing is ever sent), read at the moment of sending, since whether this seat holds the
   * office may change after the state that set the moment.
   */
  constructor(
    private readonly seat: number,
    private readonly mine: () => MessageRight | null,
    private readonly send: (text: string) => void,
    private readonly leadMs: number,
    /** Told when the message went by the timer (the paddle redraws). */
    private readonly onSent: () => void,
  ) {}

  /**
   * The paddle's every new public state or own text (`null`: stopped): sends what is due
   * now and sets the timer for the rest.
   */
  follow(hal: Hal, state: NightGlance | null): void {
    if (this.timer !== null) hal.clearTimeout(this.timer);
    this.timer = null;
    if (this.observe(state, hal.now())) this.onSent();
    this.arm(hal);
  }

  /** A timer for the due moment; one that fires early waits on, due where it was. */
  private arm(hal: Hal): void {
    const due = this.dueAt;
    if (due === null) return;
    this.timer = hal.setTimeout(
      () => {
        this.timer = null;
        if (this.tick(hal.now())) this.onSent();
        else this.arm(hal);
      },
      Math.max(0, due - hal.now()),
    );
  }

  /**
   * A public state at local time `at` (a new one, or the last one again with a new text of
   * the seat's own). Returns whether it sent.
   */
  observe(state: NightGlance | null, at: number): boolean {
    if (state !== this.seen) {
      this.seen = state;
      this.seenAt = at;
    }
    const night =
      state !== null &&
      this.mine() !== null &&
      state.phase === "night" &&
      aliveIn(state, this.seat);
    if (!night || state === null) {
      this.dueAt = null;
      if (state === null || state.phase !== "night") {
        // The night is over: its message is spent; a draft written since (by day, for the
        // coming night) is kept.
        if (this.sent) this.draft = null;
        this.round = null;
      }
      return false;
    }
    this.round = state.round;
    if (this.sentRound === state.round) return false;
    // Paused: nothing is due until the clock runs again.
    this.dueAt =
      state.paused || state.until === null
        ? null
        : this.seenAt + (state.until - state.now) - this.leadMs;
    return this.tick(at);
  }

  /** Sends the night's one message if it is due at local time `at`. */
  tick(at: number): boolean {
    if (this.dueAt === null || at < this.dueAt || this.round === null) return false;
    this.sentRound = this.round;
    this.dueAt = null;
    const mine = this.mine();
    this.send(mine !== null && mine.mayMessage ? (this.draft ?? "") : "");
    return true;
  }

  /** Whether this night's one message has gone (then a change goes at once). */
  get sent(): boolean {
    return this.round !== null && this.sentRound === this.round;
  }

  /** The holder wrote (or withdrew, `""`) his message. */
  write(text: string): WriteOutcome {
    this.draft = text;
    if (!this.sent) return "held";
    this.send(text);
    return "sent";
  }
}

/** Whether the seat holds the office now, from its own texts; null: no texts this game. */
export function messageRightOf(seatText: unknown): MessageRight | null {
  const t = seatText as { mayMessage?: unknown } | null;
  return t !== null && typeof t === "object" ? { mayMessage: t.mayMessage === true } : null;
}

/**
 * How a paddle with texts gets its night message: handed in by its maker (PaddleSettings
 * `nightMessage`), so that the device's bundle, a paddle without texts, leaves this code
 * out: about 80 variables of Espruino's idle (docs/HARDWARE.md).
 */
export type NightMessageMaker = (
  seat: number,
  mine: () => MessageRight | null,
  send: (text: string) => void,
  leadMs: number,
  onSent: () => void,
) => NightMessage;

/**
 * The paddle's night message from its settings (config.ts PaddleSettings), or null without
 * texts; a paddle with texts needs its maker.
 */
export function nightMessageFor(
  settings: {
    seat: number;
    texts?: boolean | undefined;
    nightMessage?: NightMessageMaker | undefined;
    messageLeadMs?: number | undefined;
  },
  mine: () => MessageRight | null,
  send: (text: string) => void,
  onSent: () => void,
): NightMessage | null {
  const make = settings.texts ? settings.nightMessage : undefined;
  if (settings.texts && !make)
    throw new Error("a paddle with texts needs its nightMessage (night-message.ts)");
  const lead =
    typeof settings.messageLeadMs === "number" ? settings.messageLeadMs : MESSAGE_LEAD_MS;
  return make ? make(settings.seat, mine, send, lead, onSent) : null;
}

export const makeNightMessage: NightMessageMaker = (seat, mine, send, leadMs, onSent) =>
  new NightMessage(seat, mine, send, leadMs, onSent);
