/**
 * The host's view (`host/view`): the engine's whole state without its generator, plus the
 * public view. The protocol gives it no schema, so the console reads it defensively: only
 * the fields it shows, each optional.
 */
import type { PublicState } from "../../protocol/views.js";

export interface HostSeat {
  seat: number;
  name: string;
  role: string | null;
  team: string | null;
  alive: boolean;
  thumbDown: boolean | null;
  blindfoldOn: boolean | null;
  results: { night: number; key: string; seats: number[] }[];
}

export interface HostNight {
  shots: Record<string, number[]>;
  kill: number | null;
  checked: number[];
}

export interface HostView {
  seats: HostSeat[];
  night: HostNight | null;
  /** Voter → nominee of the open vote. */
  votes: Record<string, number> | null;
  deal: { commitment: string; salt: string; roles: string[] } | null;
  options: Record<string, unknown>;
  public: PublicState | null;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

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
    results: results.map((r) => ({
      night: Number(r.night ?? 0),
      key: String(r.key ?? ""),
      seats: Array.isArray(r.seats) ? r.seats.map(Number) : [],
    })),
  };
}

export function parseHostView(raw: unknown): HostView | null {
  if (!isObject(raw) || !Array.isArray(raw.seats)) return null;
  const flow = isObject(raw.flow) ? raw.flow : {};
  const night = isObject(flow.night) ? flow.night : null;
  const vote = isObject(flow.vote) ? flow.vote : null;
  const deal = isObject(raw.deal) ? raw.deal : null;
  return {
    seats: raw.seats.map(seatOf).filter((s): s is HostSeat => s !== null),
    night: night
      ? {
          shots: isObject(night.shots) ? (night.shots as Record<string, number[]>) : {},
          kill: typeof night.kill === "number" ? night.kill : null,
          checked: Array.isArray(night.checked) ? night.checked.map(Number) : [],
        }
      : null,
    votes: vote && isObject(vote.votes) ? (vote.votes as Record<string, number>) : null,
    deal:
      deal && typeof deal.commitment === "string"
        ? {
            commitment: deal.commitment,
            salt: String(deal.salt ?? ""),
            roles: Array.isArray(deal.roles) ? deal.roles.map(String) : [],
          }
        : null,
    options: isObject(raw.options) ? raw.options : {},
    public: isObject(raw.public) ? (raw.public as PublicState) : null,
  };
}
