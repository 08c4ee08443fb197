/**
 * One table as its inputs see it: what a paddle's payload, a host command and a seat's
 * connection mean, each decoded, deduplicated and handed to the table's core
 * (table-core.ts), which steps, journals and commits it in one queue and tells what it
 * causes once its record is on disk (outbox.ts): a commit tells its own views.
 */

import {
  authorIsSecret,
  decode,
  decodeSeatInput,
  type HostCommand,
  hostCommandTopic,
  MAX_TEXT_PAYLOAD,
  parseJsonObject,
  salvageCommandId,
} from "../../protocol/index.js";
import type { EngineInput, GameState } from "../engine/index.js";
import { hideAuthor, toAction } from "./actions.js";
import { configFromCommand, prepareGame } from "./setup.js";
import { TableCore, type TableOptions } from "./table-core.js";
import { undoableEntries } from "./undo-list.js";

export type { TableOptions };

export class Table {
  readonly id: string;
  private readonly core: TableCore;
  /** Open connections per seat number, so a second connection does not flap presence. */
  private connections = new Map<number, number>();
  /**
   * Each seat's last hello (what it can sense, SPORT-SENSE-01/02): a new game starts with
   * seats that said nothing, so setup tells it, as it tells who is connected.
   */
  private readonly hellos = new Map<number, { fw: string; caps: string[] }>();
  /** Seats with a presence task waiting in the queue (coalescing, see connection()). */
  private readonly presenceQueued = new Set<number>();
  /** Each seat's blindfold as it last reported it, journaled or not (sameBlindfold). */
  private readonly blindfolds = new Map<number, boolean>();

  constructor(opts: TableOptions) {
    this.id = opts.id;
    this.core = new TableCore(opts);
  }

  /** The latest state (read-only for callers); after idle(), every record of it is on disk. */
  get game(): GameState | null {
    return this.core.game;
  }

  get journalPath(): string | null {
    return this.core.journal?.path ?? null;
  }

  /** Resumes the newest game from its journal, or sets up the default game. */
  async open(): Promise<void> {
    // The game as it stands once opened is told once, not the resumed one and then each seat.
    await this.core.together(async () => {
      await this.core.resume();
      // Nobody is connected yet: seats the journal left online are offline now.
      for (const seat of this.core.game?.seats ?? []) {
        if (seat.online) await this.presence(seat.seat, false);
      }
    });
  }

  /** A paddle's publish on its input topic. Resolves once it may be acknowledged. */
  seatInput(seat: number, payload: Buffer, at: number): Promise<void> {
    return this.core.enqueue(async () => {
      const decoded = decodeSeatInput(payload);
      if (!decoded.ok) {
        const { code, message } = decoded;
        // A refused ad tells its author as surely as an accepted one (issue 28): a payload
        // that could be an ad (or cannot be read far enough to tell) is logged with no seat.
        const who = couldBeSecret(payload, code) ? null : seat;
        this.core.log.warn({ event: "input.bad", seat: who, code, why: message });
        this.core.out.signal(seat, { error: code, haptic: "long" });
        return;
      }
      const msg = decoded.message;
      // An ad's author stays secret from whoever reads the logs too (FORUM-NEWS-06): no seat,
      // and no boot or seq, which the same seat's other lines carry with its seat number.
      const secret = authorIsSecret(msg.kind);
      const who = secret ? null : seat;
      if (this.core.duplicates.isApplied(seat, msg.boot, msg.seq)) {
        const applied = this.core.duplicates.applied(seat, msg.boot);
        const traces = secret ? {} : { boot: msg.boot, seq: msg.seq, applied };
        this.core.log.info({ event: "input.duplicate", seat: who, ...traces });
        return;
      }
      if (msg.kind === "hello") this.hellos.set(seat, { fw: msg.fw, caps: [...msg.caps] });
      if (msg.kind === "blindfold" && this.sameBlindfold(seat, msg.on)) {
        // Acknowledged, not journaled: it tells nothing the game does not hold (docs/PROTOCOL.md).
        this.core.duplicates.remember({ seat, boot: msg.boot, seq: msg.seq });
        return;
      }
      const input: EngineInput = { type: "seat", at, seat, action: toAction(msg) };
      const result = await this.core.apply(input, { seat, boot: msg.boot, seq: msg.seq });
      if (!result.ok) {
        const code = result.rejection.code;
        this.core.log.info({ event: "input.rejected", seat: who, kind: msg.kind, code });
        // A voice input is ignored, not answered: a buzz while one speaks (or at night) helps no one.
        if (msg.kind !== "voice") this.core.out.signal(seat, { error: code, haptic: "long" });
        return;
      }
      const { rev } = result.state;
      const seq = secret ? {} : { seq: msg.seq };
      this.core.log.debug({ event: "input.applied", seat: who, kind: msg.kind, ...seq, rev });
    });
  }

