/**
 * The hunt ruleset's options. Every HUNT-OPEN decision of RULES.md is an option whose
 * default is the catalog's recommendation (docs/RULES-HUNT.md explains each).
 */
import { z } from "zod";
import { LANGS } from "../../../../protocol/index.js";
import {
  brandingSchema,
  parseStrictOptions,
  showRemovalCauseOption,
  voiceOption,
} from "../options.js";

const seconds = z.number().min(5).max(3600).nullable();

export const huntOptionsSchema = z.strictObject({
  lang: z.enum(LANGS).default("en"),
  /** HUNT-OPEN-15: the game opens with Day 1 (discussion and vote), or with Night 1. */
  firstPhase: z.enum(["day", "night"]).default("day"),
  /** The night is one step for everyone; it lasts this long whatever happens in it (silent nights). */
  nightSeconds: seconds.default(60),
  /** The day's discussion ends by this timer, the host's `next`, or when every living player is ready. */
  discussionSeconds: seconds.default(null),
  /** The vote ends by this timer, the host's `next`, or when every living player has voted or abstained. */
  voteSeconds: seconds.default(null),
  autoAdvance: z.boolean().default(true),
  /** HUNT-OPEN-01: (a) "allOpponents": the town wins when no mafioso and no Maniac lives; (b) "allMafia". */
  townWins: z.enum(["allOpponents", "allMafia"]).default("allOpponents"),
  /** HUNT-OPEN-02: (c) "maniacDead": mafia ≥ civilians once the Maniac is dead; (a) "literal": ignoring the Maniac; (b) "maniacCounts": mafia ≥ civilians + Maniac. */
  mafiaWins: z.enum(["maniacDead", "literal", "maniacCounts"]).default("maniacDead"),
  /** HUNT-OPEN-03: (a) "cancels": a blocked drawn hunter hunts nobody; (b) "beforeDraw": blocked applicants are dropped before the lot; (c) "unblockable". */
  blockedHunt: z.enum(["cancels", "beforeDraw", "unblockable"]).default("cancels"),
  /** HUNT-OPEN-05: (a) the Maniac's and the mafia's shots are simultaneous; (b) an executor the Maniac kills does not shoot. */
  maniacStopsExecutor: z.boolean().default(false),
  /** HUNT-OPEN-06: (a) a successful hunter can be healed against the shots; (b) no hunter can be healed that night. */
  healHunter: z.boolean().default(true),
  /** HUNT-OPEN-07: (a) "anyButManiac": the heal works on everyone but the Maniac; (b) "civilians": only on civilians and the Doctor. */
  healWorksOn: z.enum(["anyButManiac", "civilians"]).default("anyButManiac"),
  /** HUNT-OPEN-08: (a) "applied": a Doctor's application forfeits the heal; (b) "drawn": only a drawn one does. */
  doctorHuntForfeits: z.enum(["applied", "drawn"]).default("applied"),
  /** HUNT-OPEN-10: (a) "endgame": exactly 2 civilians against exactly 1 opponent; (b) "ratio": civilians ≤ 2 × opponents. */
  huntBalance: z.enum(["endgame", "ratio"]).default("endgame"),
  /** HUNT-OPEN-11: (a) "side": night deaths show only civilian/mafia (the hunted Maniac in full); (b) "role": the exact role. */
  nightReveal: z.enum(["side", "role"]).default("side"),
  /** HUNT-OPEN-13: the night's timer does not end the night before the mafia's shot and the Doctor's heal are in. */
  waitForMandatory: z.boolean().default(true),
  /** HUNT-SETUP-01: 12–13 players; venues may allow 4 to 20 for demo tables (fewer mafia below 10). */
  allowAnySeatCount: z.boolean().default(false),
  /** Silent nights: a decoy prompt for every living seat with nothing to do at night (issue 7). */
  decoys: z.boolean().default(true),
  /** Who is speaking (issue 26, docs/PROTOCOL.md "Voice"): off by default. */
  voice: voiceOption,
  /** A removal's cause on the screens (issue 24, docs/PROTOCOL.md): off by default. */
  showRemovalCause: showRemovalCauseOption,
  /** Venue branding for the screens; never read by a rule. */
  venue: brandingSchema,
});

export type HuntOptions = z.infer<typeof huntOptionsSchema>;

/**
 * The contract's shared name for a night step's length (shared/PROTOCOL.md: options that
 * every ruleset understands where they apply). The hunt's night is one step, so it means
 * `nightSeconds`; both at once must agree (HUNT-SETUP-04).
 */
const SHARED_NIGHT = "nightStepSeconds";

function sharedNames(raw: Record<string, unknown>): {
  raw: Record<string, unknown>;
  errors: string[];
} {
  if (!(SHARED_NIGHT in raw)) return { raw, errors: [] };
  const { [SHARED_NIGHT]: step, ...rest } = raw;
  if ("nightSeconds" in rest && rest.nightSeconds !== step)
    return {
      raw: rest,
      errors: [`options.${SHARED_NIGHT}: names the night's length, as nightSeconds does; give one`],
    };
  return { raw: { ...rest, nightSeconds: step }, errors: [] };
}

export function parseHuntOptions(given: Record<string, unknown>, seatCount: number) {
  const shared = sharedNames(given);
  const raw = shared.raw;
  const parsed = parseStrictOptions(huntOptionsSchema, raw);
  // The seat count is checked whatever the options say, so that one reply lists every mistake.
  const anyCount = parsed.ok ? parsed.options.allowAnySeatCount : raw.allowAnySeatCount === true;
  const errors: string[] = [...shared.errors, ...(parsed.ok ? [] : parsed.errors)];
  if (!anyCount && (seatCount < 12 || seatCount > 13)) {
    errors.push(`seats: hunt is played by 12 or 13 players (HUNT-SETUP-01), got ${seatCount}`);
  }
  if (anyCount && (seatCount < 4 || seatCount > 20)) {
    errors.push(`seats: hunt needs 4 to 20 players, got ${seatCount}`);
  }
  if (errors.length > 0 || !parsed.ok) return { ok: false as const, errors };
  return parsed;
}
