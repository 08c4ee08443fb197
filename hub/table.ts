/**
 * One table: its game, journal, input queue, timer and publisher. Every input (paddle,
 * host, presence, timer) goes through one queue in arrival order, and each is
 * decoded → deduplicated → stepped (pure) → appended to the journal → committed, and what it
 * causes is published once its record is on disk (durable-outbox.ts). The queue moves on
 * while the journal writes (group commit: the inputs stepped meanwhile share the next
 * write and fsync). The promise a caller gets resolves only after the record is durable,
 * which is what lets broker.ts hold the PUBACK until the input is on disk.
 */

import {
  authorIsSecret,
  decode,
  type HostCommand,
  hostCommandTopic,
  MAX_TEXT_PAYLOAD,
  parseJsonObject,
  type SeatInputMessage,
  salvageCommandId,
  seatInputTopic,
} from "../protocol/index.js";
import { hideAuthor, toAction } from "./actions.js";
import { Duplicates } from "./dedupe.js";
import { DurableOutbox } from "./durable-outbox.js";
import {
  type EngineInput,
  type GameConfig,
  type GameState,
  nextDeadline,
  publicLogEntry,
  type StepResult,
  step,
} from "./engine/index.js";
import { gameEndedRecord } from "./game-events.js";
import { GameHistory } from "./history.js";
import {
  type InputSource,
  JOURNAL_VERSION,
  type JournalHeader,
  type JournalRecord,
  type SyncHook,
} from "./journal.js";
import {
  fileJournals,
  type JournalBackend,
  type JournalStore,
  type JournalWriter,
} from "./journal-store.js";
import type { Logger } from "./logger.js";
import { type PublishFn, TablePublisher } from "./publisher.js";
import { overdueAfterOutage, resumeNewestGame } from "./resume.js";
import { Scheduler } from "./scheduler.js";
import { configFromCommand, defaultConfig, prepareGame } from "./setup.js";
import { undoableEntries } from "./undo-list.js";

export interface TableOptions {
  id: string;
  dataDir: string;
  log: Logger;
  publish: PublishFn;
  now: () => number;
  sync?: SyncHook | undefined;
  /** Where the games are journaled; the data dir's files (`sync` applies) by default. */
  journals?: JournalBackend | undefined;
  /** How long the audience screen lags behind (seconds); 0 by default. */
  audienceDelaySeconds?: number | undefined;
  /** The game set up when the table has no journal yet. */
  defaults: { ruleset: string; seats: number };
}

export class Table {
  readonly id: string;
  private state: GameState | null = null;
  private journal: JournalWriter | null = null;
  private readonly store: JournalStore;
  private queue: Promise<unknown> = Promise.resolve();
  /** The applied seqs per `seat:boot` and the recent host command ids (dedupe.ts). */
  private readonly duplicates = new Duplicates();
  /** Open connections per seat number, so a second connection does not flap presence. */
  private connections = new Map<number, number>();
  /**
   * Each seat's last hello (what it can sense, SPORT-SENSE-01/02): a new game starts with
   * seats that said nothing, so setup tells it, as it tells who is connected.
   */
  private readonly hellos = new Map<number, { fw: string; caps: string[] }>();
  /** Seats with a presence task waiting in the queue (coalescing, see connection()). */
  private readonly presenceQueued = new Set<number>();
  private readonly out: DurableOutbox;
  private readonly scheduler: Scheduler;
  private readonly log: Logger;
  private closed = false;
  /** The current game's records and its state before the first one, for undo. */
  private history: GameHistory | null = null;

  constructor(private readonly opts: TableOptions) {
    this.id = opts.id;
    this.store = (opts.journals ?? fileJournals(opts.dataDir, opts.sync))(opts.id);
    this.log = opts.log.child({ table: opts.id });
    this.out = new DurableOutbox(
      new TablePublisher(opts.id, opts.publish, this.log, (opts.audienceDelaySeconds ?? 0) * 1000),
      () => this.journal?.durable() ?? Promise.resolve(),
    );
    this.scheduler = new Scheduler((deadline) => this.timerFired(deadline), opts.now);
  }

  /** The latest state (read-only for callers); after idle(), every record of it is on disk. */
  get game(): GameState | null {
    return this.state;
  }

  get journalPath(): string | null {
    return this.journal?.path ?? null;
  }

