/**
 * The host's view (`host/view`), parsed with its schema (protocol/host-view.ts) and put in
 * the shape the console's panels read: typed fields, never the engine's bookkeeping by
 * guesswork. A view that does not fit the schema is refused whole (null), so a panel shows
 * nothing rather than something half-read.
 */
import {
  type FoulMark,
  type HostNightBook,
  type HostSeat,
  type HostVoiceWire,
  type HostVote,
  hostViewSchema,
} from "../../protocol/host-view.js";
import type { LogEntry, PublicState } from "../../protocol/views.js";

export type { FoulMark, HostNightBook, HostSeat, HostVote };

/** Tonight's choices: sport's three declared fields, and the night whole for other rulesets. */
export interface HostNight {
  shots: Record<string, number[]>;
  kill: number | null;
  checked: number[];
  /** The ruleset's night as it is, shown field by field (host/night-choices.ts). */
  raw: Record<string, unknown>;
}

export interface HostView {
  seats: HostSeat[];
  night: HostNight | null;
  /** Voter → nominee of the open vote (sport), or of the day's vote (app, hunt; 0 = abstained). */
  votes: Record<string, number> | null;
  vote: HostVote | null;
  /** Who speaks after the current speaker, in order (sport). */
  queue: { seat: number; step: string }[];
  /** Nominee → who nominated him (sport). */
  nominators: Record<string, number>;
  /** Seat → its fouls with time and cause (sport). */
  fouls: Record<string, FoulMark[]>;
  /** The night's book (forum): the office, tonight's choices, the murder. */
  nightBook: HostNightBook | null;
  /** The current or last night's number, where the ruleset counts them in its flow (forum). */
  nightNumber: number | null;
  /** Voters whose day vote counts straight, the liar's +1 (forum). */
  straight: number[];
  deal: { commitment: string; salt: string; roles: string[] } | null;
  /** While paused: how much of the step was left when the clock stopped (ms). */
  remaining: number | null;
  options: Record<string, unknown>;
  /** Who is speaking (issue 26, docs/PROTOCOL.md): read by host/voice-panel.ts. */
  voice: HostVoiceWire | null;
  /**
   * The announcements as the engine made them, a removal's cause and reason included (the
   * public view drops them unless the table shows them: issue 24).
   */
  announcements: LogEntry[];
  public: PublicState;
}

export function parseHostView(raw: unknown): HostView | null {
  const parsed = hostViewSchema.safeParse(raw);
  if (!parsed.success) {
    console.warn("host/view does not fit its schema", parsed.error.issues.slice(0, 3));
    return null;
  }
  const v = parsed.data;
  const flow = v.flow;
  const night = typeof flow.night === "object" ? flow.night : null;
  const dayVotes = Object.entries(flow.votes ?? {});
  return {
    seats: v.seats,
    night: night
      ? {
          shots: night.shots ?? {},
          kill: night.kill ?? null,
          checked: night.checked ?? [],
          raw: night,
        }
      : null,
    // sport keeps the open vote in `flow.vote`; the app and the hunt keep the day's in `flow.votes`.
    votes: flow.vote
      ? flow.vote.votes
      : flow.votes
        ? Object.fromEntries(
            dayVotes.filter((e): e is [string, number] => typeof e[1] === "number"),
          )
        : null,
    vote: flow.vote ?? null,
    queue: (flow.turns ?? []).map((t) => ({ seat: t.seat, step: t.step })),
    nominators: flow.nominators ?? {},
    fouls: flow.fouls ?? {},
    nightBook: flow.nightBook ?? null,
    nightNumber: typeof flow.night === "number" ? flow.night : null,
    straight: dayVotes.flatMap(([voter, x]) =>
      typeof x === "object" && x.straight ? [Number(voter)] : [],
    ),
    deal: v.deal,
    remaining: v.clock.remaining,
    options: v.options,
    voice: v.voice ?? null,
    announcements: v.announcements,
    public: v.public,
  };
}
