/**
 * How a table keeps its game: the one input queue, the step (pure), the journal, the commit
 * and what a commit tells (through outbox.ts), the timer, and the resume after a restart.
 * What each kind of input means (a paddle's payload, a host command, a connection) is
 * table.ts's; everything here is the same for every input.
 *
 * Every input goes through one queue in arrival order, and each is stepped → appended to
 * the journal → committed, and what it causes is published once its record is on disk.
 * A commit tells what it changed itself (its log entries, signals, views, undo list and the
 * re-armed timer), so no caller can commit and forget to tell; `together` holds the views
 * of several commits (a setup, a restart) for one telling at its end.
 * The queue moves on while the journal writes (group commit: the inputs stepped meanwhile
 * share the next write and fsync). The promise a caller gets resolves only after the record
 * is durable, which is what lets broker.ts hold the PUBACK until the input is on disk.
 */

import { onRegisteredWordsChange } from "../../protocol/words/index.js";
import {
  type EngineInput,
  type GameConfig,
  type GameState,
  nextDeadline,
  publicLogEntry,
  type StepResult,
  step,
} from "../engine/index.js";
import {
  type InputSource,
  JOURNAL_VERSION,
  type JournalHeader,
  type JournalRecord,
  type SyncHook,
} from "../journal/journal.js";
import {
  fileJournals,
  type JournalBackend,
  type JournalStore,
  type JournalWriter,
} from "../journal/journal-store.js";
import type { Logger } from "../process/logger.js";
import { Duplicates } from "./dedupe.js";
import { gameEndedRecord } from "./game-events.js";
import { GameHistory } from "./history.js";
import { type PublishFn, TableOutbox } from "./outbox.js";
import { overdueAfterOutage, resumeNewestGame } from "./resume.js";
import { Scheduler } from "./scheduler.js";
import { defaultConfig, prepareGame } from "./setup.js";
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

export class TableCore {
  readonly id: string;
  readonly log: Logger;
  /** The one way out: everything a table tells waits here for its record to be durable. */
  readonly out: TableOutbox;
  /** The applied seqs per `seat:boot` and the recent host command ids (dedupe.ts). */
  readonly duplicates = new Duplicates();
  private state: GameState | null = null;
  private writer: JournalWriter | null = null;
  private readonly store: JournalStore;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly scheduler: Scheduler;
  private closing = false;
  /** The current game's records and its state before the first one, for undo. */
  private records: GameHistory | null = null;
  /** Open `together` runs: while any is, a new state's views wait for the last to end. */
  private holding = 0;
  /** A state changed while held, whose views are told when the last `together` ends. */
  private heldState = false;
  /** Stops re-sending the rulesets when the registered words change (see the constructor). */
  private readonly stopWatchingWords: () => void;

  constructor(readonly opts: TableOptions) {
    this.id = opts.id;
    this.store = (opts.journals ?? fileJournals(opts.dataDir, opts.sync))(opts.id);
    this.log = opts.log.child({ table: opts.id });
    this.out = new TableOutbox({
      table: opts.id,
      publish: opts.publish,
      log: this.log,
      durable: () => this.writer?.durable() ?? Promise.resolve(),
      audienceDelayMs: (opts.audienceDelaySeconds ?? 0) * 1000,
    });
    this.scheduler = new Scheduler((deadline) => this.timerFired(deadline), opts.now);
    // Words registered while the hub runs (protocol/words registerWords) ride on
    // `public/rulesets`, told at start-up: told again, retained, when they change, with the
    // manifests as they stand then (a role registered with its words goes out with them).
    this.stopWatchingWords = onRegisteredWordsChange(() => {
      if (!this.closing) this.out.rulesets();
    });
  }

  /** The latest state (read-only for callers); after idle(), every record of it is on disk. */
  get game(): GameState | null {
    return this.state;
  }

  get journal(): JournalWriter | null {
    return this.writer;
  }

  get history(): GameHistory | null {
    return this.records;
  }

  get closed(): boolean {
    return this.closing;
  }