  /** Resumes the newest game from its journal, or sets up the default game. */
  async open(): Promise<void> {
    const resumed = await resumeNewestGame(this.store, this.log);
    if (resumed) {
      const { path, contents, history, state } = resumed;
      this.duplicates.load(contents.header);
      for (const r of contents.records) this.duplicates.remember(r.src);
      this.history = history;
      this.state = state;
      const n = contents.records.length;
      this.journal = await resumed.reopen();
      this.log.info(
        { event: "game.resumed", path, records: n, rev: state.rev },
        "game resumed from journal",
      );
    }
    this.out.rulesets();
    if (!this.state) await this.setupDefault();
    await this.holdIfOverdue();
    // Nobody is connected yet: seats the journal left online are offline now.
    for (const seat of this.state?.seats ?? []) {
      if (seat.online) await this.presence(seat.seat, false);
    }
    this.afterCommit();
  }

  /**
   * The hub was down past the current step's deadline: nobody could act meanwhile, so the
   * game is paused at the last moment it is known to have run (its newest record), keeping
   * the time that was left then, and the host resumes it.
   */
  private async holdIfOverdue(): Promise<void> {
    const s = this.state;
    if (!s || !overdueAfterOutage(s, this.opts.now())) return;
    const result = await this.apply({ type: "host", at: s.now, action: { cmd: "pause" } });
    if (result.ok) this.log.warn({ event: "game.held", until: s.clock.until, at: s.now });
  }

  private async setupDefault(): Promise<void> {
    const prepared = prepareGame(defaultConfig(this.id, this.opts.defaults, this.opts.now()));
    if (!prepared.ok) {
      this.log.error(
        { event: "game.default_failed", details: prepared.details },
        "no default game; send setup",
      );
      return;
    }
    await this.begin(prepared.config, prepared.state, null);
  }

  /** Starts a new game file and makes its game current. */
  private async begin(config: GameConfig, state: GameState, setupId: string | null): Promise<void> {
    const header: JournalHeader = {
      type: "header",
      v: JOURNAL_VERSION,
      config,
      setupId,
      ...this.duplicates.forHeader(setupId),
    };
    const journal = await this.store.create(header);
    await this.journal?.close();
    this.journal = journal;
    this.state = state;
    this.history = new GameHistory(state);
    this.duplicates.remember(setupId ? { host: setupId } : undefined);
    this.log.info({
      event: "game.setup",
      path: journal.path,
      ruleset: config.ruleset,
      seats: config.seats.length,
    });
  }

