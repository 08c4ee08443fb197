/**
 * Text from a seat's phone (the last section of the shared PROTOCOL.md): the will, a
 * newspaper ad under a pseudonym, handing a pseudonym over, and the boss's death message.
 * They come on the seat's own input topic with the paddle's envelope (boot, seq), only
 * from a phone: a paddle has no keyboard.
 *
 * Every text is untrusted: the limits keep it to what a screen can show, control and
 * bidirectional-override characters are refused (they could hide or reorder what the
 * table reads), and everything that shows it renders it as text, never as markup.
 */
import { z } from "zod";
import { MAX_SEATS } from "./topics.js";

/** Limits in characters (Unicode code points), after trimming. Stated in docs/PROTOCOL.md. */
export const TEXT_LIMITS = {
  will: 1000,
  ad: 300,
  message: 600,
  pseudonym: 32,
} as const;

/**
 * A text input's whole payload may be this large (a paddle's other inputs: 1024 bytes), so
 * that a will of 1000 characters fits in any script; the broker's packet limit for seats
 * is above it (hub/mqtt/broker.ts).
 */
export const MAX_TEXT_PAYLOAD = 7168;

export const TEXT_KINDS = ["will", "ad", "pseudonym", "message"] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

export function isTextKind(kind: unknown): kind is TextKind {
  return typeof kind === "string" && (TEXT_KINDS as readonly string[]).indexOf(kind) >= 0;
}

/**
 * C0/C1 control characters and bidi overrides/isolates; in a text (`breaks`) tab (a space),
 * line feed and carriage return (a line break) are allowed.
 */
export function hasForbiddenChars(text: string, breaks: boolean): boolean {
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x20 && !(breaks && (c === 0x09 || c === 0x0a || c === 0x0d))) return true;
    if ((c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
      return true;
  }
  return false;
}

/**
 * Whether the text is not valid UTF-16: a lone surrogate (JSON's `"\ud800"` escape) has no
 * character, every screen draws it as U+FFFD, so two of them would read the same as each
 * other and as U+FFFD itself (issue 28). Refused in every text input.
 */
export function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

const LONE_SURROGATE = "not valid UTF-16 (a lone surrogate)";

/**
 * Unicode's default-ignorable code points (zero-width space and joiners, word joiner, soft
 * hyphen, byte order mark, variation selectors, fillers, ...): drawn as nothing, so a name
 * with one inside reads the same as without it (FORUM-NEWS-04). Explicit ranges (no
 * Unicode property escapes: the paddle bundles this file, ES2015 only).
 */
function isIgnorable(c: number): boolean {
  return (
    c === 0xad ||
    c === 0x34f ||
    c === 0x61c ||
    c === 0x115f ||
    c === 0x1160 ||
    c === 0x17b4 ||
    c === 0x17b5 ||
    (c >= 0x180b && c <= 0x180f) ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x206f) ||
    c === 0x3164 ||
    (c >= 0xfe00 && c <= 0xfe0f) ||
    c === 0xfeff ||
    c === 0xffa0 ||
    (c >= 0xfff0 && c <= 0xfff8) ||
    (c >= 0x1bca0 && c <= 0x1bca3) ||
    (c >= 0x1d173 && c <= 0x1d17a) ||
    (c >= 0xe0000 && c <= 0xe0fff)
  );
}

/** The text without its default-ignorable (invisible) code points. */
export function withoutIgnorables(text: string): string {
  let out = "";
  for (const ch of text) if (!isIgnorable(ch.codePointAt(0) ?? 0)) out += ch;
  return out;
}

/** Length in code points, as a person counts characters (an emoji is one). */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/** A text: NFC, tabs as spaces, CRLF as LF, trimmed; `min` 1 refuses an empty one. */
function textSchema(max: number, min: 0 | 1) {
  return z
    .string()
    .max(max * 4)
    .refine((s) => !hasLoneSurrogate(s), LONE_SURROGATE)
    .refine(
      (s) => !hasForbiddenChars(s, true),
      "control or bidi-override characters are not allowed",
    )
    .transform((s) => s.normalize("NFC").replace(/\r\n?/g, "\n").replace(/\t/g, " ").trim())
    .refine((s) => textLength(s) >= min, "the text is empty")
    .refine((s) => textLength(s) <= max, `at most ${max} characters`);
}

/**
 * A pseudonym: one line, inner runs of spaces as one, invisible characters dropped (a name
 * of nothing but those is empty); compared case- and width-insensitively (pseudonymKey).
 */
