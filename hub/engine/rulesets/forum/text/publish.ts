/**
 * When texts come out: a will at its author's death (FORUM-WILL-02), the paper at the end
 * of every day and every night (FORUM-NEWS-01), the death message with its murder
 * (FORUM-KILL-03/04). Nothing here names an ad's author (FORUM-NEWS-06).
 */
import type { Paper } from "../../../../../protocol/index.js";
import { messageKey, type TextContext, type TextState } from "./state.js";

/** What a death did with the will, for the announcement. */
export type WillOutcome =
  | { kind: "none" }
  | { kind: "published"; text: string }
  | { kind: "sent"; to: number[] };

/**
 * FORUM-WILL-02: the will is published, or goes to the seats its author chose that are
 * alive now (a dead recipient takes no part any more, FORUM-DEAD-01). Either way it is
 * spent: the author is dead and cannot change it again.
 */
export function willAtDeath(text: TextState, ctx: TextContext, seat: number): WillOutcome {
  const will = text.wills[String(seat)];
  if (!will) return { kind: "none" };
  delete text.wills[String(seat)];
  if (will.to === null) {
    text.publishedWills.push({ seat, text: will.text });
    return { kind: "published", text: will.text };
  }
  const to = will.to.filter((r) => ctx.seats.some((s) => s.seat === r && s.alive));
  for (const r of to) {
    const inbox = text.received[String(r)] ?? [];
    inbox.push({ from: seat, text: will.text });
    text.received[String(r)] = inbox;
  }
  return { kind: "sent", to };
}

/**
 * FORUM-NEWS-01: the end of a day or a night prints every ad placed since the last paper,
 * under its pseudonym, in the order they came; an edition without ads is printed empty,
 * so that every day and every night has its paper.
 */
export function printPaper(text: TextState, phase: "day" | "night", round: number): Paper {
  const paper: Paper = {
    edition: text.papers.length + 1,
    phase,
    round,
    ads: text.pending.map((a) => ({ pseudonym: a.pseudonym, text: a.text })),
  };
  text.papers.push(paper);
  text.pending = [];
  return paper;
}

/**
 * FORUM-KILL-08 (for forum/night/): the death message `seat` wrote for night `night`, or
 * null if there is none (never written, or taken back). No message, no murder.
 */
export function deathMessage(text: TextState, night: number, seat: number): string | null {
  // "" is a message sent empty (taken back, or none written): no murder (FORUM-QUIET-02).
  return text.messages[messageKey(night, seat)] || null;
}

/**
 * FORUM-KILL-03/04: the message comes out with the murder it announces. forum/night/ calls
 * this only when the target himself died (FORUM-OPEN-08: not when nobody died, not when the
 * bodyguard died in his place).
 */
export function publishDeathMessage(
  text: TextState,
  night: number,
  sender: number,
  victim: number,
): string | null {
  const body = deathMessage(text, night, sender);
  if (body === null) return null;
  text.publishedMessages.push({ night, victim, text: body });
  return body;
}
