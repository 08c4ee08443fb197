/**
 * The clients' side of a connect storm (issue 29), on only with BENCH_CONNECT_TRACE=1: why
 * each paddle gave up an attempt (which watchdog: "no broker" = no CONNACK in time, "login
 * refused?" = CONNACK but no view in time), how long the attempts that made it took to the
 * CONNACK and to the first view, and the bench process's own event-loop delay (its
 * watchdog timers run late, and a timer phase runs before the socket reads that wait).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Link } from "../firmware-sim/firmware/link.js";
import { NodeMqtt } from "../firmware-sim/sim/node-mqtt.js";
import { Latencies } from "./latency.js";

type Patched = Record<string, (...args: unknown[]) => unknown>;

export function traceClients(): { stop(): void } {
  if (process.env.BENCH_CONNECT_TRACE !== "1") return { stop: () => undefined };
  const proto = Link.prototype as unknown as Patched;
  const original = {
    connect: proto.connect,
    onConnected: proto.onConnected,
    onPublish: proto.onPublish,
    fail: proto.fail,
  } as Record<string, (...args: unknown[]) => unknown>;
  const startedAt = new WeakMap<object, number>();
  const connackAt = new WeakMap<object, number>();
  const toConnack = new Latencies();
  const toTcp = new Latencies();
  const mqttProto = NodeMqtt.prototype as unknown as Patched;
  const mqttConnect = mqttProto.connect;
  mqttProto.connect = function (this: object, ...a: unknown[]) {
    const at = performance.now();
    const out = mqttConnect?.apply(this, a);
    const stream = (this as unknown as { client?: { stream?: NodeJS.EventEmitter } }).client
      ?.stream;
    stream?.once("connect", () => toTcp.add(performance.now() - at));
    return out;
  };
  const toView = new Latencies();
  const reasons = new Map<string, number>();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const t0 = performance.now();
  let window = new Map<string, number>();
  proto.connect = function (this: object, ...a: unknown[]) {
    startedAt.set(this, performance.now());
    return original.connect?.apply(this, a);
  };
  proto.onConnected = function (this: object, ...a: unknown[]) {
    const at = performance.now();
    if ((this as { state: string }).state === "connecting") {
      connackAt.set(this, at);
      toConnack.add(at - (startedAt.get(this) ?? at));
    }
    return original.onConnected?.apply(this, a);
  };
  proto.onPublish = function (this: object, ...a: unknown[]) {
    const was = (this as { state: string }).state;
    const out = original.onPublish?.apply(this, a);
    if (was === "login" && (this as { state: string }).state === "up") {
      const at = performance.now();
      toView.add(at - (connackAt.get(this) ?? at));
    }
    return out;
  };
  proto.fail = function (this: object, reason: unknown, ...a: unknown[]) {
    const key = `${String(reason)} (${(this as { state: string }).state})`;
    reasons.set(key, (reasons.get(key) ?? 0) + 1);
    window.set(key, (window.get(key) ?? 0) + 1);
    return original.fail?.apply(this, [reason, ...a]);
  };
  const line = () => {
    const ms = (ns: number) => (ns / 1e6).toFixed(0);
    const three = (l: Latencies) => {
      const s = l.summary();
      return `p50/p99/max ${s.p50.toFixed(0)}/${s.p99.toFixed(0)}/${s.max.toFixed(0)} (${s.n})`;
    };
    return `clients t=${((performance.now() - t0) / 1000).toFixed(0)}s TCP up ${three(toTcp)}; loop p50/p99/max ${ms(loop.percentile(50))}/${ms(loop.percentile(99))}/${ms(loop.max)}; gave up ${JSON.stringify(Object.fromEntries(window))}; so far: connect->CONNACK ${three(toConnack)}, CONNACK->view ${three(toView)}`;
  };
  const timer = setInterval(() => {
    process.stderr.write(`${line()}\n`);
    window = new Map();
    loop.reset();
  }, 2000);
  return {
    stop() {
      clearInterval(timer);
      loop.disable();
      Object.assign(proto, original);
      mqttProto.connect = mqttConnect as (...args: unknown[]) => unknown;
      process.stderr.write(
        `clients total gave up ${JSON.stringify(Object.fromEntries(reasons))}\n`,
      );
    },
  };
}
