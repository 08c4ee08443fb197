/**
 * The pure core: createGame() and step(). No I/O, no clock, no global randomness.
 * Generic matters (the deal, pause and resume, presence, sensor memory, the clock) are
 * handled here; everything that depends on roles goes to the ruleset, which the caller
 * passes in: the core knows no ruleset (the registry in rulesets/index.ts does, and
 * ./index.ts binds the two).
 */
import {
  isSeatNumber,
  isTextKind,
  LANGS,
  type Lang,
  type TextAction,
} from "../../protocol/index.js";
import { cloneJson } from "./clone.js";
import { deal } from "./deal.js";
import { DECOY_ACTION, decoysOn } from "./decoys.js";
import { decoyAct, seatAct, silentPass } from "./night-answers.js";
import { seedRng } from "./rng.js";
import { endGame, type Game, makeGame, type Ruleset, reject } from "./ruleset.js";
import type {
  Effect,
  EngineInput,
  GameConfig,
  GameState,
  Rejection,
  SeatAction,
  StepResult,
} from "./types.js";
import { afterInput, dismissCandidate, findCandidate, hearVoice, voiceDeadline } from "./voice.js";

export type CreateResult =
  | { ok: true; state: GameState; warnings: string[] }
  | { ok: false; errors: string[] };

export function createGame(ruleset: Ruleset, config: GameConfig): CreateResult {
  if (ruleset.id !== config.ruleset)
    return { ok: false, errors: [`ruleset: expected "${ruleset.id}", got "${config.ruleset}"`] };
  const errors: string[] = [];
  const n = config.seats.length;
  config.seats.forEach((s, i) => {
    if (s.seat !== i + 1) errors.push(`seats[${i}].seat: expected ${i + 1}, got ${s.seat}`);
    if (!isSeatNumber(s.seat)) errors.push(`seats[${i}].seat: not a seat number`);
  });
  const names = new Set<string>();
  for (const s of config.seats) {
    const key = s.name.trim().toLowerCase();
    if (names.has(key)) errors.push(`seats: the name "${s.name}" is used twice`);
    names.add(key);
  }
  if (!/^[0-9a-f]{32}$/.test(config.seed)) errors.push("seed: must be 32 lowercase hex characters");
  const parsed = ruleset.parseOptions(config.options, n);
  if (!parsed.ok) errors.push(...parsed.errors);
  if (errors.length > 0 || !parsed.ok) return { ok: false, errors };
  const lang = (parsed.options.lang as Lang | undefined) ?? "en";
  const state: GameState = {
    v: 1,
    table: config.table,
    ruleset: ruleset.id,
    options: parsed.options,
    rng: seedRng(config.seed),
    rev: 0,
    now: config.at,
    phase: "setup",
    step: "waiting",
    round: 0,
    clock: { until: null, remaining: null },
    paused: false,
    speaker: null,
    seats: config.seats.map((s) => ({
      seat: s.seat,
      name: s.name.trim(),
      lang: s.lang && (LANGS as readonly string[]).includes(s.lang) ? s.lang : lang,
      role: null,
      team: null,
      alive: true,
      out: null,
      shownRole: null,
      fouls: 0,
      online: false,
      thumbDown: null,
      blindfoldOn: null,
      thumbAt: null,
      blindfoldAt: null,
      fw: null,
      caps: [],
      results: [],
    })),
    nominations: [],
    counting: null,
    tally: {},
    ballot: [],
    winner: null,
    deal: null,
    logSeq: 0,
    announcements: [],
    quiet: { stir: 0, answered: [] },
    flow: {},
    extras: ruleset.extras(parsed.options, n),
  };
  return { ok: true, state, warnings: parsed.warnings };
}

/**
 * Applies one input to the state in place. Returns a rejection (state untouched) or null.
 * Used directly by replay, where the previous state is not needed.
 */
export function applyInPlace(
  ruleset: Ruleset,
  state: GameState,
  input: EngineInput,
  effects: Effect[] | null,
): Rejection | null {
  const g = makeGame(state, input.at, effects);
  const rejection = dispatch(ruleset, g, input);
  if (rejection) return rejection;
  state.rev += 1;
  if (input.at > state.now) state.now = input.at;
  afterInput(state, input.at, ruleset.manifest);
  return null;
}

