/**
 * The forum ruleset's options. Every FORUM-OPEN decision the engine can vary is an option
 * whose default is the catalog's recommendation (docs/RULES-FORUM.md explains each), and
 * the two clocks (FORUM-TIME, FORUM-OPEN-01) are options: a table evening or the forum's
 * own calendar in a configured IANA time zone.
 */
import { z } from "zod";
import { LANGS } from "../../../../protocol/index.js";
import {
  brandingSchema,
  parseStrictOptions,
  showRemovalCauseOption,
  voiceOption,
} from "../options.js";
import { isTimeZone } from "./calendar.js";
import { OPTIONAL_ROLES, type OptionalRole, REFUSED_ROLES } from "./roles/index.js";

const seconds = z
  .number()
  .min(5)
  .max(7 * 24 * 3600);
/** "HH:MM", 24-hour, local time of the configured zone. */
const clockTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "a time must be HH:MM");

export const forumOptionsSchema = z.strictObject({
  lang: z.enum(LANGS).default("de"),
  /** FORUM-OPEN-02: the game opens with Day 1 (after the status messages), or with Night 1. */
  firstPhase: z.enum(["day", "night"]).default("day"),
  /** Which clock ends the phases: a table evening ("table") or the forum calendar ("calendar"). */
  clock: z.enum(["table", "calendar"]).default("table"),
  /** Table clock: how long each day lasts (discussion and the public vote, FORUM-VOTE-04). */
  daySeconds: seconds.default(300),
  /** Table clock: how long each night lasts; it always lasts this long (secrecy). */
  nightSeconds: seconds.default(90),
  /** Table clock, FORUM-TERR-03: the terrorist may not attack in the day's last seconds. */
  terrorBlackoutSeconds: z.number().int().min(0).max(3600).default(30),
  /** Calendar clock, FORUM-TIME-01: the day (and its vote) ends at this local time. */
  dayEnds: clockTime.default("20:00"),
  /** Calendar clock, FORUM-TIME-02, FORUM-OPEN-01 (a): the night's results come at this local time. */
  nightEnds: clockTime.default("13:00"),
  /** Calendar clock: the IANA time zone of the forum (e.g. "Europe/Berlin"). */
  timeZone: z
    .string()
    .refine(isTimeZone, "not an IANA time zone known to this hub")
    .default("Europe/Berlin"),
  /** Calendar clock, FORUM-TERR-03: the blackout before the day's end, in minutes. */
  terrorBlackoutMinutes: z.number().int().min(0).max(600).default(30),
  /** FORUM-SETUP-07/08: how long every seat sees only the identical citizen status first. */
  statusSeconds: z.number().min(0).max(3600).default(10),
  /** FORUM-SETUP-03: the mafia's size; null = 4 at 13 seats, scaled to other tables. */
  mafia: z.number().int().min(2).max(9).nullable().default(null),
  /** FORUM-OPEN-03/04: the optional roles dealt, each at most once. */
  roles: z
    .array(z.string())
    .default(["bodyguard", "framer", "liar"])
    .transform((r) => r as OptionalRole[]),
  /** FORUM-OPEN-06: what a death shows: (a) "role" party and role; (b) "none"; (c) "party". */
  revealOnDeath: z.enum(["role", "none", "party"]).default("role"),
  /** FORUM-OPEN-10: the liar's vote shown (a) "plain" like any other, or (b) "signed" with its −1. */
  liarVoteShown: z.enum(["plain", "signed"]).default("plain"),
  /** FORUM-OPEN-10: the liar's automatic self-vote counts (i) −1 ("minus") or (ii) +1 ("plus"). */
  liarDefaultVote: z.enum(["minus", "plus"]).default("minus"),
  /**
   * FORUM-OPEN-10, FORUM-LIAR-04: the public tally counts the published votes plainly and the
   * liar's −1 shows only in the result ("raw", the default: the seed publishes each vote and
   * the lynch, never a count, and his vote works only while he is secret), or the −1 is
   * applied in the public tally ("net": a count that drops as a vote comes in names the liar).
   */
  tally: z.enum(["net", "raw"]).default("raw"),
  /**
   * FORUM-OPEN-09: the office when its holder dies without a living heir: (a) "lot", drawn
   * among the living mafiosi but the Spion, else the Spion; (b) "lotNoSpy", the same but never
   * the Spion (no more murders); (c) "none", no more murders.
   */
  succession: z.enum(["lot", "lotNoSpy", "none"]).default("lot"),
  /**
   * FORUM-OPEN-12: the framer's falsified result: (b) "mafioso", the framed player counts as
   * a mafioso in that night's checks; (a) "inverted", a check or comparison of him is inverted.
   */
  framing: z.enum(["mafioso", "inverted"]).default("mafioso"),
  /** FORUM-NEWS-07, FORUM-OPEN-15 (a): ads a player may place in the whole game. */
  adLimit: z.number().int().min(0).max(50).default(5),
  /** FORUM-INACT-03: warnings that disqualify. */
  warningsToDisqualify: z.number().int().min(1).max(10).default(3),
  /** FORUM-OPEN-16: both parties wiped out at once: (a) "draw"; (b) "mafia"; (c) "town". */
  bothWipedOut: z.enum(["draw", "mafia", "town"]).default("draw"),
  autoAdvance: z.boolean().default(true),
  /** Silent nights: a decoy prompt for every living seat with nothing to do at night. */
  decoys: z.boolean().default(true),
  /** Who is speaking (issue 26, docs/PROTOCOL.md "Voice"): off by default. */
  voice: voiceOption,
  /** A removal's cause on the screens (issue 24, docs/PROTOCOL.md): off by default. */
  showRemovalCause: showRemovalCauseOption,
  venue: brandingSchema,
});

