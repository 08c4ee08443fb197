/**
 * What a bot does with one offered action, where a random legal answer would not make a
 * game: the forum's public day vote (follow the room's leading candidate, so that days
 * lynch someone; the liar votes as his −1 serves the mafia), the terrorist's rare attack,
 * the insider's one guess a day, the matchmaker's two seats, the boss's murder and heir.
 * A bot knows only what its seat view and the room's display show (the public tally).
 * Actions without a tactic here get the generic bot's random answer. Also each ruleset's
 * fastest timings and the bot host's default game: how bots play a ruleset, kept here so
 * that the rest of the simulator names no ruleset.
 */
import { readExtras } from "../../protocol/extras.js";
import { LIAR_STRAIGHT } from "../../protocol/forum.js";
import type { Prompt, PublicState, SeatView } from "../../protocol/views.js";
import type { Rand } from "./rand.js";

/** The fastest timings the sport ruleset accepts. */
export const FAST_SPORT_OPTIONS = {
  speechSeconds: 5,
  justifySeconds: 5,
  lastWordSeconds: 5,
  lastWordNightSeconds: 5,
  voteWindowSeconds: 1,
  nightStepSeconds: 3,
  mafiaMeetingSeconds: 5,
  autoAdvance: true,
};

/** The fastest timings of each ruleset, for bot games; the host's own options win over them. */
export const FAST_OPTIONS: Readonly<Record<string, Record<string, unknown>>> = {
  sport: FAST_SPORT_OPTIONS,
  app: { nightSeconds: 5, discussionSeconds: 5, voteSeconds: 5 },
  hunt: { nightSeconds: 5, discussionSeconds: 5, voteSeconds: 5 },
  // A short table evening (FORUM-TIME on the table clock), and roles that use every kind of
  // action a bot can send: the liar's vote, the terrorist's attack beside the night's.
  forum: {
    clock: "table",
    daySeconds: 6,
    nightSeconds: 5,
    terrorBlackoutSeconds: 2,
    statusSeconds: 1,
    roles: ["bodyguard", "liar", "terrorist"],
  },
};

/** The game a bot host sets up when told none (host-bot.ts). */
export const BOT_DEFAULT_RULESET = "sport";

export interface Situation {
  seat: number;
  view: SeatView;
  /** What the table's display shows now, or null. */
  room: PublicState | null;
  rand: Rand;
}

/** The answer: targets and option; "skip" leaves the action alone this phase. */
export type Move = { targets: number[]; option: string | null } | "skip";

const pickOne = <T>(list: readonly T[], rand: Rand): T | undefined =>
  list[Math.floor(rand() * list.length)];

/** The seats the bot would rather not hurt: itself and the allies it knows. */
function friends(s: Situation): number[] {
  return [s.seat, ...s.view.allies];
}

function others(prompt: Prompt, s: Situation): number[] {
  const mine = friends(s);
  const pool = prompt.targets.filter((t) => !mine.includes(t));
  return pool.length > 0 ? pool : prompt.targets;
}

/** The offered seat with the highest public total now, if any has more than nothing. */
function leader(prompt: Prompt, room: PublicState | null): number | null {
  let best: number | null = null;
  let most = 0;
  for (const [seat, n] of Object.entries(room?.tally ?? {})) {
    if (n > most && prompt.targets.includes(Number(seat))) {
      best = Number(seat);
      most = n;
    }
  }
  return best;
}

const one = (target: number | undefined, option: string | null = null): Move =>
  target === undefined ? "skip" : { targets: [target], option };

/** The seat's vote as the room shows it (FORUM-VOTE-07: every vote is public), or null. */
function currentVote(s: Situation): number | null {
  // Parsed as the screens parse it (protocol/extras.ts), not cast.
  return readExtras(s.room?.extras).votes?.[String(s.seat)] ?? null;
}

/**
 * FORUM-VOTE, FORUM-LIAR: first follow the room's leader most of the time (unless it is a
 * friend), else a random other seat; later (FORUM-VOTE-04) move to the leader now and
 * then, never elsewhere, so that a day ends with a lynch rather than a tie. The liar saves
 * a friend in the lead with a plain (−1) vote on him, and otherwise votes "straight".
 */
function vote(prompt: Prompt, s: Situation): Move {
  const lead = leader(prompt, s.room);
  const mine = friends(s);
  const current = currentVote(s);
  const liar = prompt.options.includes(LIAR_STRAIGHT);
  if (liar && lead !== null && mine.includes(lead) && lead !== s.seat)
    return current === lead ? "skip" : one(lead);
  const follow = lead !== null && !mine.includes(lead) && s.rand() < 0.75;
  if (current !== null)
    return follow && current !== lead ? one(lead, liar ? LIAR_STRAIGHT : null) : "skip";
  return one(
    follow ? (lead as number) : pickOne(others(prompt, s), s.rand),
    liar ? LIAR_STRAIGHT : null,
  );
}

/** Actions a bot reconsiders at every change of the room, not just once (the public vote). */
export function reconsiders(ruleset: string | undefined, action: string): boolean {
  return ruleset === "forum" && action === "vote";
}

type Tactic = (prompt: Prompt, s: Situation) => Move;

const FORUM: Record<string, Tactic> = {
  vote,
  // FORUM-TERR-01: one attack a game, now and then; at whom the room suspects, else anyone.
  attack: (prompt, s) => {
    if (s.rand() >= 0.12) return "skip";
    const lead = leader(prompt, s.room);
    return one(
      lead !== null && !friends(s).includes(lead) ? lead : pickOne(others(prompt, s), s.rand),
    );
  },
  // FORUM-INS-01: one guess a day.
  suspect: (prompt, s) => one(pickOne(others(prompt, s), s.rand)),
  // FORUM-MM-01: two different seats.
  compare: (prompt, s) => {
    const pool = others(prompt, s);
    const a = pickOne(pool, s.rand);
    const b = pickOne(
      prompt.targets.filter((t) => t !== a),
      s.rand,
    );
    return a === undefined || b === undefined ? "skip" : { targets: [a, b], option: null };
  },
  // FORUM-BOSS-02/03: now and then name an heir among the allies, rarely hand the office over.
  successor: (prompt, s) => {
    const heirs = prompt.targets.filter((t) => s.view.allies.includes(t));
    if (s.rand() >= 0.4) return "skip";
    const option = prompt.options.includes("handover") && s.rand() < 0.2 ? "handover" : "heir";
    return one(pickOne(heirs, s.rand), prompt.options.includes(option) ? option : null);
  },
  // The murder and the framing: never a known ally.
  kill: (prompt, s) => one(pickOne(others(prompt, s), s.rand)),
  frame: (prompt, s) => one(pickOne(others(prompt, s), s.rand)),
};

/** Per ruleset: the other rulesets' bots play the generic random answers. */
const TACTICS: Record<string, Record<string, Tactic>> = { forum: FORUM };

/** The tactic's move for this prompt, or null where the generic random answer will do. */
export function tacticFor(prompt: Prompt, s: Situation): Move | null {
  const tactic = TACTICS[s.room?.ruleset ?? ""]?.[prompt.action];
  return tactic ? tactic(prompt, s) : null;
}
