/** Host console ↔ hub: `host/command`, `host/reply`. */
import { z } from "zod";
import { seatNumberSchema } from "./inputs.js";

/**
 * A ruleset's id as the wire carries it. The protocol names no ruleset: which ids a hub runs
 * is what its registry holds (hub/engine/rulesets/index.ts), published on `host/rulesets` and
 * `public/rulesets`; an id the hub does not run is refused there, by name.
 */
export const rulesetIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/);
export type RulesetId = z.infer<typeof rulesetIdSchema>;

export const LANGS = ["en", "de", "ru"] as const;
export type Lang = (typeof LANGS)[number];

const id = z.string().min(1).max(64);

export const seatSetupSchema = z.strictObject({
  seat: seatNumberSchema,
  name: z.string().trim().min(1).max(32),
  lang: z.enum(LANGS).optional(),
});

export const setupCommandSchema = z.strictObject({
  id,
  cmd: z.literal("setup"),
  ruleset: z.string(),
  seats: z.array(seatSetupSchema).min(1).max(20),
  /** Checked by the ruleset, which knows its own option names. */
  options: z.record(z.string(), z.unknown()).default({}),
});

const bare = <C extends string>(cmd: C) => z.strictObject({ id, cmd: z.literal(cmd) });

export const foulCauseSchema = z.string().regex(/^[a-z_]{1,32}$/);

export const hostCommandSchema = z.discriminatedUnion("cmd", [
  setupCommandSchema,
  bare("start"),
  bare("next"),
  bare("pause"),
  bare("resume"),
  bare("end"),
  z.strictObject({
    id,
    cmd: z.literal("foul"),
    seat: seatNumberSchema,
    cause: foulCauseSchema.optional(),
    /** The voice candidate (issue 26) this foul confirms; left out: the seat's newest open one. */
    candidate: z.number().int().min(1).optional(),
  }),
  z.strictObject({
    id,
    cmd: z.literal("remove"),
    seat: seatNumberSchema,
    reason: z.string().max(200).optional(),
    /** The judge shows this removal's cause and reason on the table's screens (issue 24). */
    show: z.boolean().optional(),
  }),
  /** An inactivity warning (forum, FORUM-INACT); three disqualify. */
  z.strictObject({ id, cmd: z.literal("warn"), seat: seatNumberSchema }),
  /**
   * Sets a voice candidate aside (issue 26); confirming one is a `foul` with the cause the
   * ruleset's manifest gives the candidate's kind (`voiceCauses`).
   */
  z.strictObject({ id, cmd: z.literal("dismiss"), candidate: z.number().int().min(1) }),
  /**
   * Takes back a seat input or host command (a correction, journaled): record `undoes` (one
   * of `host/undoable`), or without it the newest one still in effect.
   */
  z.strictObject({
    id,
    cmd: z.literal("undo"),
    reason: z.string().trim().min(1).max(200),
    undoes: z.number().int().min(0).optional(),
  }),
  z.strictObject({
    id,
    cmd: z.literal("bestmove"),
    seat: seatNumberSchema,
    /** One to three seats the first night's victim names as black (FIIM best move). */
    guess: z.array(seatNumberSchema).min(1).max(3),
  }),
]);

export const HOST_COMMANDS = [
  "setup",
  "start",
  "next",
  "pause",
  "resume",
  "end",
  "foul",
  "remove",
  "undo",
  "bestmove",
  "warn",
  "dismiss",
] as const;

export type HostCommand = z.infer<typeof hostCommandSchema>;
export type HostCommandName = HostCommand["cmd"];
export type SetupCommand = z.infer<typeof setupCommandSchema>;

export const hostReplySchema = z.union([
  z.object({
    id,
    ok: z.literal(true),
    warnings: z.array(z.string()).optional(),
    /**
     * After `undo`: the journal record taken back (its number and input), and the removal
     * the hub had made from it when it was a sensor reading (protocol/undoable.ts).
     */
    undone: z
      .object({
        n: z.number().int(),
        input: z.unknown(),
        removal: z.object({ seat: seatNumberSchema, cause: z.string() }).optional(),
      })
      .optional(),
  }),
  z.object({
    id: z.string().max(64),
    ok: z.literal(false),
    error: z.string(),
    message: z.string(),
    details: z.array(z.string()).optional(),
  }),
]);
export type HostReply = z.infer<typeof hostReplySchema>;
