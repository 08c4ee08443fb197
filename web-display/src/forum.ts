/**
 * What the forum ruleset puts in the public view's `extras` (hub/engine/rulesets/forum:
 * `extras` and `liveExtras`), read through its schema (protocol/extras.ts) for the screens: the public votes
 * (FORUM-VOTE-07), the warnings and disqualifications (FORUM-INACT), the clock (FORUM-TIME)
 * and the deadline in words. Nothing here is secret: it is all on `public/state`.
 */
import { type ForumClock, readExtras } from "../../protocol/extras.js";
import type { PublicState } from "../../protocol/views.js";
import type { Translator } from "./i18n/index.js";

/** Today's public votes: voter → target (FORUM-VOTE-07), in seat order. */
export function forumVotes(state: PublicState): Map<number, number> {
  return seatMap(readExtras(state.extras).votes);
}

/** Warnings so far per seat (FORUM-INACT-01), only seats with any. */
export function forumWarnings(state: PublicState): Map<number, number> {
  return seatMap(readExtras(state.extras).warnings);
}

/** How many warnings disqualify (FORUM-INACT-03); the rules' three where the view says none. */
export function warningsToDisqualify(state: PublicState): number {
  return readExtras(state.extras).warningsToDisqualify ?? 3;
}

export function forumClock(state: PublicState): ForumClock {
  return readExtras(state.extras).clock ?? { kind: "table" };
}

function seatMap(v: Record<string, number> | undefined): Map<number, number> {
  return new Map(
    Object.entries(v ?? {})
      .map(([k, n]): [number, number] => [Number(k), n])
      .sort((a, b) => a[0] - b[0]),
  );
}

/**
 * When the current phase ends, in words and in the clock's own time zone (the forum
 * calendar's, e.g. 20:00 in Berlin, whatever the browser's zone), or null.
 */
export function forumDeadline(tr: Translator, state: PublicState): string | null {
  if (state.until === null || (state.phase !== "day" && state.phase !== "night")) return null;
  const clock = forumClock(state);
  const zone = clock.kind === "calendar" ? { timeZone: clock.timeZone } : {};
  const long = clock.kind === "calendar" && state.until - state.now > 20 * 3600_000;
  const time = new Intl.DateTimeFormat(tr.lang, {
    ...zone,
    hour: "2-digit",
    minute: "2-digit",
    ...(long ? { weekday: "short" } : {}),
  }).format(new Date(state.until));
  return tr.t(`forum.until.${state.phase}`, { time });
}

/** The clock in words: a table evening, or the forum calendar's times and zone. */
export function forumClockLine(tr: Translator, state: PublicState): string {
  const clock = forumClock(state);
  if (clock.kind === "table") return tr.t("forum.clock.table");
  return tr.t("forum.clock.calendar", {
    dayEnds: clock.dayEnds,
    nightEnds: clock.nightEnds,
    zone: clock.timeZone,
  });
}

/** A net total as the room reads it: "+2", "0", "−1" (a real minus sign). */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  return n < 0 ? `−${-n}` : "0";
}