  /**
   * A host console's publish on `host/command`. Resolves once it may be acknowledged: its
   * record durable and its reply routed (outbox.ts, repliesRouted).
   */
  hostCommand(payload: Buffer, at: number): Promise<void> {
    return this.core
      .enqueue(async () => {
        const decoded = decode(hostCommandTopic(this.id), payload);
        if (!decoded.ok || decoded.topic.kind !== "host.command") {
          const id = salvageCommandId(payload) ?? "";
          const code = decoded.ok ? "bad_topic" : decoded.code;
          const message = decoded.ok ? "not a host command" : decoded.message;
          this.core.log.warn({ event: "command.bad", id, code, why: message });
          this.core.out.reply({ id, ok: false, error: code, message });
          return;
        }
        const cmd = decoded.message as HostCommand;
        if (this.core.duplicates.hasCommand(cmd.id)) {
          this.core.log.info({ event: "command.duplicate", id: cmd.id, cmd: cmd.cmd });
          this.core.out.reply({
            id: cmd.id,
            ok: true,
            warnings: ["duplicate: this command id was already applied"],
          });
          return;
        }
        if (cmd.cmd === "setup") return this.setup(cmd, at);
        if (cmd.cmd === "undo") return this.undo(cmd, at);
        const { id, ...action } = cmd;
        const result = await this.core.apply({ type: "host", at, action }, { host: id });
        if (!result.ok) {
          this.core.log.info({
            event: "command.rejected",
            id,
            cmd: cmd.cmd,
            code: result.rejection.code,
          });
          const { code: error, message } = result.rejection;
          this.core.out.reply({ id, ok: false, error, message });
          return;
        }
        // Logged once durable: a hub that lost its lease (woken from a pause) has its write
        // refused by Redis, and must not log that it applied the command (issue 27).
        const { rev } = result.state;
        this.core.out.reply({ id, ok: true }, () =>
          this.core.log.info({ event: "command.applied", id, cmd: cmd.cmd, rev }),
        );
      })
      .then(() => this.core.out.repliesRouted());
  }

  private async setup(cmd: Extract<HostCommand, { cmd: "setup" }>, at: number): Promise<void> {
    const phase = this.core.game?.phase;
    if (phase === "day" || phase === "night") {
      const message = "a game is in progress: send end first";
      this.core.out.reply({ id: cmd.id, ok: false, error: "game_started", message });
      return;
    }
    const prepared = prepareGame(configFromCommand(this.id, cmd, at));
    if (!prepared.ok) {
      this.core.log.info({
        event: "command.rejected",
        id: cmd.id,
        cmd: "setup",
        code: prepared.error,
      });
      const { error, message, details } = prepared;
      this.core.out.reply({ id: cmd.id, ok: false, error, message, details });
      return;
    }
    // The new game's views are told once it knows who is connected, not with everyone offline.
    await this.core.together(async () => {
      await this.core.begin(prepared.config, prepared.state, cmd.id);
      // The new game starts with everyone offline and unheard; tell it who is connected now
      // and what each connected seat can sense (its hello came before this game).
      for (const [seat, count] of this.connections) {
        if (count > 0 && seat <= prepared.state.seats.length) {
          const at = this.core.opts.now();
          await this.core.apply({ type: "presence", at, seat, online: true });
          const hello = this.hellos.get(seat);
          if (hello) {
            const action = { kind: "hello" as const, fw: hello.fw, caps: [...hello.caps] };
            await this.core.apply({ type: "seat", at: this.core.opts.now(), seat, action });
          }
        }
      }
    });
    this.core.out.reply(
      prepared.warnings.length > 0
        ? { id: cmd.id, ok: true, warnings: prepared.warnings }
        : { id: cmd.id, ok: true },
    );
  }

