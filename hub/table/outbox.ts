/**
 * The one way out of a table: views, announcements, signals, host replies, and the PUBACK
 * through the promise its input handlers return. One ordering rule, kept here and nowhere
 * else: nothing is told before every input journaled before it is on disk, and things are
 * told in the order they were said. With group commit the table steps the next inputs while
 * earlier ones are still being written, so this is where "nothing is told that a crash
 * could take back" lives.
 *
 * Once due, messages are handed to the broker at once, without waiting for the previous one
 * to be routed: that wait (Aedes calls back only once every subscriber's socket took the
 * message, so one slow client held up the whole table) was the tail of the publish path.
 * Order per topic is kept without it: every message on a topic takes the same path through
 * Aedes (same retain flag, same QoS), and each of its asynchronous steps is first-in
 * first-out; broker.ts numbers the messages per topic for Aedes's duplicate check. Messages
 * on different topics may overtake each other (a retained view takes one step more than a
 * log entry); each view is complete in itself.
 */
import {
  audienceStateTopic,
  encode,
  glanceOf,
  hostReplyTopic,
  hostRulesetsTopic,
  hostUndoableTopic,
  hostViewTopic,
  type LogEntry,
  padded,
  padJson,
  publicGlanceTopic,
  publicLogTopic,
  publicRulesetsTopic,
  publicStateTopic,
  publicTextTopic,
  SEAT_TEXT_BUCKET,
  SEAT_VIEW_BUCKET,
  SIGNAL_BUCKET,
  type Signal,
  seatSignalTopic,
  seatTextTopic,
  seatViewTopic,
  type UndoableEntry,
} from "../../protocol/index.js";
import { registeredWords } from "../../protocol/words/index.js";
import {
  audienceViewJson,
  availableRulesets,
  type GameState,
  hostViewJson,
  publicTextView,
  publicView,
  rulesetById,
  seatTextView,
  seatView,
} from "../engine/index.js";
import type { Logger } from "../process/logger.js";

export interface OutMessage {
  topic: string;
  payload: string;
  qos: 0 | 1;
  retain: boolean;
}

/** The broker side of publishing: resolves once the broker has routed the message. */
export type PublishFn = (msg: OutMessage) => Promise<void>;

export interface OutboxOptions {
  table: string;
  publish: PublishFn;
  log: Logger;
  /** Resolves once everything journaled so far is on disk (rejects if the write failed). */
  durable: () => Promise<void>;
  /** How long the audience screen lags behind the table (a stream's delay), in ms. */
  audienceDelayMs?: number | undefined;
}

export class TableOutbox {
  /** What was said, told in order once durable. */
  private chain: Promise<void> = Promise.resolve();
  /** Publishes handed to the broker and not yet routed, for flush(). */
  private readonly inFlight = new Set<Promise<void>>();
  /** Last published view per retained topic, serialized with `now` at 0 and without `rev`. */
  private readonly last = new Map<string, string>();
  /** Last `rev` given per seat view topic. */
  private readonly revs = new Map<string, number>();
  /** How many seat views are retained now, so a smaller new game can clear the rest. */
  private seatsRetained = 0;
  /** The phase of the state published last (QUIET-VIEWS-01, FORUM-QUIET-03). */
  private publishedPhase = "";
  /** Audience views waiting out the delay, so stop() can drop them. */
  private readonly delayed = new Set<ReturnType<typeof setTimeout>>();
  /** The views (and the undo list) said last, and the write they wait for. */
  private readonly newest = new Map<string, { durable: Promise<void>; superseded: boolean }>();
  private readonly table: string;
  private readonly audienceDelayMs: number;

  constructor(private readonly opts: OutboxOptions) {
    this.table = opts.table;
    this.audienceDelayMs = opts.audienceDelayMs ?? 0;
  }

  // --- The ordering rule --------------------------------------------------------------

