/**
 * FORUM-QUIET-02 on the phone: every living seat's phone sends exactly one `message` a
 * forum night, at a moment that does not depend on its role, so that neither the number,
 * the size nor the timing of a seat's inputs names the holder of the boss's office.
 *
 * - What: the office holder's message as he wrote it, or `""` (none) if he wrote none; from
 *   every other seat a decoy, also `""` (an empty text is a decoy the hub can never take
 *   for a murder, even if the office changed hands a moment before it arrived). Text inputs
 *   are padded to one size anyway (protocol/padding.ts), so the content says nothing.
 * - When: `leadMs` before the night's end as public/state gives it (`until`, on the hub's
 *   clock, taken relative to the state's own `now`, so a phone's wrong clock does not move
 *   it), or at once where the night has less left than that when the phone first sees it
 *   (a short night, a phone that came online late): the same moment for every phone.
 * - The holder's message written before that moment is held and goes then; written after
 *   it (a change of mind), it goes at once, an input more, as a player chooses
 *   (docs/PROTOCOL.md says what stays visible).
 *
 * No DOM and no timers here: the seat session drives it, and tests drive it against the
 * real hub with the firmware's paddle.
 */
import type { SeatText } from "../../../protocol/text.js";
import type { PublicState } from "../../../protocol/views.js";

/** How long before the night's end every phone sends its one message. */
export const MESSAGE_LEAD_MS = 20_000;

export type WriteOutcome = "held" | "sent";

export class NightMessage {
  /** The holder's message as written (`null`: none written). */
  draft: string | null = null;
  /** The local time the one message of the current night is due (`null`: none due). */
  dueAt: number | null = null;
  /** Nights (rounds) whose one message has gone. */
  private sentRound: number | null = null;
  private round: number | null = null;

  /**
   * `mine`: the seat's own texts as last received (null in a ruleset without text: then
   * nothing is ever sent), read at the moment of sending, since whether this seat holds the
   * office may change after the state that set the moment.
   */
  constructor(
    private readonly seat: number,
    private readonly mine: () => SeatText | null,
    private readonly send: (text: string) => void,
    private readonly leadMs = MESSAGE_LEAD_MS,
  ) {}

  /** A public state that arrived at local time `at`. Returns whether it sent. */
  observe(state: PublicState | null, at: number): boolean {
    const alive = state?.seats.find((s) => s.seat === this.seat)?.alive ?? false;
    const night =
      state !== null &&
      this.mine() !== null &&
      state.phase === "night" &&
      state.step === "night" &&
      alive;
    if (!night) {
      this.dueAt = null;
      if (state?.phase !== "night") {
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
      state.paused || state.until === null ? null : at + (state.until - state.now) - this.leadMs;
    return this.tick(at);
  }

  /** Sends the night's one message if it is due at local time `at`. */
  tick(at: number): boolean {
    if (this.dueAt === null || at < this.dueAt || this.round === null) return false;
    this.sentRound = this.round;
    this.dueAt = null;
    this.send(this.mine()?.mayMessage ? (this.draft ?? "") : "");
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