  /**
   * Takes back the record the judge picked (`undoes`), or the newest seat input or host
   * command not yet taken back (hub/table/history.ts).
   */
  private async undo(cmd: Extract<HostCommand, { cmd: "undo" }>, at: number): Promise<void> {
    const journal = this.core.journal;
    const shown =
      this.core.history && this.core.game
        ? undoableEntries(this.core.history.all, this.core.game)
        : [];
    const c = journal ? this.core.history?.undo(cmd.reason, at, cmd.id, cmd.undoes) : undefined;
    if (!c?.ok || !journal) {
      const { code, message } =
        c?.ok === false ? c.rejection : { code: "no_game", message: "no game is set up" };
      this.core.out.reply({ id: cmd.id, ok: false, error: code, message });
      return;
    }
    const record = await journal.append(c.input, { host: cmd.id });
    this.core.commit(record, { ok: true, state: c.state, effects: c.effects });
    this.core.log.info({ event: "command.applied", id: cmd.id, cmd: "undo", undoes: c.target.n });
    // The removal a sensor reading made goes back with it: the reply says so too.
    const removal = shown.find((e) => e.n === c.target.n)?.removal;
    this.core.out.reply({
      id: cmd.id,
      ok: true,
      undone: { n: c.target.n, input: hideAuthor(c.target.input), ...(removal ? { removal } : {}) },
    });
  }

  /**
   * QUIET-BLINDFOLD-01: a paddle reports its blindfold every second at night, and nearly
   * every report repeats the last. One that repeats both what the seat last reported and
   * what the game holds changes nothing (no edge, no time, no rule), so it is not stepped or
   * journaled: a night adds no records per second per seat, replay sees only the edges, and
   * the undo list's edge that made a removal stays the edge. "What the seat last reported"
   * keeps a removal the judge took back taken back while the sensor still says "off".
   */
  private sameBlindfold(seat: number, on: boolean): boolean {
    const held = this.core.game?.seats[seat - 1]?.blindfoldOn ?? null;
    const said = this.blindfolds.get(seat) ?? held;
    this.blindfolds.set(seat, on);
    return held !== null && said === on;
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
    this.core
      .enqueue(async () => {
        this.presenceQueued.delete(seat);
        await this.presenceNow(seat, (this.connections.get(seat) ?? 0) > 0);
      })
      .catch((err: Error) => {
        this.core.log.error({ event: "presence.failed", seat, err: err.message });
      });
  }

  private presence(seat: number, online: boolean): Promise<void> {
    return this.core.enqueue(() => this.presenceNow(seat, online));
  }

  /** Journals a presence change, if it is one (inside the queue). */
  private async presenceNow(seat: number, online: boolean): Promise<void> {
    const known = this.core.game?.seats[seat - 1]; // undefined beyond the game's seats
    if (this.core.closed || !known || known.online === online) return;
    await this.core.apply({ type: "presence", at: this.core.opts.now(), seat, online });
  }

  /** Finishes queued work, stops the timer and closes the journal. */
  close(): Promise<void> {
    return this.core.close();
  }

  /** Resolves once every queued input is processed and its messages handed to the broker. */
  idle(): Promise<void> {
    return this.core.idle();
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
