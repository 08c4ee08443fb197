/**
 * What the host box shows and when it buzzes, as pure functions of the public state (the
 * box reads nothing else: it knows what the room knows). Times are on the hub's clock;
 * the box turns them into local delays with the offset between the state's `now` and the
 * moment it arrived.
 */
import type { PublicState } from "../../protocol/index.js";
import { fillWord, gameWord } from "../../protocol/words/index.js";
import { lcdText } from "./lcd-charset.js";

export type Glance = Pick<
  PublicState,
  "phase" | "step" | "round" | "speaker" | "until" | "now" | "paused" | "winner" | "seats"
>;

/** A speech with a deadline: someone has the floor by the clock. */
export function speechOf(s: Glance): { speaker: number; until: number } | null {
  if (s.phase !== "day" || s.speaker === null || s.until === null || s.paused) return null;
  return { speaker: s.speaker, until: s.until };
}

/** When the buzzer sounds for the current speech: the warning, then the end (hub clock). */
export function buzzerPlan(s: Glance, warnSeconds: number): { at: number; kind: "warn" | "end" }[] {
  const speech = speechOf(s);
  if (!speech) return [];
  const warnAt = speech.until - warnSeconds * 1000;
  const plan: { at: number; kind: "warn" | "end" }[] = [];
  if (warnAt > s.now) plan.push({ at: warnAt, kind: "warn" });
  if (speech.until > s.now) plan.push({ at: speech.until, kind: "end" });
  return plan;
}

function padTo(text: string, cols: number): string {
  // In the ROM's codes first (lcd-charset.ts): a Russian word grows when spelled in Latin.
  const rom = lcdText(text);
  return rom.length > cols ? rom.slice(0, cols) : rom.padEnd(cols, " ");
}

/** A word in `lang`, English where the language lacks it. */
const word = (lang: string, key: string) => gameWord(lang, key) ?? gameWord("en", key);

/** A box word (protocol/words `box.*`) in `lang`, its placeholders filled. */
export function boxWord(
  lang: string,
  key: string,
  params?: Record<string, string | number>,
): string {
  return fillWord(word(lang, key) ?? key, params);
}

function clock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/**
 * The step in words: "Day 1 Speech", "Night 2 Mafia", "Setup", "End: Town". The step is its
 * short word in `lang` (protocol/words `short.<step>`, at most 16 characters), the id where
 * none is known, so the box names no step itself; so is the winning team (`team.<id>`).
 */
export function stepLine(s: Glance | null, lang = "en"): string {
  if (!s) return boxWord(lang, "box.noHub");
  if (s.phase === "setup") return boxWord(lang, "box.setup");
  if (s.phase === "ended") {
    const team = s.winner ? (word(lang, `team.${s.winner}`) ?? s.winner) : null;
    return boxWord(lang, "box.end", { what: team ?? boxWord(lang, "box.aborted") });
  }
  const phase = boxWord(lang, s.phase === "day" ? "box.day" : "box.night");
  return `${phase} ${s.round} ${word(lang, `short.${s.step}`) ?? s.step}`;
}

/** The second line: a note (selection, reply) if one is up, else speaker and countdown. */
export function detailLine(
  s: Glance | null,
  hubNow: number,
  note: string | null,
  lang = "en",
): string {
  if (note !== null) return note;
  if (!s) return "";
  if (s.paused)
    return s.speaker !== null
      ? boxWord(lang, "box.pausedSeat", { seat: s.speaker })
      : boxWord(lang, "box.paused");
  const left = s.until !== null ? ` ${clock(s.until - hubNow)}` : "";
  if (s.speaker !== null) return `${boxWord(lang, "box.seat", { seat: s.speaker })}${left}`;
  return left.trim();
}

/** The LCD's rows, each exactly `cols` wide; rows beyond two stay blank. */
export function boxScreen(
  s: Glance | null,
  hubNow: number,
  note: string | null,
  size: { cols: number; rows: number },
  lang = "en",
): string[] {
  const rows = [stepLine(s, lang), detailLine(s, hubNow, note, lang)];
  while (rows.length < size.rows) rows.push("");
  return rows.slice(0, size.rows).map((r) => padTo(r, size.cols));
}

/** The next seat in the selector's direction, over the seats still in the game. */
export function stepSeat(s: Glance | null, current: number, delta: 1 | -1): number {
  const seats = (s?.seats ?? []).filter((x) => x.alive).map((x) => x.seat);
  if (seats.length === 0) return current;
  const i = seats.indexOf(current);
  if (i < 0) return (delta > 0 ? seats[0] : seats[seats.length - 1]) as number;
  return seats[(i + delta + seats.length) % seats.length] as number;
}
