/**
 * The app ruleset's options: the composition the host sets (APP-SETUP-01), and every
 * APP-OPEN decision of RULES.md with the catalog's recommendation as its default.
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

export const appOptionsSchema = z.strictObject({
  lang: z.enum(LANGS).default("en"),
  /** APP-SETUP-01: size of the mafia, 1 to 4 (default: a quarter of the table, rounded up). */
  mafia: z.number().int().min(1).max(4).optional(),
  /** APP-SETUP-01: whether Kommissar Cattani and the Arzt are in play. */
  commissar: z.boolean().default(false),
  doctor: z.boolean().default(false),
  /** APP-SETUP-01: the number of Stadträte; if given it must add up with the rest to the seats. */
  councillors: z.number().int().min(0).max(19).optional(),
  /** APP-OPEN-13: no timers by default; each step ends when every required input is in. */
  nightSeconds: seconds.default(null),
  discussionSeconds: seconds.default(null),
  voteSeconds: seconds.default(null),
  autoAdvance: z.boolean().default(true),
  /** APP-OPEN-01: with Pate and Consigliere dead, (b) the soldiers' most-proposed target, (a) no kill, (c) the lowest-seat soldier decides. */
  leaderless: z.enum(["soldiersPlurality", "none", "lowestSoldier"]).default("soldiersPlurality"),
  /** APP-OPEN-03: (a) "wait": the night cannot end without the deciding choice; (b) "noKill". */
  missingKill: z.enum(["wait", "noKill"]).default("wait"),
  /** APP-OPEN-04: the mafia proposes living non-mafia players; the Arzt may protect himself, twice in a row too. */
  mafiaTargetsOwn: z.boolean().default(false),
  doctorSelf: z.boolean().default(true),
  doctorRepeat: z.boolean().default(true),
  /** APP-OPEN-05: (a) a night victim's role is shown with his death; (b) only his name. */
  revealNightRole: z.boolean().default(true),
  /** APP-OPEN-06: "the majority abstains": (a) of the living, (b) of the votes cast, (c) abstention as a candidate. */
  abstainMajority: z.enum(["living", "cast", "candidate"]).default("living"),
  /** APP-OPEN-07: a vote may be changed until the vote closes. */
  changeVote: z.boolean().default(true),
  /** APP-OPEN-08: (a) anonymous totals per candidate; (b) only the outcome. */
  tally: z.enum(["totals", "outcome"]).default("totals"),
  /** APP-OPEN-10: (a) the end screen shows "unknown" for a disconnected player; (b) his role. */
  endShowsDisconnected: z.boolean().default(false),
  /** APP-OPEN-14: (a) the Kommissar sees his result at once; (b) in the morning, if he lives. */
  commissarResult: z.enum(["immediate", "morning"]).default("immediate"),
  /**
   * APP-OPEN-17: how long a dropped paddle or phone may be away before it counts as
   * eliminated. 120 s (as mafia-rust) outlasts a locked phone screen or a Wi-Fi hiccup; 0
   * is the catalog's "at once".
   */
  disconnectGraceSeconds: z.number().min(0).max(600).default(120),
  /** APP-OPEN-12: thresholds of the balance warning. */
  warnMargin: z.number().int().min(0).max(10).default(1),
  warnRatio: z.number().min(1).max(20).default(6),
  /** Silent nights: a decoy prompt for every living seat with nothing to do at night (issue 7). */
  decoys: z.boolean().default(true),
  /** Who is speaking (issue 26, docs/PROTOCOL.md "Voice"): off by default. */
  voice: voiceOption,
  /** A removal's cause on the screens (issue 24, docs/PROTOCOL.md): off by default. */
  showRemovalCause: showRemovalCauseOption,
  /** APP-CUST: venue branding, shown on the screens, never read by a rule. */
  venue: brandingSchema,
});

export type AppOptions = z.infer<typeof appOptionsSchema> & { mafia: number };

export function defaultMafiaSize(seats: number): number {
  return Math.min(4, Math.max(1, Math.ceil(seats / 4)));
}

/** APP-SETUP-01/02, APP-OPEN-12: the composition must add up; refuse or warn when unbalanced. */
export function parseAppOptions(raw: Record<string, unknown>, seatCount: number) {
  const parsed = parseStrictOptions(appOptionsSchema, raw);
  if (!parsed.ok) return parsed;
  const o = parsed.options;
  const mafia = o.mafia ?? defaultMafiaSize(seatCount);
  const specials = (o.commissar ? 1 : 0) + (o.doctor ? 1 : 0);
  const councillors = seatCount - mafia - specials;
  const errors: string[] = [];
  if (seatCount < 3) errors.push(`seats: the app needs at least 3 players, got ${seatCount}`);
  if (councillors < 0)
    errors.push(
      `seats: ${seatCount} seats cannot hold ${mafia} mafia and ${specials} special roles`,
    );
  if (o.councillors !== undefined && o.councillors !== councillors) {
    errors.push(
      `options.councillors: ${o.councillors} councillors + ${mafia} mafia + ${specials} special roles ≠ ${seatCount} seats`,
    );
  }
  const others = seatCount - mafia;
  if (mafia >= others)
    errors.push(
      `options.mafia: ${mafia} mafia against ${others} others could never lose (APP-OPEN-12)`,
    );
  if (errors.length > 0) return { ok: false as const, errors };
  const options = { ...o, mafia } as AppOptions;
  return { ok: true as const, options, warnings: balanceWarnings(options, seatCount) };
}

/** APP-SETUP-02, APP-OPEN-12: the warnings of an accepted but unbalanced composition. */
export function balanceWarnings(o: AppOptions, seatCount: number): string[] {
  const others = seatCount - o.mafia;
  const warnings: string[] = [];
  if (o.mafia >= others - o.warnMargin) {
    warnings.push(
      `balance: ${o.mafia} mafia against ${others} others can win after a single elimination`,
    );
  }
  if (o.mafia * o.warnRatio < seatCount)
    warnings.push(`balance: ${o.mafia} mafia is few for ${seatCount} players`);
  return warnings;
}
