/**
 * The only door through which state leaves the engine. Each view shows what its audience
 * may know and nothing else: the public view (display, every paddle), the host view
 * (everything but the generator), and one view per seat.
 */
import type {
  LogEntry,
  PublicState,
  PublicText,
  SeatText,
  SeatView,
} from "../../protocol/index.js";
import { withPrompt } from "./act.js";
import { answersGiven, answersOwed, decoysOn, passMeaning, withDecoy } from "./decoys.js";
import type { AudienceExtra, Ruleset } from "./ruleset.js";
import type { GameState, SeatState } from "./types.js";
import { voiceOn } from "./voice.js";

/**
 * `now` is the hub's clock at publishing time, for countdowns. It is a parameter, not the
 * time of the last accepted input, because that would tell the table when a secret night
 * choice was accepted.
 */
function endRole(r: Ruleset, state: GameState, seat: SeatState): string {
  return r.endRole?.(state, seat) ?? seat.role ?? "unknown";
}

export function publicView(r: Ruleset, state: GameState, now: number): PublicState {
  const ended = state.phase === "ended";
  // The deal is opened at the end only if every role may be shown (APP-OPEN-10 keeps a
  // disconnected player's role hidden; the journal still lets a host verify it).
  const opened = ended && state.seats.every((s) => endRole(r, state, s) === s.role);
  return {
    table: state.table,
    ruleset: state.ruleset,
    now,
    phase: state.phase,
    step: state.step,
    round: state.round,
    speaker: state.speaker,
    until: state.clock.until,
    paused: state.paused,
    seats: state.seats.map((s) => ({
      seat: s.seat,
      name: s.name,
      alive: s.alive,
      out: s.out,
      fouls: s.fouls,
      online: s.online,
      role: ended ? endRole(r, state, s) : s.shownRole,
    })),
    nominations: [...state.nominations],
    counting: state.counting,
    tally: { ...state.tally },
    ballot: [...state.ballot],
    waitingFor: state.phase === "night" ? [] : (r.waitingFor?.(state) ?? []),
    ...(r.voters ? { voters: r.voters(state) } : {}),
    winner: state.winner,
    roles: ended
      ? Object.fromEntries(state.seats.map((s) => [String(s.seat), endRole(r, state, s)]))
      : null,
    deal: state.deal
      ? {
          commitment: state.deal.commitment,
          salt: opened ? state.deal.salt : null,
          roles: opened ? [...state.deal.roles] : null,
        }
      : null,
    announcements: state.announcements.map((a) => publicLogEntry(state.options, a)),
    timings: r.timings(state.options),
    extras: { ...state.extras, ...(r.liveExtras?.(state) ?? {}) },
    voice: voiceOn(state.options),
    // QUIET-BLINDFOLD-01: the devices report blindfolds at night only where the rules watch them.
    ...(r.manifest.capabilities.blindfoldSensors ? { blindfolds: true } : {}),
  };
}

/**
 * A log entry as the table may see it (`public/log`, the public view's announcements). A
 * removal says who, not why, unless the table's `showRemovalCause` option is on or the judge
 * showed this one (`remove` with `show`, marked `params.shown`; issue 24):
 * the cause and the host's reason stay in the host view's own announcements, for the
 * judge's console and the record. Both are dropped, not blanked, so that every hidden
 * removal's entry has the same fields whatever its cause was.
 */
export function publicLogEntry(options: Record<string, unknown>, entry: LogEntry): LogEntry {
  const shown = options.showRemovalCause === true || entry.params.shown === true;
  if (entry.key !== "removed" || shown) return { ...entry };
  const { cause: _cause, reason: _reason, ...params } = entry.params;
  return { ...entry, params };
}

/**
 * Everything a host may see, roles and night choices included; the generator state is left
 * out. It shares the state's objects rather than copying them (the hub serializes it at
 * once, and a committed state is never changed: step() works on a copy); `pub` is the
 * public view of the same moment, when the caller has built it already.
 */
export function hostView(r: Ruleset, state: GameState, now: number, pub?: PublicState) {
  return { ...hostOwn(r, state), public: pub ?? publicView(r, state, now) };
}

/** The host view without its public part. */
function hostOwn(r: Ruleset, state: GameState) {
  const { rng: _rng, ...rest } = state;
  const flow = r.hostFlow ? r.hostFlow(state) : state.flow;
  return { ...rest, flow };
}

