/**
 * The forum night's own bookkeeping (plain JSON, kept inside the ruleset's secret flow) and
 * the small view of the game it works over, so that the night needs nothing else of the
 * forum's state: seats with role, team and life, the night's number, its end.
 */
import type { Team } from "../../../../../protocol/index.js";

/**
 * The forum's night actions (names fixed in the shared protocol). `kill` and `successor`
 * belong to the mafia's office (FORUM-BOSS-01/02), not to a role: whoever holds it has them.
 */
export const FORUM_NIGHT_ACTIONS = [
  "kill",
  "successor",
  "check",
  "compare",
  "protect",
  "guard",
  "frame",
] as const;
export type ForumNightAction = (typeof FORUM_NIGHT_ACTIONS)[number];

/**
 * What the night reads of a role (the forum's roles carry these fields). Abilities name
 * actions, never other roles: the night asks each seat by its abilities, and the
 * resolution acts on labels.
 */
export interface NightRole {
  /** Shown to team members who know their team (FORUM-SETUP-10); the Spion is not. */
  readonly knownToTeam: boolean;
  /** The role's own actions; night actions among them are asked at night. */
  readonly night: readonly string[];
  /** On which nights the role acts (FORUM-DET-01: even, FORUM-MM-01: odd); all when left out. */
  readonly nights?: "even" | "odd";
  /** Holds the mafia's office when the game starts (FORUM-BOSS-01). */
  readonly office?: boolean;
  /** Learns at dawn whom the night's checks asked, not the answers (FORUM-SPY-02). */
  readonly watchesChecks?: boolean;
  /** The murder cannot kill him (FORUM-KILL-05). */
  readonly murderProof?: boolean;
}

export interface NightSeat {
  readonly seat: number;
  readonly role: string | null;
  readonly team: Team | null;
  readonly alive: boolean;
}

/** What the night reads of the game. */
export interface NightView {
  /**
   * The night's number, from 1 (FORUM-OPEN-02; the forum flow counts them): the night being
   * played, or by day the coming one (FORUM-OPEN-01 (a): its actions may be sent early).
   */
  readonly night: number;
  /** When the night ends (hub epoch ms), for the prompts; null if no timer. */
  readonly until: number | null;
  /** In seat order: seats[n - 1] is seat n. */
  readonly seats: readonly NightSeat[];
  /** The role of a role id, or null (the ruleset's registry). */
  role(id: string | null): NightRole | null;
  /** The options the night reads; the catalog's recommendations when left out. */
  readonly rules?: Partial<NightRules>;
}

/** FORUM-OPEN-09 and FORUM-OPEN-12 readings (the forum's options of the same names). */
export interface NightRules {
  succession: "lot" | "lotNoSpy" | "none";
  framing: "mafioso" | "inverted";
}

export function rulesOf(view: NightView): NightRules {
  return { succession: "lot", framing: "mafioso", ...view.rules };
}

/** The mafia's office (FORUM-BOSS-01..04, FORUM-OPEN-09). */
export interface ForumOffice {
  /** Who sends the murder; null only when no mafioso is left. */
  holder: number | null;
  /** Named by the holder to succeed him at his death (FORUM-BOSS-03). */
  heir: number | null;
}

/** The last answer of each seat to each of its actions this night (FORUM-OPEN-14). */
export type NightChoices = Record<string, Partial<Record<ForumNightAction, number[]>>>;

export interface ForumNight {
  office: ForumOffice;
  /** The angel's ward of the last resolved night (FORUM-ANGEL-02, FORUM-OPEN-13). */
  lastProtect: { night: number; seat: number } | null;
  /** The night these choices are for; choices of another night are stale. */
  night: number;
  choices: NightChoices;
  /** The murder as the office holder sent it (FORUM-KILL-02); the latest counts. */
  murder: { by: number; target: number } | null;
}

/** The night's state at the start of the game: the boss holds the office (FORUM-BOSS-01). */
export function emptyForumNight(view: Pick<NightView, "seats" | "role">): ForumNight {
  const boss = view.seats.find((s) => view.role(s.role)?.office === true);
  return {
    office: { holder: boss?.seat ?? null, heir: null },
    lastProtect: null,
    night: 0,
    choices: {},
    murder: null,
  };
}

export function seatOf(view: NightView, n: number): NightSeat {
  const s = view.seats[n - 1];
  if (!s || s.seat !== n) throw new Error(`no seat ${n}`);
  return s;
}

/** Whether the night's party check calls this seat a mafioso (FORUM-DET-01, FORUM-OPEN-05). */
export function isMafia(seat: NightSeat): boolean {
  return seat.team === "mafia";
}
