/**
 * Everything a table sends goes out through here, in order: the views that changed, then
 * the effects of the input (announcements, signals), then the host reply. Aedes's
 * publish runs retained and non-retained messages through different asynchronous steps,
 * so two back-to-back publishes can overtake each other; chaining them keeps a client's
 * picture consistent (the state before the announcement that explains it).
 */
import {
  encode,
  hostReplyTopic,
  hostViewTopic,
  type LogEntry,
  padded,
  publicLogTopic,
  publicStateTopic,
  SEAT_VIEW_BUCKET,
  SIGNAL_BUCKET,
  type Signal,
  seatSignalTopic,
  seatViewTopic,
} from "../protocol/index.js";
import { type GameState, hostView, publicView, seatView } from "./engine/index.js";
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
  private tail: Promise<void> = Promise.resolve();
  /** Last published payload per retained topic, with `rev` left out, to skip unchanged views. */
  private readonly last = new Map<string, string>();
  /** How many seat views are retained now, so a smaller new game can clear the rest. */
  private seatsRetained = 0;

  constructor(
    private readonly table: string,
    private readonly publish: PublishFn,
    private readonly log: Logger,
  ) {}

  private send(msg: OutMessage): void {
    this.tail = this.tail.then(() =>
      this.publish(msg).catch((err: Error) => {
        this.log.error(
          { event: "publish.failed", topic: msg.topic, err: err.message },
          "publish failed",
        );
      }),
    );
  }

  /** Last `rev` given per seat view topic. */
  private readonly revs = new Map<string, number>();

  /**
   * Publishes a view unless only its clock (`now`) moved. Seat views get their `rev` here:
   * strictly increasing per topic, and at least the hub's clock in ms, so it also keeps
   * increasing across a restart. A counter of accepted inputs would let a paddle count the
   * secret choices of others.
   */
  private sendIfChanged(
    topic: string,
    view: Record<string, unknown>,
    now: number,
    numbered: boolean,
  ): void {
    const { now: _now, ...rest } = view;
    const key = JSON.stringify(rest);
    if (this.last.get(topic) === key) return;
    this.last.set(topic, key);
    let payload = encode(view);
    if (numbered) {
      const rev = Math.max((this.revs.get(topic) ?? 0) + 1, now);
      this.revs.set(topic, rev);
      payload = padded({ rev, ...view }, SEAT_VIEW_BUCKET);
    }
    this.send({ topic, payload, qos: 1, retain: true });
  }

  /** Publishes every view of the state that differs from what is retained now. */
  views(state: GameState, now: number = Date.now()): void {
    const t = this.table;
    this.sendIfChanged(
      publicStateTopic(t),
      publicView(state, now) as unknown as Record<string, unknown>,
      now,
      false,
    );
    this.sendIfChanged(
      hostViewTopic(t),
      hostView(state, now) as unknown as Record<string, unknown>,
      now,
      false,
    );
    for (const s of state.seats) {
      const view = seatView(state, s.seat) as unknown as Record<string, unknown>;
      this.sendIfChanged(seatViewTopic(t, s.seat), view, now, true);
    }
    // Seats beyond the current game keep no stale view: an empty retained payload clears it.
    for (let n = state.seats.length + 1; n <= this.seatsRetained; n++) {
      const topic = seatViewTopic(t, n);
      this.last.delete(topic);
      this.send({ topic, payload: "", qos: 1, retain: true });
    }
    this.seatsRetained = state.seats.length;
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

  /** Resolves when everything sent so far has been handed to the broker. */
  flush(): Promise<void> {
    return this.tail;
  }
}