  /**
   * Runs tasks strictly one after another, in the order they were submitted. A task does
   * not wait for its journal record to reach the disk (the next one steps meanwhile, and
   * the journal writes them together); the promise returned resolves once it has, and once
   * what the task said is told: that is when its PUBACK may go.
   */
  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run.then(() => this.out.after());
  }

  /** Steps, journals and commits one input; returns the rejection if the engine refused it. */
  private async apply(input: EngineInput, src?: InputSource): Promise<StepResult> {
    const state = this.state;
    if (!state || !this.journal)
      return { ok: false, rejection: { code: "no_game", message: "no game is set up" } };
    const result = step(state, input);
    if (!result.ok) return result;
    // Not awaited: the outbox holds everything this input causes until the record is durable.
    return this.commit(this.journal.add(input, src), result);
  }

  private commit(record: JournalRecord, result: StepResult & { ok: true }): StepResult {
    this.history?.push(record);
    const ended = gameEndedRecord(this.state, result.state, this.journalPath);
    // Told once durable, like a reply: a write Redis refused ended no game.
    if (ended) this.out.after(() => this.log.info(ended, "game over")).catch(() => undefined);
    this.state = result.state;
    this.duplicates.remember(record.src);
    for (const e of result.effects) {
      if (e.type === "log") this.out.logEntry(publicLogEntry(result.state, e.entry));
      else this.out.signal(e.seat, e.signal);
    }
    return result;
  }

  /** Publishes the views that changed and re-arms the timer for the new state. */
  private afterCommit(): void {
    if (!this.state || this.closed) return;
    this.out.views(this.state);
    if (this.history) this.out.undoable(undoableEntries(this.history.all, this.state));
    this.scheduler.arm(nextDeadline(this.state));
  }

  /** A paddle's publish on its input topic. Resolves once it may be acknowledged. */
  seatInput(seat: number, payload: Buffer, at: number): Promise<void> {
    return this.enqueue(async () => {
      const decoded = decode(seatInputTopic(this.id, seat), payload);
      if (!decoded.ok || decoded.topic.kind !== "seat.input") {
        const code = decoded.ok ? "bad_topic" : decoded.code;
        // A refused ad tells its author as surely as an accepted one (issue 28): a payload
        // that could be an ad (or cannot be read far enough to tell) is logged with no seat.
        const who = couldBeSecret(payload, code) ? null : seat;
        this.log.warn({
          event: "input.bad",
          seat: who,
          code,
          why: decoded.ok ? null : decoded.message,
        });
        this.out.signal(seat, { error: code, haptic: "long" });
        return;
      }
      const msg = decoded.message as SeatInputMessage;
      // An ad's author stays secret from whoever reads the logs too (FORUM-NEWS-06): no seat,
      // and no boot or seq, which the same seat's other lines carry with its seat number.
      const secret = authorIsSecret(msg.kind);
      const who = secret ? null : seat;
      if (this.duplicates.isApplied(seat, msg.boot, msg.seq)) {
        const applied = this.duplicates.applied(seat, msg.boot);
        const traces = secret ? {} : { boot: msg.boot, seq: msg.seq, applied };
        this.log.info({ event: "input.duplicate", seat: who, ...traces });
        return;
      }
      if (msg.kind === "hello") this.hellos.set(seat, { fw: msg.fw, caps: [...msg.caps] });
      const input: EngineInput = { type: "seat", at, seat, action: toAction(msg) };
      const result = await this.apply(input, { seat, boot: msg.boot, seq: msg.seq });
      if (!result.ok) {
        const code = result.rejection.code;
        this.log.info({ event: "input.rejected", seat: who, kind: msg.kind, code });
        // A voice input is ignored, not answered: a buzz while one speaks (or at night) helps no one.
        if (msg.kind !== "voice") this.out.signal(seat, { error: code, haptic: "long" });
        return;
      }
      const { rev } = result.state;
      const seq = secret ? {} : { seq: msg.seq };
      this.log.debug({ event: "input.applied", seat: who, kind: msg.kind, ...seq, rev });
      this.afterCommit();
    });
  }

  /**
   * A host console's publish on `host/command`. Resolves once it may be acknowledged: its
   * record durable and its reply routed (durable-outbox.ts, repliesRouted).
   */
  hostCommand(payload: Buffer, at: number): Promise<void> {
    return this.enqueue(async () => {
      const decoded = decode(hostCommandTopic(this.id), payload);
      if (!decoded.ok || decoded.topic.kind !== "host.command") {
        const id = salvageCommandId(payload) ?? "";
        const code = decoded.ok ? "bad_topic" : decoded.code;
        const message = decoded.ok ? "not a host command" : decoded.message;
        this.log.warn({ event: "command.bad", id, code, why: message });
        this.out.reply({ id, ok: false, error: code, message });
        return;
      }
      const cmd = decoded.message as HostCommand;
      if (this.duplicates.hasCommand(cmd.id)) {
        this.log.info({ event: "command.duplicate", id: cmd.id, cmd: cmd.cmd });
        this.out.reply({
          id: cmd.id,
          ok: true,
          warnings: ["duplicate: this command id was already applied"],
        });
        return;
      }
      if (cmd.cmd === "setup") return this.setup(cmd, at);
      if (cmd.cmd === "undo") return this.undo(cmd, at);
      const { id, ...action } = cmd;
      const result = await this.apply({ type: "host", at, action }, { host: id });
      if (!result.ok) {
        this.log.info({ event: "command.rejected", id, cmd: cmd.cmd, code: result.rejection.code });
        const { code: error, message } = result.rejection;
        this.out.reply({ id, ok: false, error, message });
        return;
      }
      this.afterCommit();
      // Logged once durable: a hub that lost its lease (woken from a pause) has its write
      // refused by Redis, and must not log that it applied the command (issue 27).
      const { rev } = result.state;
      this.out.reply({ id, ok: true }, () =>
        this.log.info({ event: "command.applied", id, cmd: cmd.cmd, rev }),
      );
    }).then(() => this.out.repliesRouted());
  }

  private async setup(cmd: Extract<HostCommand, { cmd: "setup" }>, at: number): Promise<void> {
    const phase = this.state?.phase;
    if (phase === "day" || phase === "night") {
      const message = "a game is in progress: send end first";
      this.out.reply({ id: cmd.id, ok: false, error: "game_started", message });
      return;
    }
    const prepared = prepareGame(configFromCommand(this.id, cmd, at));
    if (!prepared.ok) {
      this.log.info({ event: "command.rejected", id: cmd.id, cmd: "setup", code: prepared.error });
      const { error, message, details } = prepared;
      this.out.reply({ id: cmd.id, ok: false, error, message, details });
      return;
    }
    await this.begin(prepared.config, prepared.state, cmd.id);
    // The new game starts with everyone offline and unheard; tell it who is connected now
    // and what each connected seat can sense (its hello came before this game).
    for (const [seat, count] of this.connections) {
      if (count > 0 && seat <= prepared.state.seats.length) {
        await this.apply({ type: "presence", at: this.opts.now(), seat, online: true });
        const hello = this.hellos.get(seat);
        if (hello) {
          const action = { kind: "hello" as const, fw: hello.fw, caps: [...hello.caps] };
          await this.apply({ type: "seat", at: this.opts.now(), seat, action });
        }
      }
    }
    this.afterCommit();
    this.out.reply(
      prepared.warnings.length > 0
        ? { id: cmd.id, ok: true, warnings: prepared.warnings }
        : { id: cmd.id, ok: true },
    );
  }

  /**
   * Takes back the record the judge picked (`undoes`), or the newest seat input or host
   * command not yet taken back (hub/history.ts).
   */
  private async undo(cmd: Extract<HostCommand, { cmd: "undo" }>, at: number): Promise<void> {
    const journal = this.journal;
    const shown = this.history && this.state ? undoableEntries(this.history.all, this.state) : [];
    const c = journal ? this.history?.undo(cmd.reason, at, cmd.id, cmd.undoes) : undefined;
    if (!c?.ok || !journal) {
      const { code, message } =
        c?.ok === false ? c.rejection : { code: "no_game", message: "no game is set up" };
      this.out.reply({ id: cmd.id, ok: false, error: code, message });
      return;
    }
    const record = await journal.append(c.input, { host: cmd.id });
    this.commit(record, { ok: true, state: c.state, effects: c.effects });
    this.log.info({ event: "command.applied", id: cmd.id, cmd: "undo", undoes: c.target.n });
    this.afterCommit();
    // The removal a sensor reading made goes back with it: the reply says so too.
    const removal = shown.find((e) => e.n === c.target.n)?.removal;
    this.out.reply({
      id: cmd.id,
      ok: true,
      undone: { n: c.target.n, input: hideAuthor(c.target.input), ...(removal ? { removal } : {}) },
    });
  }

  /** A seat's connection opened or closed (the broker's own events). */
  connection(seat: number, opened: boolean): void {
    const before = this.connections.get(seat) ?? 0;
    const after = Math.max(0, before + (opened ? 1 : -1));
    this.connections.set(seat, after);
    // Coalesced: one queued presence task per seat reads the connection count when it runs,
    // so a seat that flaps while inputs wait is journaled once, in its final state.
    if ((before === 0) === (after === 0) || this.presenceQueued.has(seat)) return;
    this.presenceQueued.add(seat);
    this.enqueue(async () => {
      this.presenceQueued.delete(seat);
      await this.presenceNow(seat, (this.connections.get(seat) ?? 0) > 0);
    }).catch((err: Error) => {
      this.log.error({ event: "presence.failed", seat, err: err.message });
    });
  }

  private presence(seat: number, online: boolean): Promise<void> {
    return this.enqueue(() => this.presenceNow(seat, online));
  }

  /** Journals a presence change, if it is one (inside the queue). */
  private async presenceNow(seat: number, online: boolean): Promise<void> {
    const known = this.state?.seats[seat - 1]; // undefined beyond the game's seats
    if (this.closed || !known || known.online === online) return;
    const result = await this.apply({ type: "presence", at: this.opts.now(), seat, online });
    if (result.ok) this.afterCommit();
  }

  private timerFired(deadline: number): void {
    this.enqueue(async () => {
      if (!this.state || nextDeadline(this.state) !== deadline) return; // superseded meanwhile
      const result = await this.apply({ type: "timer", at: Math.max(this.opts.now(), deadline) });
      if (!result.ok) this.log.debug({ event: "timer.stale", code: result.rejection.code });
      this.afterCommit();
    }).catch((err: Error) => this.log.error({ event: "timer.failed", err: err.message }));
  }

  /** Finishes queued work, stops the timer and closes the journal. */
  async close(): Promise<void> {
    this.closed = true;
    this.scheduler.stop();
    this.out.stop();
    await this.queue;
    await this.out.flush();
    await this.journal?.close();
  }

  /** Resolves once every queued input is processed and its messages handed to the broker. */
  async idle(): Promise<void> {
    await this.queue;
    await this.out.flush();
  }
}

/**
 * Whether a seat input that failed to decode could be one whose author is secret (an ad, a
 * pseudonym handed on): yes unless it is a JSON object, readable within the limits, whose
 * `kind` is another one. Too large, too deep, not UTF-8, not JSON: it could be anything.
 */
function couldBeSecret(payload: Buffer, code: string): boolean {
  if (code !== "bad_payload" && code !== "unknown_kind") return true;
  const json = parseJsonObject(payload, MAX_TEXT_PAYLOAD);
  return !json.ok || authorIsSecret(json.value.kind);
}