/**
 * `JSON.stringify(hostView(...))` and `JSON.stringify(audienceView(...))`, the same text,
 * around the public view's JSON that the hub has made already. Both views end with the
 * public view whole (`public` is the host view's last key; the audience view is the public
 * view plus a last key), so serializing it once instead of three times saves the hub about
 * a quarter of the work of a table's views.
 */
export function hostViewJson(r: Ruleset, state: GameState, pubJson: string): string {
  return `${JSON.stringify(hostOwn(r, state)).slice(0, -1)},"public":${pubJson}}`;
}

export function audienceViewJson(r: Ruleset, state: GameState, pubJson: string): string {
  const audience = JSON.stringify(r.audience?.(state) ?? null);
  return `${pubJson.slice(0, -1)},"audience":${audience}}`;
}

/**
 * The audience screen's view (`audience/state`, an identity of its own that no seat and no
 * display may read): the public view, plus what the ruleset lets an audience know, or
 * nothing more (`audience: null`) where the rules give the audience nothing beyond the table.
 */
export function audienceView(
  r: Ruleset,
  state: GameState,
  now: number,
  pub?: PublicState,
): PublicState & { audience: AudienceExtra | null } {
  return { ...(pub ?? publicView(r, state, now)), audience: r.audience?.(state) ?? null };
}

function allies(
  r: Ruleset,
  state: GameState,
  me: SeatState,
): { seats: number[]; roles: Record<string, string> } {
  const mine = me.role ? r.roles[me.role] : undefined;
  if (!mine?.knowsTeam) return { seats: [], roles: {} };
  const seats: number[] = [];
  const roles: Record<string, string> = {};
  for (const other of state.seats) {
    if (other.seat === me.seat || other.team !== me.team || !other.role) continue;
    if (!r.roles[other.role]?.knownToTeam) continue;
    seats.push(other.seat);
    roles[String(other.seat)] = other.role;
  }
  return { seats, roles };
}

/** A seat view without its `rev`, which the hub assigns per topic (see SeatViewBody). */
export type SeatViewBody = Omit<SeatView, "rev">;

/**
 * The seat's private view. It carries no revision: a counter of accepted inputs would let
 * a paddle count the secret choices of others, so the hub numbers each seat's views itself,
 * bumping `rev` only when that seat's view changes.
 */
export function seatView(r: Ruleset, state: GameState, seatNumber: number): SeatViewBody {
  const me = state.seats[seatNumber - 1];
  if (!me) throw new Error(`no seat ${seatNumber}`);
  const cover = r.coverRole?.(state, me) ?? null;
  const known = cover ? { seats: [], roles: {} } : allies(r, state, me);
  const awake = state.phase !== "night" || !me.alive || r.awake(state, me);
  const real = r.prompt(state, me);
  const shown = withDecoy(state, me, real, answersOwed(r));
  // Silent nights: a real prompt the seat may not decline says so (what a device waits for).
  const required = real && shown === real && decoysOn(state) && r.mayDecline?.(state, me) === false;
  const prompt = required && shown ? { ...shown, required: true } : shown;
  const offers = state.paused || !r.offers ? null : r.offers(state, me);
  return {
    seat: me.seat,
    role: cover ? cover.role : me.role,
    team: cover ? cover.team : me.team,
    allies: known.seats,
    allyRoles: known.roles,
    alive: me.alive,
    lang: me.lang,
    prompt: state.paused ? null : prompt,
    ...(offers ? { offers: withPrompt(prompt, offers) } : {}),
    // A seat out of the game may still end its own last word with "thank you" (SPORT-DAY-05).
    pass:
      state.paused || (!me.alive && state.speaker !== me.seat)
        ? null
        : passMeaning(r, state, me, prompt),
    results: me.results.map((x) => ({ ...x, seats: [...x.seats] })),
    proposals: r.proposals?.(state, me) ?? {},
    blindfold: !awake,
    stir: me.alive && decoysOn(state) ? state.quiet.stir : 0,
    answers: me.alive && decoysOn(state) ? answersGiven(state, me.seat) : 0,
  };
}

/**
 * What of the players' texts is published (`public/text`), for rulesets with text; null for
 * the others. A topic of its own: paddles read `public/state` and need none of it.
 */
export function publicTextView(r: Ruleset, state: GameState): PublicText | null {
  return r.publicText ? r.publicText(state) : null;
}

/** A seat's own texts (`seat/{n}/text`), for rulesets with text; null for the others. */
export function seatTextView(r: Ruleset, state: GameState, seatNumber: number): SeatText | null {
  const me = state.seats[seatNumber - 1];
  if (!me) throw new Error(`no seat ${seatNumber}`);
  return r.seatText ? r.seatText(state, me) : null;
}