export const pseudonymSchema = z
  .string()
  .max(TEXT_LIMITS.pseudonym * 4)
  .refine((s) => !hasLoneSurrogate(s), LONE_SURROGATE)
  .refine(
    (s) => !hasForbiddenChars(s, false),
    "control or bidi-override characters are not allowed",
  )
  .transform((s) => withoutIgnorables(s.normalize("NFC")).replace(/\s+/gu, " ").trim())
  .refine((s) => textLength(s) >= 1, "the pseudonym is empty")
  .refine(
    (s) => textLength(s) <= TEXT_LIMITS.pseudonym,
    `at most ${TEXT_LIMITS.pseudonym} characters`,
  );

/**
 * Two pseudonyms are the same if they read the same: they differ only in case, in width or
 * other compatibility forms (NFKC: "Ｒaven" is "Raven"), or in invisible characters
 * (FORUM-NEWS-04), or in U+FFFD, the replacement character, which stands for a character
 * that could not be read and so tells nothing apart. Look-alike letters of other scripts
 * are not folded.
 */
export function pseudonymKey(pseudonym: string): string {
  return withoutIgnorables(pseudonym.normalize("NFKC"))
    .replace(/\uFFFD/g, "")
    .toLocaleLowerCase("und");
}

const seat = z.number().int().min(1).max(MAX_SEATS);

export const willFields = {
  /** Empty withdraws the will. */
  text: textSchema(TEXT_LIMITS.will, 0),
  /** null: published at death; else sent only to these seats. */
  to: z
    .array(seat)
    .min(1)
    .max(MAX_SEATS)
    .refine((a) => new Set(a).size === a.length, "a seat is named twice")
    .nullable(),
};

export const adFields = {
  text: textSchema(TEXT_LIMITS.ad, 1),
  pseudonym: pseudonymSchema,
};

export const pseudonymFields = {
  pseudonym: pseudonymSchema,
  to: seat,
};

export const messageFields = {
  /** Empty withdraws the message. */
  text: textSchema(TEXT_LIMITS.message, 0),
};

/** The engine's text actions (the decoded input without its envelope). */
export type TextAction =
  | { kind: "will"; text: string; to: number[] | null }
  | { kind: "ad"; text: string; pseudonym: string }
  | { kind: "pseudonym"; pseudonym: string; to: number }
  | { kind: "message"; text: string };

/** One edition of the newspaper (FORUM-NEWS-01): the ads in the order they were placed. */
export const paperSchema = z.object({
  /** 1, 2, ... in the order they appeared. */
  edition: z.number().int().min(1),
  /** The phase whose end published it, and its number. */
  phase: z.enum(["day", "night"]),
  round: z.number().int().min(0),
  /** Pseudonym and text only: an ad's author is never shown (FORUM-NEWS-06). */
  ads: z.array(z.object({ pseudonym: z.string(), text: z.string() })),
});
export type Paper = z.infer<typeof paperSchema>;

/** `public/state`'s `text`, where the ruleset has text: what has been published so far. */
export const publicTextSchema = z.object({
  papers: z.array(paperSchema),
  /** Wills published at their author's death (FORUM-WILL-02). */
  wills: z.array(z.object({ seat, text: z.string() })),
  /** Death messages published with the murder they announce (FORUM-KILL-03). */
  messages: z.array(z.object({ night: z.number().int().min(0), victim: seat, text: z.string() })),
});
export type PublicText = z.infer<typeof publicTextSchema>;

/** A seat view's `text`: the seat's own texts, and what was sent to it alone. */
export const seatTextSchema = z.object({
  /** The seat's will as it stands (null: none, or withdrawn). */
  will: z.object({ text: z.string(), to: z.array(seat).nullable() }).nullable(),
  /** Pseudonyms this seat holds now. */
  pseudonyms: z.array(z.string()),
  /** Ads it may still place. */
  adsLeft: z.number().int().min(0),
  /** Its ads not yet in a paper. */
  pending: z.array(z.object({ pseudonym: z.string(), text: z.string() })),
  /** Wills that dead players left to this seat alone (FORUM-WILL-02). */
  received: z.array(z.object({ from: seat, text: z.string() })),
  /** Whether it may send the death message now, and the one it sent this night. */
  mayMessage: z.boolean(),
  message: z.string().nullable(),
});
export type SeatText = z.infer<typeof seatTextSchema>;

/**
 * Inputs whose sender is an ad's author or a pseudonym's holder: the hub names no seat for
 * them anywhere it reports (logs, the host's undo reply), FORUM-NEWS-06.
 */
export function authorIsSecret(kind: unknown): boolean {
  return kind === "ad" || kind === "pseudonym";
}
