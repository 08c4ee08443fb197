/**
 * `host/view` (retained, host only): the engine's whole game state without its generator,
 * plus the public view (hub/engine/views.ts `hostView`). The console parses it with this
 * schema and reads typed fields, never the engine's bookkeeping by guesswork. `flow` is each
 * ruleset's bookkeeping: the fields below are the ones screens read, declared here with the
 * rulesets that keep them; anything else in it passes through unread (docs/PROTOCOL.md).
 * `test/protocol/host-view.test.ts` validates the host view of every state of random games
 * of every ruleset against it.
 */
import { z } from "zod";
import { LANGS, rulesetIdSchema } from "./host.js";
import { seatNumberSchema } from "./inputs.js";
import { STEP_KINDS } from "./manifest.js";
import {
  dealSchema,
  logEntrySchema,
  outSchema,
  PHASES,
  publicStateSchema,
  resultSchema,
  TEAMS,
  WINNERS,
} from "./views.js";

/** A seat number as a record's key (JSON objects have string keys). */
const seatKey = z.string().regex(/^[1-9][0-9]?$/);
const seats = z.array(seatNumberSchema);

export const hostSeatSchema = z.object({
  seat: seatNumberSchema,
  name: z.string(),
  lang: z.enum(LANGS),
  role: z.string().nullable(),
  team: z.enum(TEAMS).nullable(),
  alive: z.boolean(),
  out: outSchema.nullable(),
  /** A role made public before the end (rulesets that reveal on elimination). */
  shownRole: z.string().nullable(),
  fouls: z.number().int().min(0),
  online: z.boolean(),
  /** Last reported sensor states, null until the paddle reports one. */
  thumbDown: z.boolean().nullable(),
  blindfoldOn: z.boolean().nullable(),
  /** Hub time of the last change of each sensor. */
  thumbAt: z.number().nullable(),
  blindfoldAt: z.number().nullable(),
  /** The seat's last hello (null: never said one), and which sensors it has. */
  fw: z.string().nullable(),
  caps: z.array(z.string()),
  results: z.array(resultSchema),
});
export type HostSeat = z.infer<typeof hostSeatSchema>;

/** A foul as the console lists it: when and why (sport `flow.fouls`). */
export const foulMarkSchema = z.object({ at: z.number(), cause: z.string() });
export type FoulMark = z.infer<typeof foulMarkSchema>;

/** sport's vote as it is counted (`flow.vote`): the ballot, the open window, who went down in it. */
export const hostVoteSchema = z.looseObject({
  /** main; revote after a shootout; leave: all leave or all stay (SPORT-TIE-04). */
  kind: z.enum(["main", "revote", "leave"]),
  ballot: seats,
  /** The open counting window's index in `ballot`. */
  index: z.number().int().min(0),
  /** Voter → the nominee he voted for (leave: his own seat means "leave"). */
  votes: z.record(seatKey, seatNumberSchema),
  /** Seats whose thumb went down inside the open window. */
  downInWindow: seats,
});
export type HostVote = z.infer<typeof hostVoteSchema>;

/**
 * Tonight's choices (`flow.night`, while it is night). sport declares its three fields; the
 * app's and hunt's nights are lists of choices by field (proposals, heal, hunt's per-holder
 * blocks, kills, heals, …) that the console shows field by field (`host.night.<field>`), so
 * the rest passes through.
 */
export const hostNightSchema = z.looseObject({
  /** sport: shooter → the seats he shot at, in order (more than one spoils the shot). */
  shots: z.record(seatKey, seats).optional(),
  /** sport: the seat killed tonight. */
  kill: seatNumberSchema.nullable().optional(),
  /** sport: the seats that have made their check tonight. */
  checked: seats.optional(),
});
export type HostNight = z.infer<typeof hostNightSchema>;

/** forum: the night's book (`flow.nightBook`), host only: the office, the choices, the murder. */
export const hostNightBookSchema = z.looseObject({
  /** The night it belongs to; the console shows its choices only while it is `flow.night`. */
  night: z.number().int().min(0),
  /** Who holds the mafia boss's office, and who succeeds him. */
  office: z.object({ holder: seatNumberSchema.nullable(), heir: seatNumberSchema.nullable() }),
  /** Seat → action → targets chosen tonight. */
  choices: z.record(seatKey, z.record(z.string(), seats)),
  /** The mafia's murder tonight, once chosen. */
  murder: z.looseObject({ target: seatNumberSchema }).nullable(),
});
export type HostNightBook = z.infer<typeof hostNightBookSchema>;

/** A forum day vote on the host's view: the target and whether the liar counts it straight. */
export const hostForumVoteSchema = z.looseObject({
  target: seatNumberSchema,
  straight: z.boolean(),
});