  /**
   * Runs `tell` once everything journaled until now is durable and everything said before
   * has been told. Rejects (and `tell` never runs) if the journal failed to write.
   */
  after(tell: () => void = () => undefined): Promise<void> {
    const durable = this.opts.durable();
    const next = this.chain.then(() => durable).then(tell);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private later(tell: () => void): void {
    this.after(tell).catch(() => undefined); // a failed journal is reported to the input's sender
  }

  // --- What a table says (every one of these waits for the rule) ------------------------

  /**
   * Views are whole states, retained: of the views said for inputs that share one write to
   * the disk only the newest is built and told (they become durable together, and nobody
   * could have seen the ones between). Twelve night answers arriving together thus cost
   * one or two rounds of views, not twelve.
   */
  views(state: GameState): void {
    this.newestOfWrite("views", () => this.publishViews(state, Date.now()));
  }

  /**
   * Tells `tell` once durable unless something of the same `kind` was said later for the
   * same write to the disk: only the newest of a write is built and told.
   */
  private newestOfWrite(kind: "views" | "undoable", tell: () => void): void {
    const durable = this.opts.durable();
    const mine = { durable, superseded: false };
    const newest = this.newest.get(kind);
    if (newest?.durable === durable) newest.superseded = true;
    this.newest.set(kind, mine);
    this.later(() => {
      if (!mine.superseded) tell();
    });
  }

  /**
   * What an undo may take back now, as it stands after the inputs said so far (retained,
   * host only; protocol/undoable.ts). Nothing is retained while there is nothing to take
   * back (a game not started).
   */
  undoable(build: () => readonly UndoableEntry[]): void {
    // Built once per write, like the views: it walks the whole game's records (issue 29).
    this.newestOfWrite("undoable", () => {
      const entries = build();
      const json = entries.length > 0 ? JSON.stringify({ table: this.table, entries }) : null;
      this.retainOrClear(hostUndoableTopic(this.table), json, null);
    });
  }

  logEntry(entry: LogEntry): void {
    const topic = publicLogTopic(this.table);
    this.later(() => this.send({ topic, payload: encode(entry), qos: 1, retain: false }));
  }

  signal(seat: number, signal: Signal): void {
    const payload = padded(signal, SIGNAL_BUCKET);
    const topic = seatSignalTopic(this.table, seat);
    this.later(() => this.send({ topic, payload, qos: 0, retain: false }));
  }

  /** `told` runs with it, once durable: a log line that must not claim what Redis refused. */
  reply(reply: Record<string, unknown>, told: () => void = () => undefined): void {
    const topic = hostReplyTopic(this.table);
    this.later(() => {
      told();
      const routed = this.send({ topic, payload: encode(reply), qos: 1, retain: false });
      this.routing.add(routed);
      void routed.then(() => this.routing.delete(routed));
    });
  }

  /** Replies told and not yet routed by the broker. */
  private readonly routing = new Set<Promise<void>>();

  /**
   * Resolves once every reply told so far is routed. A host command's PUBACK waits for it:
   * handed to a cluster's broker, a reply first waits on Redis (Aedes's offline-queue
   * lookup) and only then is published, so a PUBACK (or a forward's answer) sent at once
   * overtook it, and an owner killed in between left an acknowledged command without its
   * reply (issue 27). Seat inputs do not wait: their views are whole states, told again.
   */
  async repliesRouted(): Promise<void> {
    await Promise.all([...this.routing]);
  }

  /**
   * The rulesets this hub can run and their options (retained, host only;
   * protocol/rulesets.ts), and the manifests alone for screens without host rights. Not a
   * consequence of any record, but told in line all the same: one rule, no exception. Told
   * at start-up and again when the registered words change (table-core.ts); a topic whose
   * payload did not change is not sent again.
   */
  rulesets(): void {
    const rulesets = availableRulesets().map((id) => ({
      id,
      options: [...(rulesetById(id)?.options ?? [])],
      manifest: rulesetById(id)?.manifest,
    }));
    const json = JSON.stringify({ rulesets });
    const manifests = rulesets.flatMap(({ id, manifest }) => (manifest ? [{ id, manifest }] : []));
    // The words registered in this process ride along: the screens' bundle lacks them.
    const pub = JSON.stringify({ rulesets: manifests, words: registeredWords() });
    this.later(() => {
      this.sendIfChanged(hostRulesetsTopic(this.table), json, () => json);
      this.sendIfChanged(publicRulesetsTopic(this.table), pub, () => pub);
    });
  }

  /** Drops audience views still waiting out their delay (the table is closing). */
  stop(): void {
    for (const timer of this.delayed) clearTimeout(timer);
    this.delayed.clear();
  }

  /** Resolves once everything said so far is told and routed by the broker. */
  async flush(): Promise<void> {
    await this.chain;
    await Promise.all([...this.inFlight]);
  }

  // --- Publishing (only ever called from a `tell`) --------------------------------------

  /** Hands the message to the broker; the promise resolves once it is routed (or failed). */
  private send(msg: OutMessage): Promise<void> {
    const routed = this.opts.publish(msg).catch((err: Error) => {
      this.opts.log.error(
        { event: "publish.failed", topic: msg.topic, err: err.message },
        "publish failed",
      );
    });
    this.inFlight.add(routed);
    void routed.then(() => this.inFlight.delete(routed));
    return routed;
  }

  /**
   * Publishes a view unless it is the one retained now. `key` is the view serialized once,
   * with its clock (`now`) at 0 so that only the clock moving does not count as a change;
   * the payload is the same text with the clock put in.
   */
  private sendIfChanged(topic: string, key: string, payload: () => string): void {
    if (this.last.get(topic) === key) return;
    this.last.set(topic, key);
    this.send({ topic, payload: payload(), qos: 1, retain: true });
  }

  private retainOrClear(topic: string, key: string | null, bucket: number | null): void {
    if (key !== null) {
      this.sendIfChanged(topic, key, () => (bucket ? padJson(key, bucket) : key));
    } else if (this.last.delete(topic)) {
      this.send({ topic, payload: "", qos: 1, retain: true });
    }
  }

  /**
   * Every view of the state that differs from what is retained now. Seat views get their
   * `rev` here: strictly increasing per topic, and at least the hub's clock in ms, so it
   * also keeps increasing across a restart. A counter of accepted inputs would let a paddle
   * count the secret choices of others.
   */
  private publishViews(state: GameState, now: number): void {
    const t = this.table;
    const pub = publicView(state, 0);
    const pubKey = JSON.stringify(pub);
    this.sendIfChanged(publicStateTopic(t), pubKey, () => withClock(pubKey, 0, now));
    // A paddle without texts reads only this: the whole state's parse was its memory peak.
    const glance = JSON.stringify(glanceOf(pub));
    this.sendIfChanged(publicGlanceTopic(t), glance, () => withClock(glance, 0, now));
    const hostKey = hostViewJson(state, pubKey);
    this.sendIfChanged(hostViewTopic(t), hostKey, () =>
      withClock(hostKey, hostKey.lastIndexOf('"public":{'), now),
    );
    this.audience(audienceViewJson(state, pubKey), now);
    // At night and in the state that ends it, what one seat gets every seat gets.
    const night = state.phase === "night" || this.publishedPhase === "night";
    this.publishedPhase = state.phase;
    const views = state.seats.map((s) => ({
      topic: seatViewTopic(t, s.seat),
      key: JSON.stringify(seatView(state, s.seat)),
    }));
    // QUIET-VIEWS-01: a removal at night takes its seat out of the mafia's shot prompt, which
    // stays once answered, while a decoy is gone once answered: the blacks got one view more.
    if (night) this.allIfAnyChanged(views);
    for (const { topic, key } of views) {
      this.sendIfChanged(topic, key, () => {
        const rev = Math.max((this.revs.get(topic) ?? 0) + 1, now);
        this.revs.set(topic, rev);
        return padJson(`{"rev":${rev},${key.slice(1)}`, SEAT_VIEW_BUCKET);
      });
    }
    this.texts(state, night);
    // Seats beyond the current game keep no stale view: an empty retained payload clears it.
    for (let n = state.seats.length + 1; n <= this.seatsRetained; n++) {
      const topic = seatViewTopic(t, n);
      this.last.delete(topic);
      this.send({ topic, payload: "", qos: 1, retain: true });
    }
    this.seatsRetained = state.seats.length;
  }

  /**
   * At night (and in the state that ends it) one seat's retained topic changing is every
   * seat's sent again, changed or not, so that no seat gets a message another does not
   * (QUIET-VIEWS-01 for views, FORUM-QUIET-03 for texts): their last payloads are forgotten.
   */
  private allIfAnyChanged(seats: readonly { topic: string; key: string | null }[]): void {
    if (!seats.some((s) => s.key !== null && this.last.get(s.topic) !== s.key)) return;
    for (const s of seats) if (s.key !== null) this.last.delete(s.topic);
  }

  /**
   * Rulesets with text (forum): `public/text` and each seat's `seat/{n}/text`, topics of their
   * own so that paddles, which read `public/state` and their view, never parse the texts. A
   * game without text (or fewer seats) clears what an earlier game left retained.
   */
  private texts(state: GameState, night: boolean): void {
    const pub = publicTextView(state);
    this.retainOrClear(publicTextTopic(this.table), pub && JSON.stringify(pub), null);
    const seats: { topic: string; key: string | null }[] = [];
    for (let n = 1; n <= Math.max(state.seats.length, this.seatsRetained); n++) {
      const mine = n <= state.seats.length ? seatTextView(state, n) : null;
      seats.push({ topic: seatTextTopic(this.table, n), key: mine && JSON.stringify(mine) });
    }
    // FORUM-QUIET-03 (the state that ends the night prints the paper): an ad's author when
    // the paper clears his `pending`, the office's heir when his `mayMessage` turns on, a
    // will's recipients. By day a seat's input shows anyway when it writes, and no other
    // seat's text moves with it.
    if (night) this.allIfAnyChanged(seats);
    for (const { topic, key } of seats) this.retainOrClear(topic, key, SEAT_TEXT_BUCKET);
  }

  /** The audience's view, now or after the delay; a stream's clock is the moment it shows. */
  private audience(key: string, now: number): void {
    const topic = audienceStateTopic(this.table);
    if (this.audienceDelayMs <= 0) {
      this.sendIfChanged(topic, key, () => withClock(key, 0, now));
      return;
    }
    const timer = setTimeout(() => {
      this.delayed.delete(timer);
      this.sendIfChanged(topic, key, () => withClock(key, 0, now + this.audienceDelayMs));
    }, this.audienceDelayMs);
    this.delayed.add(timer);
  }
}

/**
 * A public view's JSON (alone, or inside the host view from `from` on) with its clock put
 * in: its first `"now":0,` from there is the view's own, as `table` and `ruleset` (ids
 * without quotes) are the only fields before it.
 */
function withClock(json: string, from: number, now: number): string {
  const at = json.indexOf('"now":0,', from);
  return `${json.slice(0, at)}"now":${now},${json.slice(at + 8)}`;
}
