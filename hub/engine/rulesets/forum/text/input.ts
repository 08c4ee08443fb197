/**
 * A text input from a living seat's phone, checked against the forum's rules: the will
 * (FORUM-WILL-01/03), an ad under a pseudonym (FORUM-NEWS-02..05, 07; FORUM-OPEN-15), a
 * pseudonym handed over (FORUM-NEWS-05) and the boss's death message (FORUM-KILL-02/03).
 * Validate first, then change: a rejection leaves the state as it was.
 */
import { pseudonymKey, type TextAction } from "../../../../../protocol/index.js";
import { reject } from "../../../ruleset.js";
import type { Rejection } from "../../../types.js";
import { messageKey, type TextContext, type TextState } from "./state.js";

function living(ctx: TextContext, seat: number): boolean {
  return ctx.seats.some((s) => s.seat === seat && s.alive);
}

export function applyTextInput(
  text: TextState,
  ctx: TextContext,
  seat: number,
  action: TextAction,
): Rejection | null {
  // FORUM-DEAD-01: the dead take no part, in writing neither.
  if (!living(ctx, seat)) return reject("not_in_game");
  switch (action.kind) {
    case "will":
      return will(text, ctx, seat, action.text, action.to);
    case "ad":
      return ad(text, ctx, seat, action.pseudonym, action.text);
    case "pseudonym":
      return handOver(text, ctx, seat, action.pseudonym, action.to);
    case "message":
      return message(text, ctx, seat, action.text);
  }
}

/** FORUM-WILL-01/03: written, changed or withdrawn (an empty text) at any time while alive. */
function will(
  text: TextState,
  ctx: TextContext,
  seat: number,
  body: string,
  to: number[] | null,
): Rejection | null {
  if (body === "") {
    delete text.wills[String(seat)];
    return null;
  }
  for (const r of to ?? []) {
    if (r === seat) return reject("bad_target", "a will is not left to its own author");
    if (!living(ctx, r)) return reject("bad_target", `seat ${r} is not a living player`);
  }
  text.wills[String(seat)] = { text: body, to: to === null ? null : [...to] };
  return null;
}

/**
 * FORUM-NEWS-02/03/04/07: an ad for the next paper. A pseudonym nobody holds becomes the
 * seat's; one held by another seat is refused (saying only that it is taken). The ad counts
 * against the seat that places it, whatever pseudonym it carries (FORUM-OPEN-15).
 */
function ad(
  text: TextState,
  ctx: TextContext,
  seat: number,
  pseudonym: string,
  body: string,
): Rejection | null {
  const placed = text.adsPlaced[String(seat)] ?? 0;
  if (placed >= ctx.adLimit)
    return reject("ad_limit", `at most ${ctx.adLimit} ads a player (FORUM-NEWS-07)`);
  const key = pseudonymKey(pseudonym);
  const held = text.pseudonyms[key];
  if (held && held.owner !== seat) return reject("pseudonym_taken");
  if (!held) text.pseudonyms[key] = { name: pseudonym, owner: seat };
  const name = text.pseudonyms[key]?.name ?? pseudonym;
  text.adsPlaced[String(seat)] = placed + 1;
  text.pending.push({ pseudonym: name, text: body, by: seat });
  return null;
}

/** FORUM-NEWS-05, FORUM-OPEN-15: the holder hands a pseudonym to another living player. */
function handOver(
  text: TextState,
  ctx: TextContext,
  seat: number,
  pseudonym: string,
  to: number,
): Rejection | null {
  const held = text.pseudonyms[pseudonymKey(pseudonym)];
  if (!held || held.owner !== seat) return reject("not_owner");
  if (to === seat) return reject("bad_target", "the pseudonym is already this seat's");
  if (!living(ctx, to)) return reject("bad_target", `seat ${to} is not a living player`);
  held.owner = to;
  return null;
}

/**
 * FORUM-KILL-02/03, FORUM-BOSS-01: only the holder of the boss's office writes the death
 * message (anyone else's is a decoy, FORUM-QUIET-02), for this night (by day: the coming one, FORUM-OPEN-01 (a)); an empty text takes
 * it back (kept as sent-but-empty), and without one there is no murder (FORUM-KILL-08, forum/night/).
 */
function message(text: TextState, ctx: TextContext, seat: number, body: string): Rejection | null {
  const key = messageKey(ctx.night, seat);
  // FORUM-QUIET-02: every living seat sends one a night, so that the holder's is not one
  // input more; from outside the office it is a decoy, kept apart and never a murder.
  if (!ctx.holdsOffice(seat) && !text.decoyMessages) text.decoyMessages = {};
  const store = ctx.holdsOffice(seat) ? text.messages : (text.decoyMessages ?? {});
  // An empty text is kept as "sent, none" (FORUM-QUIET-02): the holder who writes none then
  // sees his text view change as every decoy's sender does; no message, no murder all the same.
  store[key] = body;
  return null;
}