/**
 * The bookkeeping screens read, by field; each is kept by the rulesets named and absent
 * elsewhere. Any other field is the ruleset's own and passes through unread.
 */
export const hostFlowSchema = z.looseObject({
  /** sport: who speaks after the current speaker, in order. */
  turns: z.array(z.looseObject({ seat: seatNumberSchema, step: z.string() })).optional(),
  /** sport: nominee → who nominated him, for the day's nominations. */
  nominators: z.record(seatKey, seatNumberSchema).optional(),
  /** sport: seat → its fouls with time and cause, in order. */
  fouls: z.record(seatKey, z.array(foulMarkSchema)).optional(),
  /** sport: the open vote, null outside one. */
  vote: hostVoteSchema.nullable().optional(),
  /**
   * sport, app, hunt: tonight's choices, null by day. forum: the number of the current or
   * last night (its choices are in `nightBook`).
   */
  night: z
    .union([z.number().int().min(0), hostNightSchema])
    .nullable()
    .optional(),
  /**
   * The day's votes: voter → nominee (app, hunt; 0 = abstained), or voter → vote (forum,
   * with the liar's `straight`).
   */
  votes: z.record(seatKey, z.union([z.number().int().min(0), hostForumVoteSchema])).optional(),
  /** forum: the night's book, null before the first night. */
  nightBook: hostNightBookSchema.nullable().optional(),
});
export type HostFlow = z.infer<typeof hostFlowSchema>;

/** "seat 4 spoke 2.1 s during seat 7's speech", for the judge to confirm or dismiss (issue 26). */
export const voiceCandidateSchema = z.looseObject({
  id: z.number().int(),
  seat: seatNumberSchema,
  /** `turn`: during another's speech; `overtime`: after his own ended; `night`: at night. */
  kind: z.enum(["turn", "overtime", "night"]),
  /** The seat whose speech it was (turn, overtime: the next speaker), or null. */
  during: seatNumberSchema.nullable(),
  from: z.number(),
  to: z.number(),
  status: z.enum(["open", "confirmed", "dismissed"]),
});
export type VoiceCandidateWire = z.infer<typeof voiceCandidateSchema>;

export const hostVoiceSchema = z.looseObject({
  /** Who is speaking now (the open run, once it counts), or null. */
  speaking: seatNumberSchema.nullable(),
  /**
   * Whose turn it was from `at` on, recorded when the step or the speaker changes: the step
   * and its manifest kind (`speaking`, `night`, ...; null for a step the manifest lacks).
   */
  turns: z.array(
    z.looseObject({
      at: z.number(),
      step: z.string(),
      kind: z.enum(STEP_KINDS).nullable(),
      speaker: seatNumberSchema.nullable(),
    }),
  ),
  candidates: z.array(voiceCandidateSchema),
});
export type HostVoiceWire = z.infer<typeof hostVoiceSchema>;

export const hostViewSchema = z.object({
  v: z.literal(1),
  table: z.string(),
  ruleset: rulesetIdSchema,
  options: z.record(z.string(), z.unknown()),
  rev: z.number().int().min(0),
  now: z.number(),
  phase: z.enum(PHASES),
  step: z.string(),
  round: z.number().int().min(0),
  /** When the step ends by itself (null: it does not); while paused, how much was left (ms). */
  clock: z.object({ until: z.number().nullable(), remaining: z.number().nullable() }),
  paused: z.boolean(),
  speaker: seatNumberSchema.nullable(),
  seats: z.array(hostSeatSchema),
  nominations: seats,
  counting: seatNumberSchema.nullable(),
  tally: z.record(z.string(), z.number().int()),
  ballot: seats,
  winner: z.enum(WINNERS).nullable(),
  /** The deal, salt and roles whole (the host sees them from the start). */
  deal: dealSchema.extend({ salt: z.string(), roles: z.array(z.string()) }).nullable(),
  logSeq: z.number().int().min(0),
  /**
   * The announcements as the engine made them, a removal's cause and reason included (the
   * public view drops them unless the table shows them: issue 24).
   */
  announcements: z.array(logEntrySchema),
  /** Silent nights (decoys): answers accepted in this night step, and the seats that gave them. */
  quiet: z.object({ stir: z.number().int().min(0), answered: seats }),
  flow: hostFlowSchema,
  extras: z.record(z.string(), z.unknown()),
  /**
   * Who is speaking (issue 26), at a table with voice on: the engine's voice state, of
   * which the console reads these fields; the rest (tracks, run) is bookkeeping it ignores.
   */
  voice: hostVoiceSchema.optional(),
  public: publicStateSchema,
});
export type HostViewWire = z.infer<typeof hostViewSchema>;
