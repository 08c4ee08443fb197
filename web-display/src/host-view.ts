/**
 * The host's view (`host/view`): the engine's whole state without its generator, plus the
 * public view. The protocol gives it no schema, so the console reads it defensively: only
 * the fields it shows, each optional.
 */
import { type LogEntry, logEntrySchema, type PublicState } from "../../protocol/views.js";

export interface HostSeat {
  seat: number;
  name: string;
  role: string | null;
  team: string | null;
  alive: boolean;
  thumbDown: boolean | null;
  blindfoldOn: boolean | null;
  /** Hub time of the last change of each sensor. */
  thumbAt: number | null;
  blindfoldAt: number | null;
  /** The seat's last hello (null: never said one): which sensors the rules act on. */
  fw: string | null;
  caps: string[];
  results: { night: number; key: string; seats: number[] }[];
}

export interface HostNight {
  shots: Record<string, number[]>;
  kill: number | null;
  checked: number[];
  /** The ruleset's night as it is, for rulesets whose night is not sport's. */
  raw: Record<string, unknown>;
}

export interface FoulMark {
  at: number;
  cause: string;
}

/** sport's vote as it is counted: the ballot, the open window, who went down in it. */
export interface HostVote {
  kind: string;
  ballot: number[];
  index: number;
  downInWindow: number[];
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
  deal: { commitment: string; salt: string; roles: string[] } | null;
  /** While paused: how much of the step was left when the clock stopped (ms). */
  remaining: number | null;
  options: Record<string, unknown>;
  /** The ruleset's bookkeeping as it is (the forum's panel reads its own fields from it). */
  flow: Record<string, unknown>;
  /** Who is speaking (issue 26, docs/PROTOCOL.md): read by host/voice-panel.ts. */
  voice: Record<string, unknown> | null;
  /**
   * The announcements as the engine made them, a removal's cause and reason included (the
   * public view drops them unless the table shows them: issue 24); null if the view has none.
   */
  announcements: LogEntry[] | null;
  public: PublicState | null;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);
const numberOrNull = (v: unknown): number | null => (typeof v === "number" ? v : null);
const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

/** A record of seat → number, dropping anything else. */
function seatNumbers(v: unknown): Record<string, number> {
  if (!isObject(v)) return {};
  return Object.fromEntries(Object.entries(v).filter(([, n]) => typeof n === "number")) as Record<
    string,
    number
  >;
}

function foulsOf(v: unknown): Record<string, FoulMark[]> {
  if (!isObject(v)) return {};
  const out: Record<string, FoulMark[]> = {};
  for (const [seat, marks] of Object.entries(v)) {
    if (!Array.isArray(marks)) continue;
    out[seat] = marks.filter(isObject).map((m) => ({ at: Number(m.at), cause: String(m.cause) }));
  }
  return out;
}

function voteOf(v: Record<string, unknown> | null): HostVote | null {
  if (!v) return null;
  return {
    kind: String(v.kind ?? ""),
    ballot: numbers(v.ballot),
    index: typeof v.index === "number" ? v.index : 0,
    downInWindow: numbers(v.downInWindow),
  };
}

function seatOf(raw: unknown): HostSeat | null {
  if (!isObject(raw) || typeof raw.seat !== "number") return null;
  const results = Array.isArray(raw.results) ? raw.results.filter(isObject) : [];
  return {
    seat: raw.seat,
    name: typeof raw.name === "string" ? raw.name : "",
    role: typeof raw.role === "string" ? raw.role : null,
    team: typeof raw.team === "string" ? raw.team : null,
    alive: raw.alive !== false,
    thumbDown: typeof raw.thumbDown === "boolean" ? raw.thumbDown : null,
    blindfoldOn: typeof raw.blindfoldOn === "boolean" ? raw.blindfoldOn : null,
    thumbAt: numberOrNull(raw.thumbAt),
    blindfoldAt: numberOrNull(raw.blindfoldAt),
    fw: typeof raw.fw === "string" ? raw.fw : null,
    caps: Array.isArray(raw.caps) ? raw.caps.filter((c) => typeof c === "string") : [],
    results: results.map((r) => ({
      night: Number(r.night ?? 0),
      key: String(r.key ?? ""),
      seats: Array.isArray(r.seats) ? r.seats.map(Number) : [],
    })),
  };
}

function announcementsOf(v: unknown): LogEntry[] | null {
  if (!Array.isArray(v)) return null;
  return v.flatMap((e) => {
    const entry = logEntrySchema.safeParse(e);
    return entry.success ? [entry.data] : [];
  });
}

export function parseHostView(raw: unknown): HostView | null {
  if (!isObject(raw) || !Array.isArray(raw.seats)) return null;
  const flow = isObject(raw.flow) ? raw.flow : {};
  const night = isObject(flow.night) ? flow.night : null;
  const vote = isObject(flow.vote) ? flow.vote : null;
  const deal = isObject(raw.deal) ? raw.deal : null;
  const clock = isObject(raw.clock) ? raw.clock : {};
  return {
    flow,
    seats: raw.seats.map(seatOf).filter((s): s is HostSeat => s !== null),
    night: night
      ? {
          shots: isObject(night.shots) ? (night.shots as Record<string, number[]>) : {},
          kill: typeof night.kill === "number" ? night.kill : null,
          checked: Array.isArray(night.checked) ? night.checked.map(Number) : [],
          raw: night,
        }
      : null,
    // sport keeps the open vote in `flow.vote`; the app and the hunt keep the day's in `flow.votes`.
    votes: vote ? seatNumbers(vote.votes) : isObject(flow.votes) ? seatNumbers(flow.votes) : null,
    vote: voteOf(vote),
    queue: Array.isArray(flow.turns)
      ? flow.turns.filter(isObject).map((t) => ({ seat: Number(t.seat), step: String(t.step) }))
      : [],
    nominators: seatNumbers(flow.nominators),
    fouls: foulsOf(flow.fouls),
    deal:
      deal && typeof deal.commitment === "string"
        ? {
            commitment: deal.commitment,
            salt: String(deal.salt ?? ""),
            roles: Array.isArray(deal.roles) ? deal.roles.map(String) : [],
          }
        : null,
    remaining: numberOrNull(clock.remaining),
    options: isObject(raw.options) ? raw.options : {},
    voice: isObject(raw.voice) ? raw.voice : null,
    announcements: announcementsOf(raw.announcements),
    public: isObject(raw.public) ? (raw.public as PublicState) : null,
  };
}
