/**
 * A bot's texts, where the ruleset takes text from phones (`seat/{n}/text` is there): a
 * short will early on (published at death, or left to its allies), now and then a
 * newspaper ad under its pseudonym (one it holds, maybe handed to it; else a new one),
 * sometimes handing that pseudonym to another living player, and, as the mafia's office
 * holder, the death message without which there is no murder (FORUM-KILL-08), written by
 * day or as the night begins and sent, like every other seat's decoy, by the paddle's
 * firmware at the night's common moment (FORUM-QUIET-02, firmware/night-message.ts).
 * Texts go on the seat's input topic through the paddle's firmware, as the phone sends them.
 */
import { type SeatText, seatTextSchema } from "../../protocol/text.js";
import type { PublicState } from "../../protocol/views.js";
import type { Rand } from "./rand.js";
import type { SimPaddle } from "./sim-paddle.js";

const NAMES = ["Raven", "Night Owl", "Quiet Fox", "Old Sailor", "Grey Cat", "Lamplighter"];
const ADS = [
  "Whoever voted for {a} yesterday: think again.",
  "Keep an eye on {a}. Just saying.",
  "Lost: trust in {a}. Finder may keep it.",
  "{a} and {b} talk too much in private.",
];
const WILLS = ["I trusted {a}. Look hard at {b}.", "If I am gone, ask {a} why."];

export class BotWriter {
  private willConsidered = false;
  private day = -1;

  constructor(
    private readonly sp: SimPaddle,
    private readonly rand: Rand,
  ) {}

  private fill(template: string, room: PublicState | null): string {
    const living = (room?.seats ?? []).filter((s) => s.alive && s.seat !== this.sp.seat);
    const any = () => `#${living[Math.floor(this.rand() * living.length)]?.seat ?? 1}`;
    return template.replace("{a}", any()).replace("{b}", any());
  }

  /** Writes at most one text now; true if it did (one move per thought, as the keys). */
  write(room: PublicState | null): boolean {
    const p = this.sp.paddle;
    const v = p.view;
    const g = p.glance;
    const parsed = p.seatText === null ? null : seatTextSchema.safeParse(p.seatText);
    const text: SeatText | null = parsed?.success ? parsed.data : null;
    if (!v || !g || !text || !v.alive || (g.phase !== "day" && g.phase !== "night")) return false;
    // The status step takes no text from anyone (FORUM-SETUP-07): a will tried then is refused.
    if (g.step === "status") return false;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(this.rand() * list.length)] as T;
    // Only before the night's one message went: a later one would be a second input, which
    // only the office holder sends (a player may choose that; a bot does not).
    const night = p.nightMessage;
    if (night && text.mayMessage && night.draft === null && !night.sent) {
      p.writeMessage("The family sends its regards. Nobody heard a thing.");
      return true;
    }
    if (!this.willConsidered) {
      this.willConsidered = true;
      if (this.rand() < 0.6) {
        // The mafia leave theirs to their allies now and then (FORUM-WILL-02).
        const to = v.allies.length > 0 && this.rand() < 0.5 ? [...v.allies] : null;
        p.text("will", { text: this.fill(pick(WILLS), room), to });
        return true;
      }
    }
    if (g.phase !== "day" || this.day === g.round) return false;
    this.day = g.round;
    const held = text.pseudonyms[0];
    const heirs = (room?.seats ?? []).filter((s) => s.alive && s.seat !== this.sp.seat);
    if (held !== undefined && heirs.length > 0 && this.rand() < 0.15) {
      p.text("pseudonym", { pseudonym: held, to: pick(heirs).seat });
      return true;
    }
    if (text.adsLeft > 0 && this.rand() < 0.4) {
      const pseudonym = held ?? `${pick(NAMES)} ${Math.floor(this.rand() * 90) + 10}`;
      p.text("ad", { text: this.fill(pick(ADS), room), pseudonym });
      return true;
    }
    return false;
  }
}