export type ForumOptions = z.infer<typeof forumOptionsSchema>;

/** FORUM-SETUP-03: 4 mafiosi at 13 seats; other tables keep about the same share. */
export function mafiaSize(o: Pick<ForumOptions, "mafia">, seatCount: number): number {
  return o.mafia ?? Math.max(2, Math.round((seatCount * 4) / 13));
}

function roleErrors(roles: readonly string[]): string[] {
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const r of roles) {
    const key = r.trim().toLowerCase();
    if (REFUSED_ROLES.includes(key))
      errors.push(
        `options.roles: "${r}" (Räuber) is not supported: the rules name it once and never say what it does (FORUM-OPEN-04)`,
      );
    else if (!(OPTIONAL_ROLES as readonly string[]).includes(r))
      errors.push(
        `options.roles: "${r}" is not an optional forum role (${OPTIONAL_ROLES.join(", ")})`,
      );
    else if (seen.has(r))
      errors.push(`options.roles: "${r}" may be dealt at most once (FORUM-OPEN-03)`);
    seen.add(r);
  }
  return errors;
}

export function parseForumOptions(raw: Record<string, unknown>, seatCount: number) {
  const parsed = parseStrictOptions(forumOptionsSchema, raw);
  const errors: string[] = parsed.ok ? [] : [...parsed.errors];
  const roles = Array.isArray(raw.roles)
    ? raw.roles.map(String)
    : parsed.ok
      ? parsed.options.roles
      : [];
  errors.push(...roleErrors(roles));
  if (seatCount < 6 || seatCount > 20)
    errors.push(`seats: forum needs 6 to 20 players, got ${seatCount}`);
  if (parsed.ok && errors.length === 0) {
    const o = parsed.options;
    const mafia = mafiaSize(o, seatCount);
    const mafiaRoles = 2 + o.roles.filter((r) => r !== "bodyguard").length;
    const town = seatCount - mafia;
    const townRoles = 3 + (o.roles.includes("bodyguard") ? 1 : 0);
    if (mafiaRoles > mafia)
      errors.push(
        `options.roles: ${mafiaRoles} mafia roles (boss, spy and ${mafiaRoles - 2} optional) do not fit a mafia of ${mafia} (FORUM-OPEN-03)`,
      );
    if (townRoles > town)
      errors.push(`seats: ${town} citizens cannot hold the ${townRoles} citizen roles`);
    // FORUM-WIN-02/04: the mafia wins only with more mafiosi than citizens; equal numbers play on.
    if (mafia > town)
      errors.push(
        `options.mafia: ${mafia} mafiosi against ${town} citizens would win at once (FORUM-WIN-02)`,
      );
  }
  if (errors.length > 0 || !parsed.ok) return { ok: false as const, errors };
  return parsed;
}
