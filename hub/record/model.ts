/**
 * The game record: our own plain JSON of everything a game produced, for every ruleset.
 * The zod schema is the contract; `recordJsonSchema()` publishes it as JSON Schema
 * (docs/record.schema.json is generated from it).
 */
import { z } from "zod";

/** When something happened: hub epoch ms, ms since the deal, and where the game was. */
const when = {
  /** Journal record number of the input that caused it. */
  n: z.number().int().min(1),
  at: z.number().int(),
  /** Milliseconds since the game started (the host's `start`). */
  clock: z.number().int(),
  round: z.number().int().min(0),
  phase: z.string(),
  step: z.string(),
  /** Who had the floor (a speech, a justification, a last word), or null. */
  speaker: z.number().int().nullable(),
};

const seat = z.number().int().min(1).max(20);

export const recordSeatSchema = z.object({
  seat,
  name: z.string(),
  role: z.string().nullable(),
  team: z.string().nullable(),
  /** How the seat left the game (killed, voted, removed, disconnected), or null. */
  out: z.string().nullable(),
  outRound: z.number().int().nullable(),
  fouls: z.number().int().min(0),
});

export const voterSchema = z.object({
  seat,
  /** The thumb's last down edge before the window closed (sport), the vote's time (app); null for a vote by default. */
  at: z.number().int().nullable(),
  clock: z.number().int().nullable(),
  defaulted: z.boolean(),
});

export const voteWindowSchema = z.object({
  step: z.string(),
  /** The nominee being counted; null in a leave/stay window or a secret vote. */
  nominee: seat.nullable(),
  opened: z.number().int(),
  closed: z.number().int(),
  openedClock: z.number().int(),
  closedClock: z.number().int(),
  /** The engine's published count for this window (the tally), where it has one. */
  count: z.number().int().nullable(),
  /** voter → the seat voted for (leave: "leave"/"stay"; app: a seat or "abstain"). */
  voters: z.array(voterSchema.extend({ choice: z.union([seat, z.string()]) })),
});

export const voteRoundSchema = z.object({
  round: z.number().int().min(0),
  /** main, revote (after a shootout), leave (all leave / all stay), secret (app). */
  kind: z.enum(["main", "revote", "leave", "secret"]),
  ballot: z.array(seat),
  windows: z.array(voteWindowSchema),
  /** The announcement that closed the round (vote.eliminated, shootout, vote.leave.no...). */
  outcome: z.string().nullable(),
  outcomeSeats: z.array(seat),
  /** That announcement's params (counts of a leave vote), so the sheet words it as the table heard it. */
  outcomeParams: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .default({}),
});

/** The players' texts (forum); authors of ads only when the host asked (hub/record/texts.ts). */
export const recordTextsSchema = z.object({
  /** Whether the ads name their authors (the host asked explicitly). */
  authors: z.boolean(),
  /** Wills as they came out at death: `to` null = published, else the seats that got it. */
  wills: z.array(z.object({ seat, text: z.string(), to: z.array(seat).nullable() })),
  papers: z.array(
    z.object({
      edition: z.number().int().min(1),
      phase: z.enum(["day", "night"]),
      round: z.number().int().min(0),
      ads: z.array(z.object({ pseudonym: z.string(), text: z.string(), author: seat.optional() })),
    }),
  ),
  messages: z.array(z.object({ night: z.number().int(), victim: seat, text: z.string() })),
});

/** Who spoke when (issue 26, speech.ts): each day speech's attributed speech, and the candidates. */
export const recordVoiceSchema = z.object({
  speeches: z.array(
    z.object({
      round: z.number().int().min(0),
      step: z.string(),
      speaker: seat,
      from: z.number().int(),
      to: z.number().int(),
      spans: z.array(z.object({ seat, from: z.number().int(), to: z.number().int() })),
    }),
  ),
  candidates: z.array(
    z.object({
      id: z.number().int().min(1),
      seat,
      kind: z.enum(["turn", "overtime", "night"]),
      during: seat.nullable(),
      from: z.number().int(),
      to: z.number().int(),
      round: z.number().int().min(0),
      status: z.enum(["open", "confirmed", "dismissed"]),
    }),
  ),
});

export const gameRecordSchema = z.object({
  format: z.literal("mafia-table-kit/record"),
  v: z.literal(1),
  table: z.string(),
  ruleset: z.string(),
  options: z.record(z.string(), z.unknown()),
  /** Hub epoch ms: set up, started (deal), last input. */
  setupAt: z.number().int(),
  startedAt: z.number().int().nullable(),
  endedAt: z.number().int().nullable(),
  winner: z.string().nullable(),
  aborted: z.boolean(),
  seats: z.array(recordSeatSchema),
  fouls: z.array(
    z.object({ ...when, seat, cause: z.string().nullable(), count: z.number().int() }),
  ),
  removals: z.array(
    z.object({ ...when, seat, cause: z.string().nullable(), reason: z.string().nullable() }),
  ),
  nominations: z.array(z.object({ ...when, by: seat, seat })),
  votes: z.array(voteRoundSchema),
  shootouts: z.array(z.object({ ...when, seats: z.array(seat) })),
  nights: z.array(
    z.object({
      round: z.number().int().min(0),
      actions: z.array(
        z.object({
          ...when,
          seat,
          action: z.string(),
          targets: z.array(seat),
          option: z.string().nullable(),
        }),
      ),
      checks: z.array(z.object({ ...when, seat, target: seat, result: z.string() })),
      /** Seats that left the game at this night's end (announced the morning after). */
      killed: z.array(seat),
    }),
  ),
  eliminations: z.array(z.object({ ...when, seat, how: z.string() })),
  lastWords: z.array(
    z.object({
      seat,
      round: z.number().int(),
      from: z.number().int(),
      to: z.number().int().nullable(),
    }),
  ),
  bestMove: z.object({ ...when, seat, guess: z.array(seat) }).nullable(),
  corrections: z.array(
    z.object({
      n: z.number().int(),
      at: z.number().int(),
      clock: z.number().int(),
      reason: z.string().nullable(),
      undoes: z.number().int(),
      /** The input taken back, as journaled. */
      undone: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  /** Inputs the engine refused on replay once a correction had changed what came before. */
  void: z.array(z.object({ n: z.number().int(), code: z.string() })),
  /** Every thumb edge of the game, for appeals. */
  thumbs: z.array(z.object({ seat, at: z.number().int(), down: z.boolean() })),
  /** Rulesets with text (forum): wills, papers, death messages (texts.ts). */
  texts: recordTextsSchema.optional(),
  /** Tables with the voice option that heard speech (speech.ts); host-only, like the levels. */
  voice: recordVoiceSchema.optional(),
  /** Points per seat when scoring was asked for (scoring.ts). */
  points: z
    .array(
      z.object({
        seat,
        name: z.string(),
        total: z.number(),
        parts: z.record(z.string(), z.number()),
      }),
    )
    .optional(),
});

export type GameRecord = z.infer<typeof gameRecordSchema>;
export type VoteRound = z.infer<typeof voteRoundSchema>;
export type RecordTexts = z.infer<typeof recordTextsSchema>;
export type VoteWindow = z.infer<typeof voteWindowSchema>;

export function recordJsonSchema(): Record<string, unknown> {
  return {
    $id: "https://mafia-table-kit.invalid/record.schema.json",
    title: "mafia-table-kit game record",
    ...(z.toJSONSchema(gameRecordSchema) as Record<string, unknown>),
  };
}