/** The pure step: the input's result as a new state, or a rejection. */
export function step(ruleset: Ruleset, state: GameState, input: EngineInput): StepResult {
  // A committed state is never changed (the hub publishes its views after the journal
  // write, by then more inputs may have stepped): the input works on a copy.
  const draft = cloneJson(state);
  const effects: Effect[] = [];
  const rejection = applyInPlace(ruleset, draft, input, effects);
  if (rejection) return { ok: false, rejection };
  return { ok: true, state: draft, effects };
}

function dispatch(ruleset: Ruleset, g: Game, input: EngineInput): Rejection | null {
  const state = g.state;
  switch (input.type) {
    case "presence": {
      const seat = state.seats[input.seat - 1];
      if (!seat) return reject("bad_seat");
      seat.online = input.online;
      if (state.phase !== "setup" && state.phase !== "ended")
        ruleset.onPresence(g, seat, input.online);
      return null;
    }
    case "timer": {
      if (state.phase === "setup" || state.phase === "ended") return reject("stale_timer");
      if (ruleset.onDeadline && (ruleset.deadlines?.(state) ?? []).some((d) => d <= input.at)) {
        ruleset.onDeadline(g);
        return null;
      }
      if (stepDue(state, input.at)) return ruleset.onStepEnd(g, "timer");
      // Voice windows due to settle: afterInput settles them once the timer is accepted.
      if (voiceDue(state, input.at)) return null;
      return reject("stale_timer");
    }
    case "seat":
      return seatInput(ruleset, g, input.seat, input.action);
    case "host":
      return hostInput(ruleset, g, input.action);
  }
}

function seatInput(
  ruleset: Ruleset,
  g: Game,
  n: number,
  action: Extract<EngineInput, { type: "seat" }>["action"],
) {
  const state = g.state;
  const seat = state.seats[n - 1];
  if (!seat) return reject("bad_seat");
  const previous = { thumbDown: seat.thumbDown, blindfoldOn: seat.blindfoldOn };
  // Sensor edges are facts: they are always recorded, whatever the rules make of them.
  if (action.kind === "hello") {
    seat.fw = action.fw;
    seat.caps = [...action.caps];
    return null;
  }
  // Voice is generic and no ruleset's business: voice.ts hears it or refuses it.
  if (action.kind === "voice") return hearVoice(g, seat, action);
  if (action.kind === "thumb" && seat.thumbDown !== action.down) {
    seat.thumbDown = action.down;
    seat.thumbAt = g.at;
  }
  if (action.kind === "blindfold" && seat.blindfoldOn !== action.on) {
    seat.blindfoldOn = action.on;
    seat.blindfoldAt = g.at;
  }
  if (isText(action) && !ruleset.onText) return reject("no_text");
  if (state.phase === "setup" || state.phase === "ended") {
    if (action.kind === "thumb" || action.kind === "blindfold") return null;
    return reject(state.phase === "setup" ? "game_not_started" : "game_over");
  }
  if (state.paused && (action.kind === "act" || action.kind === "pass")) return reject("paused");
  if (action.kind === "pass" && decoysOn(state)) return silentPass(ruleset, g, seat);
  if (action.kind === "act" && action.action === DECOY_ACTION)
    return decoyAct(ruleset, g, seat, action);
  if (isText(action)) {
    // Text is not a night answer: it stirs nothing, so writing a will at night shows nowhere.
    return ruleset.onText ? ruleset.onText(g, seat, action) : reject("no_text");
  }
  if (action.kind !== "act") return ruleset.onSeat(g, seat, action, previous);
  return seatAct(ruleset, g, seat, action);
}

function isText(action: SeatAction): action is TextAction {
  return isTextKind(action.kind);
}

