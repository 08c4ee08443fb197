/**
 * What each audience sees of the texts: the table (`public/text`), a seat (`seat/{n}/text`)
 * and the host (the forum flow in `host/view`). An ad's author and a pseudonym's holder
 * are in none of them but the holder's own (FORUM-NEWS-06; the host asks the game record
 * explicitly if he must know, docs/RECORD.md).
 */
import type { PublicText, SeatText } from "../../../../../protocol/index.js";
import { messageKey, type TextContext, type TextState } from "./state.js";

export function publicTextOf(text: TextState): PublicText {
  return {
    papers: text.papers.map((p) => ({ ...p, ads: p.ads.map((a) => ({ ...a })) })),
    wills: text.publishedWills.map((w) => ({ ...w })),
    messages: text.publishedMessages.map((m) => ({ ...m })),
  };
}

export function seatTextOf(text: TextState, ctx: TextContext, seat: number): SeatText {
  const will = text.wills[String(seat)];
  const alive = ctx.seats.some((s) => s.seat === seat && s.alive);
  const mayMessage = alive && ctx.holdsOffice(seat);
  return {
    will: will ? { text: will.text, to: will.to === null ? null : [...will.to] } : null,
    pseudonyms: Object.values(text.pseudonyms)
      .filter((p) => p.owner === seat)
      .map((p) => p.name),
    adsLeft: alive ? Math.max(0, ctx.adLimit - (text.adsPlaced[String(seat)] ?? 0)) : 0,
    pending: text.pending
      .filter((a) => a.by === seat)
      .map((a) => ({ pseudonym: a.pseudonym, text: a.text })),
    received: (text.received[String(seat)] ?? []).map((r) => ({ ...r })),
    mayMessage,
    // FORUM-QUIET-02: a decoy shows back to its sender as the holder's message does to him,
    // so that each seat's text view changes alike.
    message: alive
      ? ((mayMessage ? text.messages : (text.decoyMessages ?? {}))[messageKey(ctx.night, seat)] ??
        null)
      : null,
  };
}

/**
 * The host is the Spielleiter: wills and death messages are sent to him (FORUM-WILL-01,
 * FORUM-KILL-02), so he reads them; but not who placed an ad or holds a pseudonym.
 */
export function hostTextOf(text: TextState) {
  return {
    wills: text.wills,
    pseudonyms: Object.values(text.pseudonyms).map((p) => p.name),
    pending: text.pending.map((a) => ({ pseudonym: a.pseudonym, text: a.text })),
    papers: text.papers,
    publishedWills: text.publishedWills,
    received: text.received,
    // A message sent empty is none (FORUM-QUIET-02): the host sees only real ones.
    messages: Object.fromEntries(Object.entries(text.messages).filter(([, body]) => body !== "")),
    publishedMessages: text.publishedMessages,
  };
}
