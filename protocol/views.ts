/** Hub → everyone: the views. Schemas double as documentation and as test oracles. */
import { z } from "zod";
import { LANGS, rulesetIdSchema } from "./host.js";
import { actionIdSchema, seatNumberSchema } from "./inputs.js";

export const TEAMS = ["town", "mafia", "maniac"] as const;
export type Team = (typeof TEAMS)[number];

export const WINNERS = ["town", "mafia", "maniac", "draw"] as const;
export type Winner = (typeof WINNERS)[number];

export const PHASES = ["setup", "night", "day", "ended"] as const;
export type Phase = (typeof PHASES)[number];

/** How a seat left the game; rulesets may add their own words. */
export const outSchema = z.string().regex(/^[a-z_]{1,24}$/);

export const promptSchema = z.object({
  action: actionIdSchema,
  targets: z.array(seatNumberSchema),
  min: z.number().int().min(0),
  max: z.number().int().min(0),
  options: z.array(actionIdSchema),
  /** The `act` may also leave the option out (the forum liar's "straight"); absent: required where offered. */
  optional: z.boolean().optional(),
  until: z.number().nullable(),
  /**
   * Silent nights: a move the night waits for (hunt's owed heal and missing shot, the app's
   * deciding mafioso): a `pass` counts as an answer and does not skip it (QUIET-REQUIRED-01);
   * absent otherwise. In the seat's own view only, which
   * is padded to one size.
   */
  required: z.boolean().optional(),
});
export type Prompt = z.infer<typeof promptSchema>;

export const resultSchema = z.object({
  night: z.number().int().min(0),
  key: z.string(),
  seats: z.array(seatNumberSchema),
});
export type PrivateResult = z.infer<typeof resultSchema>;

export const seatViewSchema = z.object({
  rev: z.number().int().min(0),
  seat: seatNumberSchema,
  role: z.string().nullable(),
  team: z.enum(TEAMS).nullable(),
  /** Seats whose team this seat knows to be its own (the mafia's meeting). */
  allies: z.array(seatNumberSchema),
  /** The allies' roles, where the ruleset lets the team know them (e.g. who the don is). */
  allyRoles: z.record(z.string(), z.string()),
  alive: z.boolean(),
  lang: z.enum(LANGS),
  prompt: promptSchema.nullable(),
  /**
   * Every action the seat may send now, `prompt` first, where a ruleset offers several at
   * once (forum: the vote, the terrorist's `attack`, the insider's `suspect`). Absent: only `prompt`.
   */
  offers: z.array(promptSchema).optional(),
  /** What a `pass` would mean now ("thanks", "ready", "abstain", "nothing" at night), or null if it means nothing. */
  pass: z.string().nullable(),
  results: z.array(resultSchema),
  /** Live choices of team members this seat may see (the app's mafia proposals): seat → target. */
  proposals: z.record(z.string(), seatNumberSchema),
  /** Whether the seat must keep its blindfold on now (night, not woken). */
  blindfold: z.boolean(),
  /** Silent nights: accepted night answers so far in this step (changes every living seat's view). */
  stir: z.number().int().min(0),
  /**
   * Silent nights: this seat's own accepted night answers in this step; 0 by day. A device
   * that answers until `pass` is null sends its next answer only once this counts the last,
   * so a view that left the hub before that answer does not make it send one too many.
   * Optional: a hub from before it sends none (issue 28).
   */
  answers: z.number().int().min(0).optional(),
});
export type SeatView = z.infer<typeof seatViewSchema>;

export const HAPTICS = ["short", "long", "double", "triple", "pulse"] as const;
export type Haptic = (typeof HAPTICS)[number];

export const signalSchema = z.union([
  z.object({ haptic: z.enum(HAPTICS) }),
  z.object({ error: z.string(), haptic: z.enum(HAPTICS).optional() }),
]);
export type Signal = z.infer<typeof signalSchema>;

export const logEntrySchema = z.object({
  seq: z.number().int().min(1),
  at: z.number(),
  key: z.string(),
  seats: z.array(seatNumberSchema),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const publicSeatSchema = z.object({
  seat: seatNumberSchema,
  name: z.string(),
  alive: z.boolean(),
  out: outSchema.nullable(),
  fouls: z.number().int().min(0),
  online: z.boolean(),
  /** A role made public before the end (rulesets that reveal on elimination), else null. */
  role: z.string().nullable(),
});
export type PublicSeat = z.infer<typeof publicSeatSchema>;

export const dealSchema = z.object({
  commitment: z.string().regex(/^[0-9a-f]{64}$/),
  salt: z
    .string()
    .regex(/^[0-9a-f]+$/)
    .nullable(),
  roles: z.array(z.string()).nullable(),
});

export const publicStateSchema = z.object({
  table: z.string(),
  ruleset: rulesetIdSchema,
  now: z.number(),
  phase: z.enum(PHASES),
  step: z.string(),
  round: z.number().int().min(0),
  speaker: seatNumberSchema.nullable(),
  until: z.number().nullable(),
  paused: z.boolean(),
  seats: z.array(publicSeatSchema),
  nominations: z.array(seatNumberSchema),
  counting: seatNumberSchema.nullable(),
  /** Votes per candidate; a forum net total may be negative (the liar's −1, FORUM-LIAR-02). */
  tally: z.record(z.string(), z.number().int()),
  /** Who is on the ballot of the current vote (the tied players in a shootout). */
  ballot: z.array(seatNumberSchema),
  /** Seats whose input the current step waits for, where that is public (a day vote; never at night). */
  waitingFor: z.array(seatNumberSchema),
  /**
   * Open votes only (sport: thumbs up for all to see), during a vote: for each key of
   * `tally`, the seats counted there. Absent in rulesets whose votes are secret.
   */
  voters: z.record(z.string(), z.array(seatNumberSchema)).optional(),
  winner: z.enum(WINNERS).nullable(),
  roles: z.record(z.string(), z.string()).nullable(),
  deal: dealSchema.nullable(),
  /** The most recent announcements, so that a screen that joins late can show them. */
  announcements: z.array(logEntrySchema),
  /** Timings in seconds, for screens that draw countdown rings. */
  timings: z.record(z.string(), z.number()),
  /** Venue branding and other ruleset extras that never change a rule. */
  extras: z.record(z.string(), z.unknown()),
  /**
   * The table hears (issue 26, the option `voice`): a seat's microphone may be sampled and
   * its `voice` inputs sent while a game runs. Absent (a hub before it) or false: a device
   * opens no microphone and sends no voice input.
   */
  voice: z.boolean().optional(),
  /**
   * The rules watch blindfolds (the manifest's `blindfoldSensors`): at night every living
   * seat's device reports its blindfold once a period instead of its edges
   * (QUIET-BLINDFOLD-01). Absent elsewhere, and from a hub before it: edges as ever.
   */
  blindfolds: z.literal(true).optional(),
});
export type PublicState = z.infer<typeof publicStateSchema>;