function hostInput(
  ruleset: Ruleset,
  g: Game,
  action: Extract<EngineInput, { type: "host" }>["action"],
) {
  const state = g.state;
  if (action.cmd === "undo") {
    // The state was already rebuilt without the record taken back (hub/table/history.ts); what is
    // left is to say so and to hold the clock while the host puts the right thing in.
    g.log("game.corrected");
    if ((state.phase === "day" || state.phase === "night") && !state.paused) pauseClock(g);
    return null;
  }
  if (action.cmd === "start") {
    if (state.phase !== "setup") return reject("game_started");
    const dealt = deal(state.rng, ruleset.composition(state.options, state.seats.length));
    dealt.roles.forEach((role, i) => {
      const seat = state.seats[i];
      const def = ruleset.roles[role];
      if (!seat || !def) throw new Error(`composition produced unknown role ${role}`);
      seat.role = role;
      seat.team = def.team;
    });
    state.deal = { commitment: dealt.commitment, salt: dealt.salt, roles: dealt.roles };
    g.log("game.start", [], { ruleset: state.ruleset, seats: state.seats.length });
    ruleset.begin(g);
    return null;
  }
  if (state.phase === "setup") return reject("game_not_started");
  if (state.phase === "ended") return reject("game_over");
  switch (action.cmd) {
    case "pause":
      if (state.paused) return reject("paused", "the game is already paused");
      pauseClock(g);
      g.log("game.paused");
      return null;
    case "resume":
      if (!state.paused) return reject("not_paused");
      state.paused = false;
      state.clock = {
        until: state.clock.remaining === null ? null : g.at + state.clock.remaining,
        remaining: null,
      };
      g.log("game.resumed");
      return null;
    case "next":
      if (state.paused) return reject("paused");
      return ruleset.onStepEnd(g, "host");
    case "end":
      endGame(g, null);
      g.log("game.aborted");
      return null;
    case "dismiss":
      return dismissCandidate(state, action.candidate);
    case "bestmove": {
      const seat = state.seats[action.seat - 1];
      if (!seat) return reject("bad_seat");
      if (!ruleset.onBestMove) return reject("wrong_step", "this ruleset has no best move");
      return ruleset.onBestMove(g, seat, action.guess);
    }
    case "warn": {
      const seat = state.seats[action.seat - 1];
      if (!seat) return reject("bad_seat");
      if (!ruleset.onWarn) return reject("wrong_step", "this ruleset has no warnings");
      if (!seat.alive) return reject("not_in_game");
      return ruleset.onWarn(g, seat);
    }
    case "foul":
    case "remove": {
      const seat = state.seats[action.seat - 1];
      if (!seat) return reject("bad_seat");
      if (!seat.alive) return reject("not_in_game");
      if (action.cmd === "remove") {
        const from = state.logSeq;
        const refused = ruleset.onRemove(g, seat, action.reason);
        if (!refused && action.show === true) showCause(state, from);
        return refused;
      }
      const candidate = findCandidate(
        state,
        ruleset.manifest,
        seat.seat,
        action.cause,
        action.candidate,
      );
      if (candidate && "code" in candidate) return candidate;
      const refused = ruleset.onFoul(g, seat, action.cause);
      if (!refused && candidate) candidate.status = "confirmed";
      return refused;
    }
  }
}

/**
 * The judge chose to show this removal's cause (issue 24): its entries, made in this step
 * (the effects hold the same objects), say so, and the public views keep the cause.
 */
function showCause(state: GameState, afterSeq: number): void {
  for (const entry of state.announcements)
    if (entry.seq > afterSeq && entry.key === "removed") entry.params.shown = true;
}

function pauseClock(g: Game): void {
  const state = g.state;
  state.paused = true;
  state.clock = {
    until: null,
    remaining: state.clock.until === null ? null : Math.max(0, state.clock.until - g.at),
  };
}

/** Whether the current step's own timer has run out (and is allowed to end the step). */
function stepDue(state: GameState, at: number): boolean {
  if (state.paused || state.clock.until === null || at < state.clock.until) return false;
  return state.options.autoAdvance !== false;
}

function voiceDue(state: GameState, at: number): boolean {
  const due = voiceDeadline(state);
  return due !== null && due <= at;
}

/** The deadline the hub should arm a timer for, or null. */
export function nextDeadline(ruleset: Ruleset, state: GameState): number | null {
  if (state.phase === "setup" || state.phase === "ended") return null;
  const all = [...(ruleset.deadlines?.(state) ?? [])];
  if (!state.paused && state.options.autoAdvance !== false && state.clock.until !== null) {
    all.push(state.clock.until);
  }
  const voice = voiceDeadline(state);
  if (voice !== null) all.push(voice);
  return all.length > 0 ? Math.min(...all) : null;
}
