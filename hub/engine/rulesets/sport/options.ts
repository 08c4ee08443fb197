/**
 * The sport ruleset's options. Every SPORT-OPEN decision of RULES.md is an option whose
 * default is the catalog's recommendation; timings default to the source's values.
 */
import { z } from "zod";
import { LANGS } from "../../../../protocol/index.js";
import {
  brandingSchema,
  parseStrictOptions,
  showRemovalCauseOption,
  voiceOption,
} from "../options.js";

export const sportOptionsSchema = z.strictObject({
  lang: z.enum(LANGS).default("en"),
  /** SPORT-DAY-03: a speech lasts up to one minute. */
  speechSeconds: z.number().min(5).max(600).default(60),
  /** SPORT-TIE-02: each tied player justifies himself for 30 s. */
  justifySeconds: z.number().min(5).max(600).default(30),
  /** SPORT-LAST-01: last word after a vote. */
  lastWordSeconds: z.number().min(5).max(600).default(30),
  /** SPORT-LAST-02: last word after a night kill. */
  lastWordNightSeconds: z.number().min(5).max(600).default(60),
  /** One nominee's counting window (SPORT-VOTE-03: the thumb stays down until counted). */
  voteWindowSeconds: z.number().min(1).max(120).default(5),
  /** Each night step (shot, Don, Sheriff) lasts the same, whatever happens: the script gives nothing away. */
  nightStepSeconds: z.number().min(3).max(300).default(15),
  /** SPORT-NIGHT0-02..04: the mafia's meeting on zero night. */
  mafiaMeetingSeconds: z.number().min(5).max(600).default(60),
  /** Steps end by their timers without the host; off: the countdown shows, the host's `next` ends a step. */
  autoAdvance: z.boolean().default(true),
  /** SPORT-OPEN-01: (a) "living" — all living mafiosi must agree; (b) "three" — three shooters, literally. */
  shotQuorum: z.enum(["living", "three"]).default("living"),
  /** SPORT-OPEN-02: (a) "living": any living seat, and a second shot by anyone spoils the shot; (b) "nonBlack": every number but the black ones is called, and a shot at an eliminated seat misses. */
  shotTargets: z.enum(["living", "nonBlack"]).default("living"),
  secondShot: z.enum(["miss", "reject"]).default("miss"),
  /** SPORT-OPEN-03: (a) a Don or Sheriff shot tonight still checks; (b) he does not. */
  shotStillChecks: z.boolean().default(true),
  /** SPORT-OPEN-04: (a) the 3rd foul in one's speech ends it and costs the next speech; (b) it only ends it. */
  thirdFoulInSpeech: z.enum(["endAndLoseNext", "endOnly"]).default("endAndLoseNext"),
  /** SPORT-OPEN-05: (a) a 3-foul player loses only his next regular speech; (b) every speech that day. */
  silencedLoses: z.enum(["speech", "allSpeaking"]).default("speech"),
  /** SPORT-OPEN-07: (a) a removed player gets no last word; (b) he gets one of lastWordSeconds. */
  removalLastWord: z.boolean().default(false),
  /** SPORT-OPEN-08: nominations per speech and self-nomination. */
  nominationsPerSpeech: z.number().int().min(1).max(3).default(1),
  selfNomination: z.boolean().default(false),
  /** SPORT-OPEN-09: (a) only those tied at the top of the revote go to the leave/stay vote; (b) all tied. */
  revoteTie: z.enum(["topTied", "allTied"]).default("topTied"),
  /** SPORT-OPEN-10: (a) "livingMajority": all leave if more than half of the living vote "leave" (a non-vote is "stay"); (b) "castMajority": a "leave" window and a "stay" window, more leave than stay votes wins, a tie stays. */
  leaveVoteThreshold: z.enum(["livingMajority", "castMajority"]).default("livingMajority"),
  /** SPORT-OPEN-12: (a) no role is shown on elimination; (b) it is. All roles are shown at the end either way. */
  revealOnElimination: z.boolean().default(false),
  /** SPORT-OPEN-13: (a) black wins when blacks >= reds; (b) only at exact equality. */
  blackWins: z.enum(["atLeast", "exact"]).default("atLeast"),
  /** SPORT-SETUP-01: exactly 10 players; venues may allow other counts for training tables. */
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

export type SportOptions = z.infer<typeof sportOptionsSchema>;

export function parseSportOptions(raw: Record<string, unknown>, seatCount: number) {
  const parsed = parseStrictOptions(sportOptionsSchema, raw);
  // The seat count is checked whatever the options say, so that one reply lists every mistake.
  const anyCount = parsed.ok ? parsed.options.allowAnySeatCount : raw.allowAnySeatCount === true;
  const errors: string[] = parsed.ok ? [] : [...parsed.errors];
  if (!anyCount && seatCount !== 10) {
    errors.push(`seats: sport is played by exactly 10 players (SPORT-SETUP-01), got ${seatCount}`);
  }
  if (anyCount && (seatCount < 7 || seatCount > 12)) {
    errors.push(`seats: sport needs 7 to 12 players, got ${seatCount}`);
  }
  if (errors.length > 0 || !parsed.ok) return { ok: false as const, errors };
  return parsed;
}
