/** Paddle → hub: `mafia/v1/{table}/seat/{n}/input`. */
import { z } from "zod";
import { adFields, messageFields, pseudonymFields, willFields } from "./text.js";
import { MAX_SEATS } from "./topics.js";

export const MAX_PADDLE_PAYLOAD = 1024;

export const seatNumberSchema = z.number().int().min(1).max(MAX_SEATS);

/**
 * `thumb` and `blindfold` are sensors the rules may act on; `blindfold-said` is a switch the
 * player sets himself (a phone's), reported as `blindfold` inputs that no rule removes a
 * seat for (docs/PROTOCOL.md, SPORT-SENSE-01).
 */
export const CAPABILITIES = [
  "thumb",
  "blindfold",
  "blindfold-said",
  "keys",
  "haptic",
  "display",
  "led",
  /** The seat hears: it may send `voice` inputs (issue 26). */
  "mic",
] as const;

/** One voice level window lasts this long (ms); a voice input carries 1..VOICE_MAX_LEVELS of them. */
export const VOICE_WINDOW_MS = 100;
export const VOICE_MAX_LEVELS = 10;

export type Sensor = "thumb" | "blindfold";

/**
 * Whether a seat's sensor reports may be acted on by the rules: its last hello named the
 * sensor. A seat that never said hello (`fw` null: a journal or a bot from before
 * capabilities) is taken as the full paddle it was then. The engine's rules and the
 * console's "watched by sensor / by eye" marks both ask here.
 */
export function seatSenses(
  seat: { fw: string | null; caps: readonly string[] },
  sensor: Sensor,
): boolean {
  return seat.fw === null || seat.caps.indexOf(sensor) >= 0; // ES2015: the firmware bundle reads this file
}

const envelope = {
  boot: z.string().regex(/^[0-9a-f]{8}$/, "boot must be 8 lowercase hex characters"),
  seq: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
};

/** An action or option id: short ASCII, so that it fits the paddle's memory and display. */
export const actionIdSchema = z.string().regex(/^[a-z][a-zA-Z0-9_.-]{0,31}$/);

export const helloInputSchema = z.object({
  ...envelope,
  kind: z.literal("hello"),
  fw: z.string().min(1).max(32),
  /** Known ones are CAPABILITIES; unknown names are kept, so that newer paddles still pair. */
  caps: z.array(z.string().regex(/^[a-z][a-z0-9_-]{0,15}$/)).max(16),
});

export const thumbInputSchema = z.object({
  ...envelope,
  kind: z.literal("thumb"),
  down: z.boolean(),
});

export const blindfoldInputSchema = z.object({
  ...envelope,
  kind: z.literal("blindfold"),
  on: z.boolean(),
  /**
   * QUIET-BLINDFOLD-01: a night report, sent at a fixed cadence rather than at the edge, so
   * the edge it tells may be up to one period old (docs/PROTOCOL.md). Absent: an edge.
   */
  report: z.literal(true).optional(),
});

export const actInputSchema = z.object({
  ...envelope,
  kind: z.literal("act"),
  action: actionIdSchema,
  targets: z.array(seatNumberSchema).max(MAX_SEATS).default([]),
  option: actionIdSchema.optional(),
});

export const passInputSchema = z.object({
  ...envelope,
  kind: z.literal("pass"),
});

/**
 * Who is speaking (issue 26): the seat's speech-band level, one per 100 ms window, oldest
 * first, the last ending as the message is sent (0 = silence floor, 100 = clipping, a log
 * scale), and the device's own speaking decision at the last window. Never audio.
 */
export const voiceInputSchema = z.object({
  ...envelope,
  kind: z.literal("voice"),
  on: z.boolean(),
  levels: z.array(z.number().int().min(0).max(100)).min(1).max(VOICE_MAX_LEVELS),
});

/** Text from the seat's phone (protocol/text.ts): the will, an ad, a pseudonym handed over, the death message. */
export const willInputSchema = z.object({ ...envelope, kind: z.literal("will"), ...willFields });
export const adInputSchema = z.object({ ...envelope, kind: z.literal("ad"), ...adFields });
export const pseudonymInputSchema = z.object({
  ...envelope,
  kind: z.literal("pseudonym"),
  ...pseudonymFields,
});
export const messageInputSchema = z.object({
  ...envelope,
  kind: z.literal("message"),
  ...messageFields,
});

export const seatInputSchema = z.discriminatedUnion("kind", [
  helloInputSchema,
  thumbInputSchema,
  blindfoldInputSchema,
  actInputSchema,
  passInputSchema,
  voiceInputSchema,
  willInputSchema,
  adInputSchema,
  pseudonymInputSchema,
  messageInputSchema,
]);

export const INPUT_KINDS = [
  "hello",
  "thumb",
  "blindfold",
  "act",
  "pass",
  "voice",
  "will",
  "ad",
  "pseudonym",
  "message",
] as const;

export type SeatInputMessage = z.infer<typeof seatInputSchema>;
export type InputKind = SeatInputMessage["kind"];
