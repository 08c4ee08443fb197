/**
 * What a ruleset declares, and the context its handlers work through. A ruleset lives in
 * its own folder under rulesets/; the core (step.ts) knows nothing of any role.
 *
 * Handlers follow one discipline: validate first and return a Rejection without touching
 * anything, or mutate the state through the context and return null. step() clones the
 * state before calling them; replay applies them in place.
 */
import type { AudienceExtra } from "../../protocol/audience.js";
import {
  ERROR_MESSAGES,
  type OptionSpec,
  type Prompt,
  type PublicText,
  type RulesetId,
  type RulesetManifest,
  type SeatText,
  type Signal,
  type Team,
  type TextAction,
} from "../../protocol/index.js";
import type {
  ActInput,
  Effect,
  GameState,
  OfferedAct,
  Rejection,
  SeatAction,
  SeatState,
} from "./types.js";

export interface RoleDef {
  id: string;
  team: Team;
  /** Sees the other members of its team who are `knownToTeam` (and their roles). */
  knowsTeam: boolean;
  /** Is shown to team members who `knowsTeam`. */
  knownToTeam: boolean;
}

/** The seat actions a ruleset's `onSeat` handles: acts go to `onAct`, voice to the core. */
export type RulesetAction = Exclude<SeatAction, { kind: "voice" } | { kind: "act" }>;

/** What the core knows of an act it refused, for `refuseAct`. */
export interface ActRefusal {
  /** The offer of the act's action, where the seat has one (the act broke it). */
  offer: Prompt | null;
  /** The core's refusal (act.ts). */
  refused: Rejection;
  /** The input's time. */
  at: number;
}

export type OptionsResult<O extends object = Record<string, unknown>> =
  | { ok: true; options: O; warnings: string[] }
  | { ok: false; errors: string[] };

/** The audience's knowledge beyond the public view (see Ruleset.audience): protocol/audience.ts. */
export type { AudienceExtra };

/** A ruleset's options as the core holds them: a plain record (`defineRuleset` types them). */
type Plain = Record<string, unknown>;

/**
 * A ruleset. `O` is its parsed options, `F` its bookkeeping (`state.flow`), `X` its public
 * extras; the core holds every ruleset as `Ruleset` (all three plain records), and a ruleset
 * folder writes `defineRuleset<O, F, X>({...})` so that its handlers see its own types.
 */
export interface Ruleset<
  O extends object = Plain,
  F extends object = Plain,
  X extends object = Plain,
