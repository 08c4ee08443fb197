/**
 * The public view's `extras` (`public/state`, and the host view's own `extras`): what a
 * ruleset adds that never changes a rule, for the screens. Each field is declared with the
 * rulesets that put it there (hub/engine/rulesets/<id>: `extras`, `liveExtras`) and is absent
 * elsewhere; `test/protocol/host-view.test.ts` validates the extras of every state of random
 * games of every ruleset against this schema, strictly (no undeclared field), so a ruleset
 * that adds a field must declare it here first (docs/PROTOCOL.md). Screens parse it
 * leniently: a field they do not know is dropped, not a reason to read nothing.
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
