/**
 * Drives the pure engine directly, for unit tests and the engine benchmark: a table whose
 * clock moves only when the test says so.
 */
import {
  createGame,
  type Effect,
  type EngineInput,
  type GameConfig,
  type GameState,
  type HostAction,
  publicView,
  type Rejection,
  rulesetById,
  type SeatAction,
  seatView,
  step,
} from "../../hub/engine/index.js";

export const T0 = 1_764_662_400_000;

export interface DriverOptions {
  /** A registered ruleset id (the registry decides which exist). */
  ruleset?: string;
  seats?: number;
  options?: Record<string, unknown>;
  seed?: string;
  /** Seat number → role id, applied right after the deal (tests only). */
  roles?: readonly string[];
}

export class EngineDriver {
  state: GameState;
  at = T0;
  effects: Effect[] = [];
  inputs: EngineInput[] = [];
  lastRejection: Rejection | null = null;
  /** What the game was created from: a journal's header carries it (driver-journal.ts). */
  readonly config: GameConfig;

  constructor(opts: DriverOptions = {}) {
    const n = opts.seats ?? 10;
    this.config = {
      table: "t1",
      ruleset: opts.ruleset ?? "sport",
      seats: Array.from({ length: n }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
      options: opts.options ?? {},
      seed: opts.seed ?? "0123456789abcdef0123456789abcdef",
      at: T0,
    };
    const created = createGame(this.config);
    if (!created.ok) throw new Error(created.errors.join("; "));
    this.state = created.state;
  }

  /** Feeds one input; returns the rejection or null. */
  feed(input: EngineInput): Rejection | null {
    const result = step(this.state, input);
    if (!result.ok) {
      this.lastRejection = result.rejection;
      return result.rejection;
    }
    this.state = result.state;
    this.effects.push(...result.effects);
    this.inputs.push(input);
    this.lastRejection = droppedAs(input, result.effects);
    return this.lastRejection;
  }

  /** Like feed, but a rejection fails the test. */
  ok(input: EngineInput): this {
    const r = this.feed(input);
    if (r) throw new Error(`rejected ${JSON.stringify(input)}: ${r.code} ${r.message}`);
    return this;
  }

  tick(ms: number): this {
    this.at += ms;
    return this;
  }

  host(action: HostAction): Rejection | null {
    return this.feed({ type: "host", at: this.at, action });
  }

  seat(seat: number, action: SeatAction): Rejection | null {
    return this.feed({ type: "seat", at: this.at, seat, action });
  }

  start(roles?: readonly string[]): this {
    this.ok({ type: "host", at: this.at, action: { cmd: "start" } });
    if (roles) this.setRoles(roles);
    return this;
  }

  /** Replaces the deal (tests only): roles[i] goes to seat i + 1. */
  setRoles(roles: readonly string[]): this {
    roles.forEach((role, i) => {
      const s = this.state.seats[i];
      if (!s) return;
      const def = rulesetById(this.state.ruleset)?.roles[role];
      if (!def) throw new Error(`no role ${role} in ${this.state.ruleset}`);
      s.role = role;
      s.team = def.team;
    });
    return this;
  }

  next(): this {
    return this.ok({ type: "host", at: this.at, action: { cmd: "next" } });
  }

  /** Lets the current step's timer run out and feeds the timer input. */
  expire(): this {
    const until = this.state.clock.until;
    if (until === null) throw new Error(`step ${this.state.step} has no timer`);
    this.at = Math.max(this.at, until);
    return this.ok({ type: "timer", at: this.at });
  }

  thumb(seat: number, down: boolean): this {
    return this.ok({ type: "seat", at: this.at, seat, action: { kind: "thumb", down } });
  }

  blindfold(seat: number, on: boolean): this {
    return this.ok({ type: "seat", at: this.at, seat, action: { kind: "blindfold", on } });
  }

  pass(seat: number): this {
    return this.ok({ type: "seat", at: this.at, seat, action: { kind: "pass" } });
  }

  act(seat: number, action: string, targets: number[]): Rejection | null {
    return this.seat(seat, { kind: "act", action, targets });
  }

  actOk(seat: number, action: string, targets: number[]): this {
    return this.ok({ type: "seat", at: this.at, seat, action: { kind: "act", action, targets } });
  }

  /** Ends every night step with the host's `next` until the day begins. */
  skipNight(): this {
    while (this.state.phase === "night") this.next();
    return this;
  }

  /** Ends speeches (with "thank you") until the step is no longer a speech. */
  passAll(): this {
    while (
      this.state.phase === "day" &&
      ["speech", "shootout", "lastword"].includes(this.state.step)
    ) {
      this.pass(this.state.speaker as number);
    }
    return this;
  }

  get pub() {
    return publicView(this.state, this.at);
  }

  view(seat: number) {
    return seatView(this.state, seat);
  }

  /**
   * Silent nights end only once every living seat has answered (issue 10): every living
   * seat that still owes answers this night (HUNT-QUIET-01: two in hunt), except `keep`,
   * answers "nothing" as often as it owes.
   */
  answerRest(keep: readonly number[] = []): this {
    if (this.state.phase !== "night" || this.state.options.decoys === false) return this;
    for (const s of this.state.seats) {
      if (!s.alive || keep.includes(s.seat)) continue;
      while (this.state.phase === "night" && this.view(s.seat).pass === "nothing")
        this.pass(s.seat);
    }
    return this;
  }

  /** The seat's prompt unless it is a silent night's decoy. */
  realPrompt(seat: number) {
    const prompt = this.view(seat).prompt;
    return prompt?.action === "decoy" ? null : prompt;
  }

  seatsWith(role: string): number[] {
    return this.state.seats.filter((s) => s.role === role).map((s) => s.seat);
  }

  logKeys(): string[] {
    return this.state.announcements.map((a) => a.key);
  }

  allLogs(): { key: string; seats: number[] }[] {
    return this.effects.flatMap((e) =>
      e.type === "log" ? [{ key: e.entry.key, seats: e.entry.seats }] : [],
    );
  }
}

/** A fixed deal for rule tests: don at 1, mafia at 2 and 3, sheriff at 4, civilians 5..10. */
export const DEAL = [
  "don",
  "mafia",
  "mafia",
  "sheriff",
  "civilian",
  "civilian",
  "civilian",
  "civilian",
  "civilian",
  "civilian",
];

/**
 * QUIET-REFUSED-01: a night act refused while its seat owes an answer is taken as that answer
 * and dropped, its refusal told by an error signal; to a test it is refused all the same.
 */
function droppedAs(input: EngineInput, effects: Effect[]): Rejection | null {
  if (input.type !== "seat" || input.action.kind !== "act") return null;
  for (const e of effects)
    if (e.type === "signal" && e.seat === input.seat && "error" in e.signal)
      return {
        code: e.signal.error as Rejection["code"],
        message: "dropped as a night answer (QUIET-REFUSED-01)",
      };
  return null;
}
