/**
 * A table worker's thread: the tables it was given, each a whole Table (decode, dedupe,
 * engine, journal, views), as on the broker's thread of a hub without workers. What they
 * publish goes to the broker's thread (`pub`), and a publish's promise resolves once the
 * broker there has routed it (`routed`), so an input ends (`done`, then its PUBACK) only
 * after its record is on disk and its replies are routed, exactly as in one thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import { pino } from "pino";
import type { OutMessage } from "../table/outbox.js";
import { Table } from "../table/table.js";
import { batched, type FromWorker, type ToWorker, type WorkerSetup } from "./messages.js";

const port = parentPort;
if (!port) throw new Error("table-worker.ts runs as a worker thread (hub --workers)");
const setup = workerData as WorkerSetup;
const post = batched<FromWorker>((ms) => port.postMessage(ms));

// Lines go to the hub's logger on the broker's thread: one stream, one format, and a
// line is not lost when this thread ends with the process.
const log = pino(
  { level: setup.logLevel, base: { svc: "hub" } },
  { write: (line: string) => post({ t: "log", line }) },
);

let next = 0;
const waiting = new Map<number, () => void>();
const publish = (msg: OutMessage): Promise<void> =>
  new Promise((resolve) => {
    const n = next++;
    waiting.set(n, resolve);
    post({ t: "pub", n, msg });
  });

const tables = new Map<string, Table>();
for (const id of setup.tables)
  tables.set(
    id,
    new Table({
      id,
      dataDir: setup.dataDir,
      log,
      publish,
      now: Date.now,
      audienceDelaySeconds: setup.audienceDelaySeconds,
      defaults: setup.defaults,
    }),
  );

function table(id: string): Table {
  const t = tables.get(id);
  if (!t) throw new Error(`table ${id} is not in this worker`);
  return t;
}

function answer(req: number, work: Promise<unknown>): void {
  work.then(
    () => post({ t: "done", req }),
    (err: Error) => post({ t: "fail", req, message: err.message }),
  );
}

/** Every table at once: each is its own queue, as on one thread. */
const all = (f: (t: Table) => Promise<void>) => Promise.all([...tables.values()].map(f));

port.on("message", (ms: ToWorker[]) => {
  for (const m of ms) received(m);
});

function received(m: ToWorker) {
  switch (m.t) {
    case "routed":
      waiting.get(m.n)?.();
      waiting.delete(m.n);
      return;
    case "seat": {
      const payload = Buffer.from(m.payload.buffer, m.payload.byteOffset, m.payload.byteLength);
      return answer(m.req, table(m.table).seatInput(m.seat, payload, m.at));
    }
    case "host": {
      const payload = Buffer.from(m.payload.buffer, m.payload.byteOffset, m.payload.byteLength);
      return answer(m.req, table(m.table).hostCommand(payload, m.at));
    }
    case "conn":
      return table(m.table).connection(m.seat, m.opened);
    case "open":
      // One after another, as the hub without workers opens its tables.
      return answer(
        m.req,
        (async () => {
          for (const t of tables.values()) await t.open();
        })(),
      );
    case "idle":
      return answer(
        m.req,
        all((t) => t.idle()),
      );
    case "close":
      return answer(
        m.req,
        all((t) => t.close()),
      );
  }
}