> {
  id: RulesetId;
  roles: Record<string, RoleDef>;
  /** The options `parseOptions` accepts, for the host console's setup form (`host/rulesets`). */
  options: readonly OptionSpec[];
  /** What the ruleset is made of, as data (roles, steps, words, capabilities): `host/rulesets`. */
  manifest: RulesetManifest;
  /** Checks the host's options (unknown names included) and fills in the defaults. */
  parseOptions(raw: Record<string, unknown>, seatCount: number): OptionsResult<O>;
  /** The role ids to deal, one per seat (the deal shuffles them). */
  composition(options: O, seatCount: number): string[];
  /** Runs once after the deal: opens the first phase. */
  begin(g: Game<O, F>): void;
  /**
   * An act from a living seat that matches one of its offers (`act.offer`): the core checked
   * it (act.ts), so the handler only applies it (or refuses it for a rule no offer shows).
   */
  onAct(g: Game<O, F>, seat: SeatState, act: OfferedAct): Rejection | null;
  /**
   * A refusal more telling than the core's, where the rules have one: a vote already cast
   * (`already_acted`), a nominee named again (`already_nominated`), an offer closed by the
   * clock (`wrong_step`). Called only for an act the core refused; null keeps its refusal.
   */
  refuseAct?(
    state: GameState<O, F>,
    seat: SeatState,
    act: ActInput,
    why: ActRefusal,
  ): Rejection | null;
  /** Passes and sensors. Voice never reaches a ruleset (voice.ts), acts go to `onAct`. */
  onSeat(
    g: Game<O, F>,
    seat: SeatState,
    action: RulesetAction,
    previous: SensorMemory,
  ): Rejection | null;
  /** The current step's time is up: by its timer, or the host's `next`. */
  onStepEnd(g: Game<O, F>, by: "timer" | "host"): Rejection | null;
  onFoul(g: Game<O, F>, seat: SeatState, cause: string | undefined): Rejection | null;
  onRemove(g: Game<O, F>, seat: SeatState, reason: string | undefined): Rejection | null;
  onPresence(g: Game<O, F>, seat: SeatState, online: boolean): void;
  /** The host records a best-move guess; rulesets without one leave this out (refused). */
  onBestMove?(g: Game<O, F>, seat: SeatState, guess: number[]): Rejection | null;
  /** What the seat is being asked now, or null. */
  prompt(state: GameState<O, F>, seat: SeatState): Prompt | null;
  /**
   * Every action the seat may send now, where a ruleset offers several at once (the forum:
   * the day's vote, the terrorist's attack, the insider's guess). Left out: just `prompt`.
   * `at`: the input's time when the core checks an act (an offer may close at a moment);
   * left out, `state.now`.
   */
  offers?(state: GameState<O, F>, seat: SeatState, at?: number): Prompt[];
  /**
   * The role and team the seat's own view shows instead of its true ones, or null (the
   * forum's first status message: everyone is told "citizen", FORUM-SETUP-07). A covered
   * seat sees no allies either.
   */
  coverRole?(state: GameState<O, F>, seat: SeatState): { role: string; team: Team } | null;
  /** Public extras that change during the game (the forum's public votes); merged over `extras`. */
  liveExtras?(state: GameState<O, F>): Partial<X>;
  /** The host's inactivity warning (`warn`), where the ruleset has them; left out: refused. */
  onWarn?(g: Game<O, F>, seat: SeatState): Rejection | null;
  /** Whether the current step has woken this seat (so it may be without a blindfold). */
  awake(state: GameState<O, F>, seat: SeatState): boolean;
  /** Timings (seconds) that screens may want, e.g. for countdown rings. */
  timings(options: O): Record<string, number>;
  /** Public extras (branding and the like) derived from the options. */
  extras(options: O, seatCount: number): X;
  /** Deadlines besides the step's own (e.g. a disconnect's grace period), hub epoch ms. */
  deadlines?(state: GameState<O, F>): number[];
  /** A timer input arrived and one of `deadlines` is due. */
  onDeadline?(g: Game<O, F>): void;
  /** Team members' live choices this seat may see (e.g. the mafia's proposals): proposer → target. */
  proposals?(state: GameState<O, F>, seat: SeatState): Record<string, number>;
  /**
   * A night answer (real, decoy or "nothing") was accepted and counted: the step may be
   * complete now. Called after the answer is in `state.quiet.answered`.
   */
  onNightAnswer?(g: Game<O, F>): void;
  /** Seats whose input the current step waits for, where that is public (never at night). */
  waitingFor?(state: GameState<O, F>): number[];
  /**
   * Open votes only: during a vote, for each key of `tally`, the seats counted there (the
   * public view's `voters`). A ruleset with a secret vote must leave this out.
   */
  voters?(state: GameState<O, F>): Record<string, number[]>;
  /**
   * Silent nights (decoys.ts): how many answers every living seat gives per night step, the
   * most moves any role has there (default 1; HUNT-QUIET-01).
   */
  nightAnswers?: number;
  /**
   * Silent nights: whether this seat may answer its real prompt with "nothing" (left out: every
   * seat may). The app's deciding mafioso may not while the night waits for him (APP-OPEN-03).
   */
  mayDecline?(state: GameState<O, F>, seat: SeatState): boolean;
  /** Silent nights: the seat declined its real prompt with `pass` (hunt: its next move, HUNT-DOC-07). */
  onDecline?(g: Game<O, F>, seat: SeatState): void;
  /** What a `pass` from this seat would mean now ("thanks", "ready", "abstain"), or null. */
  passMeaning?(state: GameState<O, F>, seat: SeatState): string | null;
  /** The role shown for a seat on the end screen; "unknown" where the rules keep it hidden. */
  endRole?(state: GameState<O, F>, seat: SeatState): string;
  /**
   * What the hall or a stream may know beyond the public view (`audience/state`), where the
   * rules give the audience more than the table (sport: every role, SPORT-SETUP-05). Left
   * out, the audience sees only what is public.
   */
  audience?(state: GameState<O, F>): AudienceExtra;
  /**
   * Text from a seat's phone (will, ad, pseudonym, death message). Rulesets without text
   * leave this out, and the core refuses text for them (`no_text`) before any handler sees it.
   */
  onText?(g: Game<O, F>, seat: SeatState, action: TextAction): Rejection | null;
  /** What of the text is published (public view's `text`); with onText. */
  publicText?(state: GameState<O, F>): PublicText;
  /** The seat's own texts (its view's `text`); with onText. */
  seatText?(state: GameState<O, F>, seat: SeatState): SeatText;
  /**
   * The flow as the host view shows it, where part of it must stay secret from the host
   * too (forum: who wrote which ad, FORUM-NEWS-06). Left out, the host sees the whole flow.
   */
  hostFlow?(state: GameState<O, F>): Record<string, unknown>;
}

