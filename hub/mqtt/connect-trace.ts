/**
 * Where a connect's time goes (issue 29, the storm while tables play), on only with
 * HUB_CONNECT_TRACE=1: per connection, the moments from the TCP accept to the CONNECT
 * parsed, authenticated, CONNACK flushed, SUBACK queued and the first retained message
 * handed to the socket; and the event loop's delay. Every 2 s one line on stderr sums the
 * stages reached in that window (ms since the accept, p50 / p99 / max, and how many), the
 * inputs' time inside the hub (Aedes hands the publish over → its PUBACK may go: journal,
 * step, views), so the clients' share of a publish → PUBACK can be told apart.
 */

import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Duplex } from "node:stream";

const STAGES = ["parsed", "authed", "connack", "suback", "retained"] as const;
type Stage = (typeof STAGES)[number];
type Stamps = { accept: number } & Partial<Record<Stage, number>>;

export interface ConnectTrace {
  on: boolean;
  accepted(conn: Duplex): void;
  /** The CONNACK is flushed; the client's first retained message is noted from here on. */
  connacked(client: { conn: unknown }): void;
  stage(conn: unknown, stage: Stage): void;
  /** An input's time from authorizePublish to its PUBACK's go-ahead, in ms. */
  input(ms: number): void;
  stop(): void;
}

const off: ConnectTrace = {
  on: false,
  accepted: () => undefined,
  connacked: () => undefined,
  stage: () => undefined,
  input: () => undefined,
  stop: () => undefined,
};

type Deliver = (packet: { retain?: boolean }, cb: unknown) => unknown;

export function connectTrace(): ConnectTrace {
  if (process.env.HUB_CONNECT_TRACE !== "1") return off;
  const stamps = new WeakMap<object, Stamps>();
  let window = new Map<Stage, number[]>(STAGES.map((s) => [s, []]));
  let accepted = 0;
  let inputs: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const start = performance.now();
  const pct = (xs: number[], q: number) =>
    xs.length === 0
      ? Number.NaN
      : (xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] as number);
  /** `name p50/p99/max (n)` of the window's figures, in ms. */
  const summary = (name: string, figures: number[]) => {
    const xs = figures.sort((a, b) => a - b);
    return `${name} ${pct(xs, 0.5).toFixed(0)}/${pct(xs, 0.99).toFixed(0)}/${pct(xs, 1).toFixed(0)} (${xs.length})`;
  };
  const timer = setInterval(() => {
    const rows = STAGES.map((s) => summary(s, window.get(s) ?? []));
    rows.push(summary("input", inputs));
    const lag = `loop p50/p99/max ${(loop.percentile(50) / 1e6).toFixed(0)}/${(loop.percentile(99) / 1e6).toFixed(0)}/${(loop.max / 1e6).toFixed(0)}`;
    process.stderr.write(
      `trace t=${((performance.now() - start) / 1000).toFixed(0)}s accepted ${accepted}; ${rows.join("; ")}; ${lag}\n`,
    );
    window = new Map(STAGES.map((s) => [s, []]));
    accepted = 0;
    inputs = [];
    loop.reset();
  }, 2000);
  timer.unref();
  const trace: ConnectTrace = {
    on: true,
    connacked(client) {
      trace.stage(client.conn, "connack");
      // Aedes 1.2.0 hands each message for the client to deliverQoS (not in its types).
      const c = client as unknown as { deliverQoS: Deliver };
      const deliver = c.deliverQoS;
      c.deliverQoS = function (this: unknown, packet, cb) {
        if (packet.retain) trace.stage(client.conn, "retained");
        return deliver.call(this, packet, cb);
      };
    },
    accepted(conn) {
      accepted++;
      stamps.set(conn, { accept: performance.now() });
    },
    stage(conn, stage) {
      const s = typeof conn === "object" && conn !== null ? stamps.get(conn) : undefined;
      if (!s || s[stage] !== undefined) return;
      s[stage] = performance.now();
      window.get(stage)?.push(s[stage] - s.accept);
    },
    input(ms) {
      inputs.push(ms);
    },
    stop() {
      clearInterval(timer);
      loop.disable();
    },
  };
  return trace;
}
