/**
 * The engine's own vocabulary. The engine is pure: every input carries the hub's receive
 * time (`at`), timers arrive as inputs, and the only randomness is the seeded generator
 * whose state lives in `GameState.rng`. Everything here is plain JSON, so a state can be
 * journaled, compared and cloned.
 */
import type {
  ErrorCode,
  Lang,
  LogEntry,
  Phase,
  PrivateResult,
  Prompt,
  RulesetId,
  Signal,
  Team,
  TextAction,
  Winner,
} from "../../protocol/index.js";
import type { VoiceState } from "./voice-state.js";

/** What a game is created from: the journal header. */
export interface GameConfig {
  table: string;
  ruleset: RulesetId;
  seats: { seat: number; name: string; lang?: Lang }[];
  /** Raw options as the host sent them; the ruleset validates them and fills defaults. */
  options: Record<string, unknown>;
  /** 32 hex characters from a cryptographic source; seeds the deal and the salt. */
  seed: string;
  /** Hub time when the game was set up. */
  at: number;
}

/** A seat input after decoding, without the transport envelope (boot/seq). */
export type SeatAction =
  | { kind: "hello"; fw: string; caps: string[] }
  | { kind: "thumb"; down: boolean }
  /** `report`: a night report, up to a period after the edge (QUIET-BLINDFOLD-01). */
  | { kind: "blindfold"; on: boolean; report?: true }
  | { kind: "act"; action: string; targets: number[]; option?: string | undefined }
  | { kind: "pass" }
  /** Who is speaking (issue 26): levels of 100 ms windows, the last ending at the input's `at`. */
  | { kind: "voice"; on: boolean; levels: number[] }
  /** Text from the seat's phone (protocol/text.ts), for rulesets that take it (Ruleset.onText). */
  | TextAction;

/** A seat's `act`. */
export type ActInput = Extract<SeatAction, { kind: "act" }>;

/** An act the core checked (act.ts): it matches `offer`, one of the offers the seat's view carries. */
export type OfferedAct = ActInput & { readonly offer: Prompt };

export type HostAction =
  | { cmd: "start" }
  | { cmd: "next" }
  | { cmd: "pause" }
  | { cmd: "resume" }
  | { cmd: "end" }
  | { cmd: "foul"; seat: number; cause?: string | undefined; candidate?: number | undefined }
  | { cmd: "remove"; seat: number; reason?: string | undefined; show?: boolean | undefined }
  /** An inactivity warning (the forum, FORUM-INACT). */
  | { cmd: "warn"; seat: number }
  /** A host's correction; the hub's history (hub/table/history.ts) rebuilds the state before it. */
  | { cmd: "undo"; reason: string; undoes: number }
  /** The first night's victim's best-move guess, given in his last word (scoring). */
  | { cmd: "bestmove"; seat: number; guess: number[] }
  /** A voice candidate (voice.ts) the judge sets aside; confirming is a `foul`. */
  | { cmd: "dismiss"; candidate: number };

export type EngineInput =
  | { type: "seat"; at: number; seat: number; action: SeatAction }
  | { type: "presence"; at: number; seat: number; online: boolean }
  | { type: "timer"; at: number }
  | { type: "host"; at: number; action: HostAction };

export interface Rejection {
  code: ErrorCode;
  message: string;
}

export type Effect =
  | { type: "signal"; seat: number; signal: Signal }
  | { type: "log"; entry: LogEntry };

export type StepResult =
  | { ok: true; state: GameState; effects: Effect[] }
  | { ok: false; rejection: Rejection };

/** The state of one seat. Secret fields are stripped by views.ts, the only way out. */
export interface SeatState {
  seat: number;
  name: string;
  lang: Lang;
  role: string | null;
  team: Team | null;
  alive: boolean;
  out: string | null;
  /** A role made public before the end (by rulesets that reveal on elimination). */
  shownRole: string | null;
  fouls: number;
  online: boolean;
  /** Last reported sensor states (null until the paddle reports one). */
  thumbDown: boolean | null;
  blindfoldOn: boolean | null;
  /** Hub time of the last change of each sensor (an edge), shown to the host. */
  thumbAt: number | null;
  blindfoldAt: number | null;
  fw: string | null;
  caps: string[];
  /** Private results, shown only in this seat's view. */
  results: PrivateResult[];
}

export interface PendingTimer {
  /** When the current step ends by itself (hub epoch ms), null if it does not. */
  until: number | null;
  /** While paused: how much of the step was left when the clock stopped. */
  remaining: number | null;
}

/**
 * A game's state. `O` and `F` are a ruleset's own options and bookkeeping: the core sees
 * them as plain records, a ruleset written with `defineRuleset` sees its own types, so no
 * handler casts `state.options` or `state.flow`.
 */
export interface GameState<
  O extends object = Record<string, unknown>,
  F extends object = Record<string, unknown>,
> {
  /** Format version of this object, for journals written by older hubs. */
  v: 1;
  table: string;
  ruleset: RulesetId;
  /** Options after validation, defaults filled in. */
  options: O;
  /** sfc32 generator state: four unsigned 32-bit integers. */
  rng: [number, number, number, number];
  /** Accepted inputs so far; a view's `rev`. */
  rev: number;
  now: number;
  phase: Phase;
  step: string;
  round: number;
  clock: PendingTimer;
  paused: boolean;
  speaker: number | null;
  seats: SeatState[];
  nominations: number[];
  counting: number | null;
  tally: Record<string, number>;
  ballot: number[];
  winner: Winner | null;
  deal: { commitment: string; salt: string; roles: string[] } | null;
  logSeq: number;
  announcements: LogEntry[];
  /** Silent nights (decoys.ts): answers accepted in this night step, and the seats that gave them. */
  quiet: { stir: number; answered: number[] };
  /** Ruleset-owned bookkeeping (speech queue, night choices, votes...). Secret. */
  flow: F;
  extras: Record<string, unknown>;
  /** Who is speaking (voice.ts), host only; absent until a table with voice hears one. */
  voice?: VoiceState;
  /**
   * Every "removed" announcement of the game, kept whole: `announcements` keeps only the
   * last few, and the judge's undo list (hub/table/undo-list.ts) must still name a removal the hub
   * made from a sensor after a noisy night. Absent until a seat is removed.
   */
  removals?: LogEntry[];
}

/** Any ruleset's state: what helpers shared between rulesets take. */
export type AnyState = GameState<object, object>;

export type { Prompt };
