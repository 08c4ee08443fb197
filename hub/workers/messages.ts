/**
 * The narrow interface between the broker's thread and a table worker (issue 29, "use the
 * machine's cores"): the three things a broker hands a table (a seat's input, a host
 * command, a seat's connection opening or closing) one way, and what a table tells (a
 * message to publish, a log line, an input's end) the other. Everything else a table is
 * (engine, journal, views) lives in the worker.
 */
import type { OutMessage } from "../table/outbox.js";

/**
 * One postMessage per turn, not one per message: an input makes about ten (its views,
 * signals, its end), and each post costs both threads a structured copy and a wake-up.
 * The messages keep their order (a table's views before its input's end). Sent at the end
 * of the current turn's microtasks.
 */
export function batched<M>(post: (ms: M[]) => void): (m: M) => void {
  let queue: M[] = [];
  return (m) => {
    if (queue.length === 0)
      queueMicrotask(() => {
        const ms = queue;
        queue = [];
        post(ms);
      });
    queue.push(m);
  };
}

/** What a worker is started with (`workerData`). */
export interface WorkerSetup {
  tables: string[];
  dataDir: string;
  logLevel: string;
  audienceDelaySeconds: number;
  defaults: { ruleset: string; seats: number };
}

/** Broker thread → worker. `req` numbers a call whose end the worker tells (`done`/`fail`). */
export type ToWorker =
  | { t: "seat"; req: number; table: string; seat: number; payload: Uint8Array; at: number }
  | { t: "host"; req: number; table: string; payload: Uint8Array; at: number }
  | { t: "conn"; table: string; seat: number; opened: boolean }
  /** Publish `n` is routed by the broker: its promise resolves. */
  | { t: "routed"; n: number }
  /** Opens every table (replay); `idle` waits for queued work; `close` closes the tables. */
  | { t: "open" | "idle" | "close"; req: number };

/** Worker → broker thread. */
export type FromWorker =
  /** Publish `msg`; answer with `routed` once the broker has routed it. */
  | { t: "pub"; n: number; msg: OutMessage }
  /** A pino line of the worker's logger, re-logged by the hub's own. */
  | { t: "log"; line: string }
  | { t: "done"; req: number }
  | { t: "fail"; req: number; message: string };