  /**
   * Resumes the newest game from its journal, or sets up the default game; a game the hub
   * was down for past its deadline is held (holdIfOverdue).
   */
  async resume(): Promise<void> {
    const resumed = await resumeNewestGame(this.store, this.log);
    if (resumed) {
      const { path, contents, history, state } = resumed;
      this.duplicates.load(contents.header);
      for (const r of contents.records) this.duplicates.remember(r.src);
      this.records = history;
      this.state = state;
      const n = contents.records.length;
      this.writer = await resumed.reopen();
      this.log.info(
        { event: "game.resumed", path, records: n, rev: state.rev },
        "game resumed from journal",
      );
      this.stateChanged();
    }
    this.out.rulesets();
    if (!this.state) await this.setupDefault();
    await this.holdIfOverdue();
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
  async begin(config: GameConfig, state: GameState, setupId: string | null): Promise<void> {
    const header: JournalHeader = {
      type: "header",
      v: JOURNAL_VERSION,
      config,
      setupId,
      ...this.duplicates.forHeader(setupId),
    };
    const journal = await this.store.create(header);
    await this.writer?.close();
    this.writer = journal;
    this.state = state;
    this.records = new GameHistory(state);
    this.duplicates.remember(setupId ? { host: setupId } : undefined);
    this.log.info({
      event: "game.setup",
      path: journal.path,
      ruleset: config.ruleset,
      seats: config.seats.length,
    });
    this.stateChanged();
  }

  /**
   * Runs tasks strictly one after another, in the order they were submitted. A task does
   * not wait for its journal record to reach the disk (the next one steps meanwhile, and
   * the journal writes them together); the promise returned resolves once it has, and once
   * what the task said is told: that is when its PUBACK may go.
   */
  enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run.then(async (value) => {
      await this.out.after();
      return value;
    });
  }

  /** Steps, journals and commits one input; returns the rejection if the engine refused it. */
  async apply(input: EngineInput, src?: InputSource): Promise<StepResult> {
    const state = this.state;
    if (!state || !this.writer)
      return { ok: false, rejection: { code: "no_game", message: "no game is set up" } };
    const result = step(state, input);
    if (!result.ok) return result;
    // Not awaited: the outbox holds everything this input causes until the record is durable.
    return this.commit(this.writer.add(input, src), result);
  }

  /**
   * Makes a stepped input's state current, its record pushed for undo, and tells what it
   * caused: its log entries and signals, then its views (stateChanged). Everything waits in
   * the outbox until the record is durable.
   */
  commit(record: JournalRecord, result: StepResult & { ok: true }): StepResult {
    this.records?.push(record);
    const ended = gameEndedRecord(this.state, result.state, this.journal?.path ?? null);
    // Told once durable, like a reply: a write Redis refused ended no game.
    if (ended) this.out.after(() => this.log.info(ended, "game over")).catch(() => undefined);
    this.state = result.state;
    this.duplicates.remember(record.src);
    for (const e of result.effects) {
      if (e.type === "log") this.out.logEntry(publicLogEntry(result.state, e.entry));
      else this.out.signal(e.seat, e.signal);
    }
    this.stateChanged();
    return result;
  }

  /**
   * Runs `work` (a queue task's or the opening's several commits or a new game) with the
   * views held: they are told once, for the state as it stands when `work` ends, and not
   * for each step on the way (a new game with every seat offline, then each seat that is
   * connected). What the commits say besides (log entries, signals) is told as it comes.
   */
  async together<T>(work: () => Promise<T>): Promise<T> {
    this.holding++;
    let value: T;
    try {
      value = await work();
    } finally {
      this.holding--;
    }
    // Not after a failure: the state it left is told with the next one (as before, when the
    // caller's afterCommit came after its last await).
    if (this.holding === 0 && this.heldState) {
      this.heldState = false;
      this.tellState();
    }
    return value;
  }

  /** A new current state: its views told now, or when the last `together` ends. */
  private stateChanged(): void {
    if (this.holding > 0) this.heldState = true;
    else this.tellState();
  }

  /** Publishes the views that changed and re-arms the timer for the new state. */
  private tellState(): void {
    if (!this.state || this.closing) return;
    this.out.views(this.state);
    if (this.records) {
      // As it stands now: the records pushed later belong to later writes, not yet durable.
      const all = this.records.all;
      const upTo = all.length;
      const state = this.state;
      this.out.undoable(() => undoableEntries(all, state, undefined, upTo));
    }
    this.scheduler.arm(nextDeadline(this.state));
  }

  private timerFired(deadline: number): void {
    this.enqueue(async () => {
      if (!this.state || nextDeadline(this.state) !== deadline) return; // superseded meanwhile
      // Refused, nothing changed: its deadline fired once and is not armed again (Scheduler).
      const result = await this.apply({ type: "timer", at: Math.max(this.opts.now(), deadline) });
      if (!result.ok) this.log.debug({ event: "timer.stale", code: result.rejection.code });
    }).catch((err: Error) => this.log.error({ event: "timer.failed", err: err.message }));
  }

  /** Finishes queued work, stops the timer and closes the journal. */
  async close(): Promise<void> {
    this.closing = true;
    this.stopWatchingWords();
    this.scheduler.stop();
    this.out.stop();
    await this.queue;
    await this.out.flush();
    await this.writer?.close();
  }

  /** Resolves once every queued input is processed and its messages handed to the broker. */
  async idle(): Promise<void> {
    await this.queue;
    await this.out.flush();
  }
}
