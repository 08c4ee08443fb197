/**
 * `hub --workers N` (issue 29, "use the machine's cores"): the tables' engines, journals
 * and views run in N worker threads, and the broker (Aedes, every socket, the ACL) stays on
 * the main thread, so a burst of night ends on some tables does not hold every other
 * table's PUBACKs behind it in one event loop. A table lives in one worker (table i in
 * worker i mod N), so its inputs keep their order; the broker acknowledges an input only
 * when its worker says the input's record is on disk and its replies routed (`done`), as it
 * does for a table on its own thread. A worker whose table fails an input says so (`fail`):
 * the broker drops the client without a PUBACK, as for a journal error.
 */
import { Worker } from "node:worker_threads";
import type { TableEndpoint } from "../mqtt/broker.js";
import type { Logger } from "../process/logger.js";
import type { OutMessage } from "../table/outbox.js";
import { batched, type FromWorker, type ToWorker, type WorkerSetup } from "./messages.js";

export interface WorkerTablesOptions extends Omit<WorkerSetup, "tables" | "logLevel"> {
  tables: readonly string[];
  workers: number;
  log: Logger;
  /** The broker's publish (bound late: the broker is made after the endpoints). */
  publish: (msg: OutMessage) => Promise<void>;
  /** Whether the hub is closing its tables (a worker's end is then no failure). */
  closing?: () => boolean;
}

/** pino's numeric levels, by which a worker's line is re-logged at its own level. */
const LEVELS: Record<number, "trace" | "debug" | "info" | "warn" | "error" | "fatal"> = {
  10: "trace",
  20: "debug",
  30: "info",
  40: "warn",
  50: "error",
  60: "fatal",
};

/**
 * A worker runs the same way as the hub. Bundled (launch.mjs, as `npm start` runs it): the
 * table worker's own bundle beside the hub's. From TypeScript through tsx (the tests): it
 * registers tsx's loader, then imports table-worker.ts (`execArgv: ["--import", "tsx"]`
 * left a worker on Node 20 without the loader: "Unknown file extension .ts"). Both paths
 * are resolved here, so the hub's working directory does not matter.
 */
const BUNDLED = !import.meta.url.endsWith(".ts");
const BOOT = BUNDLED
  ? new URL("./table-worker.mjs", import.meta.url)
  : `import(${JSON.stringify(
      import.meta.resolve("tsx/esm/api"),
    )}).then(({ register }) => { register(); return import(${JSON.stringify(
      new URL("./table-worker.ts", import.meta.url).href,
    )}); });`;

class TableThread {
  readonly worker: Worker;
  private req = 0;
  private readonly calls = new Map<number, { resolve(): void; reject(e: Error): void }>();
  private exited: Error | null = null;
  private readonly post: (m: ToWorker) => void;

  constructor(setup: WorkerSetup, o: WorkerTablesOptions) {
    this.worker = new Worker(BOOT, { eval: !BUNDLED, workerData: setup });
    this.post = batched<ToWorker>((ms) => this.worker.postMessage(ms));
    this.worker.on("message", (ms: FromWorker[]) => {
      for (const m of ms) this.received(m, o);
    });
    this.worker.on("error", (err) => o.log.error({ event: "worker.error", err: err.message }));
    this.worker.on("exit", (code) => {
      this.exited = new Error(`table worker exited (${code})`);
      for (const c of this.calls.values()) c.reject(this.exited);
      this.calls.clear();
      // A worker gone while the hub runs took its tables with it: the hub ends, so that
      // its supervisor starts it again and the journals bring every table back, rather
      // than running on with tables that refuse every input.
      if (!o.closing?.()) {
        o.log.fatal({ event: "worker.died", code, tables: setup.tables }, "a table worker died");
        process.exit(1);
      }
    });
  }

  private received(m: FromWorker, o: WorkerTablesOptions): void {
    switch (m.t) {
      case "pub":
        // Routed either way: a failed publish is logged by the worker's outbox.
        o.publish(m.msg).then(
          () => this.send({ t: "routed", n: m.n }),
          () => this.send({ t: "routed", n: m.n }),
        );
        return;
      case "log": {
        const {
          level,
          time: _t,
          svc: _s,
          pid: _p,
          hostname: _h,
          msg,
          ...rest
        } = JSON.parse(m.line) as Record<string, unknown>;
        o.log[LEVELS[level as number] ?? "info"](rest, msg as string | undefined);
        return;
      }
      case "done":
      case "fail": {
        const call = this.calls.get(m.req);
        this.calls.delete(m.req);
        if (m.t === "done") call?.resolve();
        else call?.reject(new Error(m.message));
        return;
      }
    }
  }

  send(m: ToWorker): void {
    if (!this.exited) this.post(m);
  }

  call(m: (req: number) => ToWorker): Promise<void> {
    if (this.exited) return Promise.reject(this.exited);
    const req = this.req++;
    return new Promise((resolve, reject) => {
      this.calls.set(req, { resolve, reject });
      this.post(m(req));
    });
  }
}

export class WorkerTables {
  /** The broker's way into each table, as `Table` or a cluster's router is. */
  readonly endpoints = new Map<string, TableEndpoint>();
  private readonly threads: TableThread[];
  private closing = false;

  constructor(o: WorkerTablesOptions) {
    const n = Math.max(1, Math.min(o.workers, o.tables.length));
    const groups = Array.from({ length: n }, (_, i) => o.tables.filter((_, j) => j % n === i));
    const { log: _l, publish: _p, workers: _w, closing: _c, ...shared } = o;
    const own = { ...o, closing: () => this.closing || (o.closing?.() ?? false) };
    this.threads = groups.map(
      (tables) => new TableThread({ ...shared, tables, logLevel: o.log.level }, own),
    );
    o.log.info({ event: "workers.started", groups }, `tables in ${n} worker threads`);
    groups.forEach((tables, i) => {
      const thread = this.threads[i] as TableThread;
      for (const table of tables) this.endpoints.set(table, endpoint(thread, table));
    });
  }

  /** Replays every table's journal (each worker its tables), publishing their views. */
  open(): Promise<void> {
    return this.each({ t: "open" });
  }

  /** Every queued input processed and its messages handed to the broker. */
  idle(): Promise<void> {
    return this.each({ t: "idle" });
  }

  /** Closes every table's journal, then ends the threads. */
  async close(): Promise<void> {
    this.closing = true;
    await this.each({ t: "close" }).catch(() => undefined);
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }

  private async each(m: { t: "open" | "idle" | "close" }): Promise<void> {
    await Promise.all(this.threads.map((t) => t.call((req) => ({ ...m, req }))));
  }
}

function endpoint(thread: TableThread, table: string): TableEndpoint {
  return {
    // Copied to a Uint8Array of its own: posted as it is, a Buffer would carry the whole
    // socket chunk or pool it is a slice of.
    seatInput: (seat, payload, at) =>
      thread.call((req) => ({ t: "seat", req, table, seat, payload: new Uint8Array(payload), at })),
    hostCommand: (payload, at) =>
      thread.call((req) => ({ t: "host", req, table, payload: new Uint8Array(payload), at })),
    connection: (seat, opened) => thread.send({ t: "conn", table, seat, opened }),
  };
}