/** Sensor states as they were before the current input, for edge detection. */
export interface SensorMemory {
  thumbDown: boolean | null;
  blindfoldOn: boolean | null;
}

export interface Game<O extends object = Plain, F extends object = Plain> {
  readonly state: GameState<O, F>;
  readonly at: number;
  /** Announce publicly. */
  log(
    key: string,
    seats?: number[],
    params?: Record<string, string | number | boolean | null>,
  ): void;
  signal(seat: number, signal: Signal): void;
  /** Enter a step; `seconds` null means it waits for an input or the host. */
  enter(phase: GameState["phase"], step: string, seconds: number | null): void;
  seat(n: number): SeatState;
  living(): SeatState[];
}

/** Any ruleset's context: what helpers shared between rulesets take (rulesets/discussion.ts). */
export type AnyGame = Game<object, object>;

/** The handlers' door to the state and the effects; a class, so replay allocates little per input. */
class GameContext implements Game {
  constructor(
    readonly state: GameState,
    readonly at: number,
    private readonly effects: Effect[] | null,
  ) {}

  log(
    key: string,
    seats: number[] = [],
    params: Record<string, string | number | boolean | null> = {},
  ): void {
    const state = this.state;
    state.logSeq += 1;
    const entry = { seq: state.logSeq, at: this.at, key, seats, params };
    state.announcements.push(entry);
    if (state.announcements.length > ANNOUNCEMENTS_KEPT) state.announcements.shift();
    if (key === REMOVED_KEY) state.removals = [...(state.removals ?? []), entry];
    this.effects?.push({ type: "log", entry });
  }

  signal(seat: number, signal: Signal): void {
    this.effects?.push({ type: "signal", seat, signal });
  }

  enter(phase: GameState["phase"], step: string, seconds: number | null): void {
    const state = this.state;
    if (state.phase !== phase || state.step !== step) state.quiet = { stir: 0, answered: [] };
    state.phase = phase;
    state.step = step;
    const ms = seconds === null ? null : Math.round(seconds * 1000);
    if (state.paused) state.clock = { until: null, remaining: ms };
    else state.clock = { until: ms === null ? null : this.at + ms, remaining: null };
  }

  seat(n: number): SeatState {
    const s = this.state.seats[n - 1];
    if (!s) throw new Error(`no seat ${n}`);
    return s;
  }

  living(): SeatState[] {
    return this.state.seats.filter((s) => s.alive);
  }
}

/**
 * A ruleset with its own types, as the core holds it. The one place the types are erased:
 * the core only ever hands a ruleset a state whose options its own `parseOptions` made and
 * whose flow its own `begin` filled, so each handler may trust them without a cast.
 */
export function defineRuleset<O extends object, F extends object, X extends object>(
  ruleset: Ruleset<O, F, X>,
): Ruleset {
  return ruleset as unknown as Ruleset;
}

export function makeGame(state: GameState, at: number, effects: Effect[] | null): Game {
  return new GameContext(state, at, effects);
}

export const ANNOUNCEMENTS_KEPT = 12;

/** The announcement of a seat's removal, whatever the ruleset: also kept in `removals`. */
export const REMOVED_KEY = "removed";

export function reject(code: Rejection["code"], message?: string): Rejection {
  return { code, message: message ?? ERROR_MESSAGES[code] };
}

/** Ends the game: every role becomes public and the deal is opened. */
export function endGame(g: AnyGame, winner: GameState["winner"]): void {
  const state = g.state;
  state.winner = winner;
  state.speaker = null;
  state.counting = null;
  state.paused = false;
  g.enter("ended", "end", null);
  if (winner) g.log("game.end", [], { winner });
}
