/**
 * What the forum ruleset puts in the public view's `extras` (hub/engine/rulesets/forum:
 * `extras` and `liveExtras`), read defensively for the screens: the public votes
 * (FORUM-VOTE-07), the warnings and disqualifications (FORUM-INACT), the clock (FORUM-TIME)
 * and the deadline in words. Nothing here is secret: it is all on `public/state`.
 */
import type { PublicState } from "../../protocol/views.js";
import type { Translator } from "./i18n/index.js";

export type ForumClock =
  | { kind: "table" }
  | { kind: "calendar"; timeZone: string; dayEnds: string; nightEnds: string };

const record = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function numbers(v: unknown): Map<number, number> {
  const out = new Map<number, number>();
  for (const [k, n] of Object.entries(record(v)))
    if (typeof n === "number" && Number.isInteger(Number(k))) out.set(Number(k), n);
  return out;
}

/** Today's public votes: voter → target (FORUM-VOTE-07), in seat order. */
export function forumVotes(state: PublicState): Map<number, number> {
  return numbers(state.extras.votes);
}

/** Warnings so far per seat (FORUM-INACT-01), only seats with any. */
export function forumWarnings(state: PublicState): Map<number, number> {
  return numbers(state.extras.warnings);
}

export function forumClock(state: PublicState): ForumClock {
  const c = record(state.extras.clock);
  if (c.kind === "calendar" && typeof c.timeZone === "string")
    return {
      kind: "calendar",
      timeZone: c.timeZone,
      dayEnds: String(c.dayEnds ?? ""),
      nightEnds: String(c.nightEnds ?? ""),
    };
  return { kind: "table" };
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
