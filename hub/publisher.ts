/**
 * Everything a table sends goes out through here: the effects of an input (announcements,
 * signals), the views that changed, then the host reply. Messages are handed to the broker
 * at once, without waiting for the previous one to be routed: that wait (Aedes calls back
 * only once every subscriber's socket took the message, so one slow client held up the
 * whole table) was the tail of the publish path. Order per topic is kept without it:
 * every message on a topic takes the same path through Aedes (same retain flag, same
 * QoS), and each of its asynchronous steps is first-in first-out; broker.ts numbers the
 * messages per topic for Aedes's duplicate check. Messages on different topics may
 * overtake each other (a retained view takes one step more than a log entry); each view
 * is complete in itself.
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
} from "../protocol/index.js";
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
} from "./engine/index.js";
import type { Logger } from "./logger.js";

export interface OutMessage {
  topic: string;
  payload: string;
  qos: 0 | 1;
  retain: boolean;
}

/** The broker side of publishing: resolves once the broker has routed the message. */
export type PublishFn = (msg: OutMessage) => Promise<void>;

export class TablePublisher {
  /** Publishes handed to the broker and not yet routed, for flush(). */
  private readonly inFlight = new Set<Promise<void>>();
  /** Last published view per retained topic, serialized with `now` at 0 and without `rev`. */
  private readonly last = new Map<string, string>();
  /** How many seat views are retained now, so a smaller new game can clear the rest. */
  private seatsRetained = 0;

  /** Audience views waiting out the delay, so close() can drop them. */
  private readonly delayed = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly table: string,
    private readonly publish: PublishFn,
    private readonly log: Logger,
    /** How long the audience screen lags behind the table (a stream's delay), in ms. */
    private readonly audienceDelayMs = 0,
  ) {}

  private send(msg: OutMessage): void {
    const routed = this.publish(msg).catch((err: Error) => {
      this.log.error(
        { event: "publish.failed", topic: msg.topic, err: err.message },
        "publish failed",
      );
    });
    this.inFlight.add(routed);
    void routed.then(() => this.inFlight.delete(routed));
  }

  /** The rulesets this hub can run and their options (retained, host only; protocol/rulesets.ts). */
  rulesets(): void {
    const rulesets = availableRulesets().map((id) => ({
      id,
      options: [...(rulesetById(id)?.options ?? [])],
      manifest: rulesetById(id)?.manifest,
    }));
    const json = JSON.stringify({ rulesets });
    this.sendIfChanged(hostRulesetsTopic(this.table), json, () => json);
    // The manifests alone, for screens without host rights (the options stay the host's).
    const manifests = rulesets.flatMap(({ id, manifest }) => (manifest ? [{ id, manifest }] : []));
    const pub = JSON.stringify({ rulesets: manifests });
    this.sendIfChanged(publicRulesetsTopic(this.table), pub, () => pub);
  }

  /**
   * What an undo may take back now (retained, host only; protocol/undoable.ts). Nothing is
   * retained while there is nothing to take back (a game not started).
   */
  undoable(entries: readonly UndoableEntry[]): void {
    const json = entries.length > 0 ? JSON.stringify({ table: this.table, entries }) : null;
    this.retainOrClear(hostUndoableTopic(this.table), json, null);
  }

  /** Last `rev` given per seat view topic. */
  private readonly revs = new Map<string, number>();

  /**
   * Publishes a view unless it is the one retained now. `key` is the view serialized once,
   * with its clock (`now`) at 0 so that only the clock moving does not count as a change;
   * the payload is the same text with the clock put in. Seat views get their `rev` here:
   * strictly increasing per topic, and at least the hub's clock in ms, so it also keeps
   * increasing across a restart. A counter of accepted inputs would let a paddle count the
   * secret choices of others.
   */
  private sendIfChanged(topic: string, key: string, payload: () => string): void {
    if (this.last.get(topic) === key) return;
    this.last.set(topic, key);
    this.send({ topic, payload: payload(), qos: 1, retain: true });
  }

  /** Publishes every view of the state that differs from what is retained now. */
  views(state: GameState, now: number = Date.now()): void {
    const t = this.table;
    const pub = publicView(state, 0);
    const pubKey = JSON.stringify(pub);
    this.sendIfChanged(publicStateTopic(t), pubKey, () => withClock(pubKey, 0, now));
    const glance = JSON.stringify(glanceOf(pub));
    this.sendIfChanged(publicGlanceTopic(t), glance, () => glance);
    const hostKey = hostViewJson(state, pubKey);
    this.sendIfChanged(hostViewTopic(t), hostKey, () =>
      withClock(hostKey, hostKey.lastIndexOf('"public":{'), now),
    );
    this.audience(audienceViewJson(state, pubKey), now);
    for (const s of state.seats) {
      const topic = seatViewTopic(t, s.seat);
      const key = JSON.stringify(seatView(state, s.seat));
      this.sendIfChanged(topic, key, () => {
        const rev = Math.max((this.revs.get(topic) ?? 0) + 1, now);
        this.revs.set(topic, rev);
        return padJson(`{"rev":${rev},${key.slice(1)}`, SEAT_VIEW_BUCKET);
      });
    }
    this.texts(state);
    // Seats beyond the current game keep no stale view: an empty retained payload clears it.
    for (let n = state.seats.length + 1; n <= this.seatsRetained; n++) {
      const topic = seatViewTopic(t, n);
      this.last.delete(topic);
      this.send({ topic, payload: "", qos: 1, retain: true });
    }
    this.seatsRetained = state.seats.length;
  }

  /**
   * Rulesets with text (forum): `public/text` and each seat's `seat/{n}/text`, topics of their
   * own so that paddles, which read `public/state` and their view, never parse the texts. A
   * game without text (or fewer seats) clears what an earlier game left retained.
   */
  private texts(state: GameState): void {
    const pub = publicTextView(state);
    this.retainOrClear(publicTextTopic(this.table), pub && JSON.stringify(pub), null);
    for (let n = 1; n <= Math.max(state.seats.length, this.seatsRetained); n++) {
      const mine = n <= state.seats.length ? seatTextView(state, n) : null;
      const topic = seatTextTopic(this.table, n);
      this.retainOrClear(topic, mine && JSON.stringify(mine), SEAT_TEXT_BUCKET);
    }
  }

  private retainOrClear(topic: string, key: string | null, bucket: number | null): void {
    if (key !== null) {
      this.sendIfChanged(topic, key, () => (bucket ? padJson(key, bucket) : key));
    } else if (this.last.delete(topic)) {
      this.send({ topic, payload: "", qos: 1, retain: true });
    }
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

  /** Drops audience views still waiting out their delay (the table is closing). */
  stop(): void {
    for (const timer of this.delayed) clearTimeout(timer);
    this.delayed.clear();
  }

  logEntry(entry: LogEntry): void {
    this.send({ topic: publicLogTopic(this.table), payload: encode(entry), qos: 1, retain: false });
  }

  signal(seat: number, signal: Signal): void {
    this.send({
      topic: seatSignalTopic(this.table, seat),
      payload: padded(signal, SIGNAL_BUCKET),
      qos: 0,
      retain: false,
    });
  }

  reply(reply: Record<string, unknown>): void {
    this.send({ topic: hostReplyTopic(this.table), payload: encode(reply), qos: 1, retain: false });
  }

  /** Resolves when everything sent so far has been routed by the broker. */
  async flush(): Promise<void> {
    await Promise.all([...this.inFlight]);
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
