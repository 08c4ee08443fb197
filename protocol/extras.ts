/**
 * The public view's `extras` (`public/state`, and the host view's own `extras`): what a
 * ruleset adds that never changes a rule, for the screens. Each built-in ruleset's extras
 * have a schema of their own below (`sportExtrasSchema`, …), and the ruleset's `extras` and
 * `liveExtras` are typed by it (hub/engine/rulesets/<id>/index.ts), so the engine cannot put
 * a field there that the protocol does not declare; `test/protocol/extras.test.ts` parses
 * each ruleset's real extras, from every state of played games, with its schema, strictly.
 * Screens read no ruleset's name: they parse every field any ruleset declares with
 * `publicExtrasSchema` (`readExtras`), leniently (a field they do not know is dropped, not a
 * reason to read nothing); `test/protocol/host-view.test.ts` checks it strictly too, and a
 * ruleset that adds a field declares it in both (docs/PROTOCOL.md).
 */
import { z } from "zod";
import { seatNumberSchema } from "./inputs.js";

const seatKey = z.string().regex(/^[1-9][0-9]?$/);
const seats = z.array(seatNumberSchema);

/** forum: table evenings, or deadlines on a calendar in a time zone (FORUM-TIME). */
export const forumClockSchema = z.union([
  z.object({ kind: z.literal("table") }),
  z.object({
    kind: z.literal("calendar"),
    timeZone: z.string(),
    dayEnds: z.string(),
    nightEnds: z.string(),
  }),
]);
export type ForumClock = z.infer<typeof forumClockSchema>;

/** The venue's branding (setup option `venue`), or null: every ruleset. */
const venueSchema = z.record(z.string(), z.unknown()).nullable();

/** sport: the foul causes the host may give (SPORT-FOUL). */
export const sportExtrasSchema = z.strictObject({
  foulCauses: z.array(z.string()),
  venue: venueSchema,
});
export type SportExtras = z.infer<typeof sportExtrasSchema>;

const count = z.number().int().min(0);

/** app: the deal's make-up and the setup's balance warnings, in English, for the host (APP-SETUP). */
export const appExtrasSchema = z.strictObject({
  composition: z.strictObject({
    mafia: count,
    commissar: z.boolean(),
    doctor: z.boolean(),
    councillors: count,
  }),
  venue: venueSchema,
  balanceWarnings: z.array(z.string()),
});
export type AppExtras = z.infer<typeof appExtrasSchema>;

/** hunt: the deal's make-up (HUNT-SETUP). */
export const huntExtrasSchema = z.strictObject({
  composition: z.strictObject({ mafia: count, doctor: count, maniac: count, civilians: count }),
  venue: venueSchema,
});
export type HuntExtras = z.infer<typeof huntExtrasSchema>;

/** forum: what changes during the game (`liveExtras`), absent during the setup. */
export const forumLiveExtrasSchema = z.strictObject({
  /** The current day's and night's numbers. */
  day: count,
  night: count,
  /** Today's public votes, voter → target (FORUM-VOTE-07). */
  votes: z.record(seatKey, seatNumberSchema),
  /** Warnings so far per seat, only seats with any (FORUM-INACT-01). */
  warnings: z.record(seatKey, count),
  /** Disqualified seats (FORUM-INACT-02). */
  disqualified: seats,
  /** At the end, the seats credited with the win (disqualified ones are not); null before. */
  credited: seats.nullable(),
});
export type ForumLiveExtras = z.infer<typeof forumLiveExtrasSchema>;

/** forum: the deal's make-up, the clock, the warnings that disqualify, then the live part. */
export const forumExtrasSchema = z.strictObject({
  composition: z.strictObject({ town: count, mafia: count, roles: z.array(z.string()) }),
  clock: forumClockSchema,
  venue: venueSchema,
  /** FORUM-INACT-03: so that screens can say "2 of 3". */
  warningsToDisqualify: z.number().int().min(1),
  ...forumLiveExtrasSchema.partial().shape,
});
export type ForumExtras = z.infer<typeof forumExtrasSchema>;

/**
 * Every field any ruleset declares, each optional: what screens parse without knowing the
 * ruleset. A field's shape here must accept what each ruleset's own schema above allows.
 */
export const publicExtrasSchema = z.object({
  /** Every ruleset: the venue's branding (setup option `venue`), or null. */
  venue: z.record(z.string(), z.unknown()).nullable().optional(),
  /** sport: the foul causes the host may give (SPORT-FOUL). */
  foulCauses: z.array(z.string()).optional(),
  /**
   * app, hunt, forum: how many of each role the deal holds (app: `mafia`, `commissar`,
   * `doctor`, `councillors`; hunt: `mafia`, `doctor`, `maniac`, `civilians`; forum: `town`,
   * `mafia` and the `roles` dealt).
   */
  composition: z
    .record(z.string(), z.union([z.number().int().min(0), z.boolean(), z.array(z.string())]))
    .optional(),
  /** app: the setup's balance warnings, in English, for the host (APP-SETUP). */
  balanceWarnings: z.array(z.string()).optional(),
  /** forum: the clock the phases' deadlines follow. */
  clock: forumClockSchema.optional(),
  /** forum: warnings that disqualify (FORUM-INACT-03), so that screens can say "2 of 3". */
  warningsToDisqualify: z.number().int().min(1).optional(),
  /** forum, once started: the current day's and night's numbers. */
  day: z.number().int().min(0).optional(),
  night: z.number().int().min(0).optional(),
  /** forum: today's public votes, voter → target (FORUM-VOTE-07). */
  votes: z.record(seatKey, seatNumberSchema).optional(),
  /** forum: warnings so far per seat, only seats with any (FORUM-INACT-01). */
  warnings: z.record(seatKey, z.number().int().min(0)).optional(),
  /** forum: disqualified seats (FORUM-INACT-02). */
  disqualified: seats.optional(),
  /** forum: at the end, the seats credited with the win (disqualified ones are not). */
  credited: seats.nullable().optional(),
});
export type PublicExtras = z.infer<typeof publicExtrasSchema>;

/** A public state's extras as declared, or none of them if they do not fit. */
export function readExtras(extras: unknown): PublicExtras {
  const parsed = publicExtrasSchema.safeParse(extras);
  return parsed.success ? parsed.data : {};
}
