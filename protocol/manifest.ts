/**
 * A ruleset's manifest: what it is made of, as data, so that screens, the record and the
 * box read capabilities and words from it instead of testing ruleset ids. Declared in each
 * ruleset's folder (hub/engine/rulesets/<id>/manifest.ts), published with the options on
 * `host/rulesets` (docs/PROTOCOL.md). Every key here is a word the dictionaries translate:
 * `role.<id>`, `step.<id>`, `out.<id>`, and the announcement keys themselves.
 */
import { z } from "zod";
import { TEAMS } from "./views.js";

/** How a step asks the table: who speaks, or how the vote is given, or the night. */
export const STEP_KINDS = [
  "speaking",
  "discussion",
  "thumbVote",
  "openVote",
  "secretVote",
  "night",
  "announce",
  "end",
] as const;

export const RECORD_FORMATS = ["html", "pdf", "json", "mafiaratings"] as const;

const keySchema = z.string().regex(/^[a-z][a-zA-Z]*(\.[a-z][a-zA-Z]*)*$/);

export const manifestRoleSchema = z.object({
  id: keySchema,
  team: z.enum(TEAMS),
  /** What a public announcement calls the role, where it differs from its team (hunt). */
  side: z.string().optional(),
  /** The actions the role is offered beyond every seat's own (voting, speaking). */
  abilities: z.array(z.string()),
});

export const manifestStepSchema = z.object({
  id: keySchema,
  phase: z.enum(["day", "night", "ended"]),
  kind: z.enum(STEP_KINDS),
  /**
   * A night that calls its roles one step each (sport): the roles this step wakes, on any
   * night. Absent: the step is the whole night, every role with a night ability answers in it.
   */
  calls: z.array(keySchema).optional(),
  /**
   * What a vote step asks. Absent: whom to eliminate among the ballot's seats. "leaveOrStay":
   * whether every seat on the ballot leaves together, counted as two answers (sport's leave
   * vote, SPORT-OPEN-10), which screens show as a leave/stay tally instead of per seat.
   */
  question: z.enum(["leaveOrStay"]).optional(),
  /**
   * Which of the published `timings` (public view) is the step's full length, so countdown
   * rings know their proportion. Absent: the step has no fixed length.
   */
  timing: z
    .object({
      key: z.string(),
      /** On the zero night (round 0), where it differs: sport's mafia meeting. */
      zeroNight: z.string().optional(),
      /**
       * After a night kill (the latest elimination announced is `morning.killed`), where it
       * differs: a night victim's longer last word (SPORT-LAST-02).
       */
      afterNightKill: z.string().optional(),
    })
    .optional(),
});

export const capabilitiesSchema = z.object({
  /** Votes are public as they are cast (the display may show who voted whom). */
  openVote: z.boolean(),
  /** Votes and nominations come from the paddles' thumb sensors. */
  thumbSensors: z.boolean(),
  /** Blindfold sensors are read at night (peeking is a foul). */
  blindfoldSensors: z.boolean(),
  /** Seats write texts (wills, ads, death messages) from their phones. */
  textInputs: z.boolean(),
  recordFormats: z.array(z.enum(RECORD_FORMATS)),
  /**
   * The day is one long open vote shown as a board (any living seat, any time until the
   * deadline), not steps of speeches (forum). Absent means false (added after the rest).
   */
  dayBoard: z.boolean().optional(),
  /** Phases end at deadlines announced on the calendar, shown on the screens (forum). */
  deadlines: z.boolean().optional(),
  /** Seats collect warnings towards disqualification; the console counts them (forum). */
  warnings: z.boolean().optional(),
  /**
   * Seats nominate candidates for the day's vote and the display lists them in order
   * (sport); absent means false: everyone is on the ballot (app, hunt) or the day is a board.
   */
  nominations: z.boolean().optional(),
});

/**
 * A voice candidate's kind (issue 26): heard during another's speech, on after one's own
 * speech ended, or at night.
 */
export const VOICE_CANDIDATE_KINDS = ["turn", "overtime", "night"] as const;
export type VoiceCandidateKind = (typeof VOICE_CANDIDATE_KINDS)[number];

const causeSchema = z.string().regex(/^[a-z_]{1,24}$/);

/**
 * The foul cause that confirms a voice candidate of each kind: the judge's one click gives
 * that foul (sport: `out_of_turn`, `after_thanks` for running over). A kind left out, or a
 * ruleset without fouls, has its candidates only dismissed, never confirmed.
 */
export const voiceCausesSchema = z.object({
  turn: causeSchema.optional(),
  overtime: causeSchema.optional(),
  night: causeSchema.optional(),
});

export const rulesetManifestSchema = z.object({
  roles: z.array(manifestRoleSchema).min(1),
  steps: z.array(manifestStepSchema).min(1),
  /** Every announcement key the ruleset (and the core, for it) can log. */
  announcements: z.array(keySchema),
  /** How a seat can leave the game (`seat.out`). */
  outs: z.array(z.string().regex(/^[a-z_]{1,24}$/)),
  capabilities: capabilitiesSchema,
  /** Absent means no candidate is confirmed by a foul (added after the rest). */
  voiceCauses: voiceCausesSchema.optional(),
});
export type RulesetManifest = z.infer<typeof rulesetManifestSchema>;
export type ManifestRole = z.infer<typeof manifestRoleSchema>;
export type ManifestStep = z.infer<typeof manifestStepSchema>;

/** Announcements the engine core logs for every ruleset (step.ts, ruleset.ts). */
export const CORE_ANNOUNCEMENTS = [
  "game.start",
  "game.end",
  "game.aborted",
  "game.paused",
  "game.resumed",
  "game.corrected",
] as const;

/** Steps the engine core is in for every ruleset: `waiting` before the game starts (step.ts). */
export const CORE_STEPS = ["waiting"] as const;

/** The kind of a step, or null for a step the manifest does not list. */
export function stepKind(
  manifest: RulesetManifest | null,
  step: string,
): ManifestStep["kind"] | null {
  return manifest?.steps.find((s) => s.id === step)?.kind ?? null;
}

/** Whether the step asks leave-or-stay rather than whom (the manifest's `question`). */
export function asksLeaveOrStay(manifest: RulesetManifest | null, step: string): boolean {
  return manifest?.steps.find((s) => s.id === step)?.question === "leaveOrStay";
}

/** Whether any step of the ruleset asks the table this way (e.g. a secret vote). */
export function hasStepKind(manifest: RulesetManifest | null, kind: ManifestStep["kind"]): boolean {
  return manifest?.steps.some((s) => s.kind === kind) ?? false;
}

/** The foul cause that confirms a voice candidate of this kind, or null (dismiss only). */
export function voiceCause(
  manifest: RulesetManifest | null,
  kind: VoiceCandidateKind,
): string | null {
  return manifest?.voiceCauses?.[kind] ?? null;
}
