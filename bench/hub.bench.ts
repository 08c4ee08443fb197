import { readdir, readFile } from "node:fs/promises";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type ConnectMode, type ConnectRunResult, runConnect } from "./connect-run.js";
import { type HubRunResult, runHub } from "./hub-run.js";
import { fmt, type Latencies } from "./latency.js";
import { mosquittoPath } from "./mosquitto.js";
import { cpuModel, type RelayKind, type RelayRunResult, runRelay } from "./relay-run.js";
import { firstInputs, timeReplay, writeBenchSection } from "./replay.js";
import { measureStartup, type StartupFigures } from "./startup.js";

const { values } = parseArgs({
  options: {
    configs: { type: "string", default: "1x10,50x12" },
    "max-seconds": { type: "string", default: "600" },
    relays: { type: "string", default: "aedes,aedes-fsync,mosquitto" },
    connect: { type: "string", default: "storm,staggered" },
    startup: { type: "string", default: "50x10000" },
    profile: { type: "string" },
    "no-write": { type: "boolean", default: false },
    cluster: { type: "boolean", default: false },
    workers: { type: "string", default: "0" },
    "accept-copies": { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(`npm run bench -- [options]   (docs/BENCHMARKS.md reads its figures)
  --configs 1x10,50x12      tables x paddles per configuration
  --max-seconds 600         cap on each hub run (games not over by then are cut)
  --relays aedes,aedes-fsync,mosquitto   relays that replay the hub's traffic ("" for none)
  --connect storm,staggered connect-only runs ("" for none)
  --startup 50x10000        start-up with tables x journaled inputs ("" for none)
  --profile DIR             CPU profiles of the hub runs into DIR
  --no-write                print the figures, leave docs/BENCHMARKS.md alone
  --cluster                 hubs on Redis instead (default configs 50x12,200x12)
  --workers 0               the hub's --workers: its tables in N worker threads (0: none)
  --accept-copies N         the hub's --accept-copies (default: the hub's own default)
Connect tracing: HUB_CONNECT_TRACE=1 (the hub), BENCH_CONNECT_TRACE=1 (the clients).`);
  process.exit(0);
}
if (values.cluster) {
  const given = process.argv.some((a) => a.startsWith("--configs"));
  const { clusterBench } = await import("./cluster-bench.js");
  await clusterBench({
    configs: (given ? (values.configs as string) : "50x12,200x12")
      .split(",")
      .map((c) => c.split("x").map(Number) as [number, number]),
    maxSeconds: Number(values["max-seconds"]),
    write: !values["no-write"],
  });
  process.exit(0);
}
const pairs = (v: string) =>
  v
    .split(",")
    .filter((c) => c.length > 0)
    .map((c) => c.split("x").map(Number) as [number, number]);
const configs = pairs(values.configs as string);
const workers = Number(values.workers);
if (!Number.isInteger(workers) || workers < 0) throw new Error("--workers is 0 or more");
/** The hub's own flags for every hub run and the start-up: its worker threads, if any. */
const hubArgs = [
  ...(workers > 0 ? ["--workers", String(workers)] : []),
  ...(values["accept-copies"] !== undefined ? ["--accept-copies", values["accept-copies"]] : []),
];
const list = (v: string) => v.split(",").filter((x) => x.length > 0);
const mosquitto = mosquittoPath();
const relayKinds = (list(values.relays as string) as RelayKind[]).filter(
  (k) => k !== "mosquitto" || mosquitto !== null,
);
const say = (line: string) => process.stderr.write(`bench: ${line}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

interface Run {
  tables: number;
  seats: number;
  hub: HubRunResult;
  relays: RelayRunResult[];
  connects: ConnectRunResult[];
}
const runs: Run[] = [];
const loads: string[] = [];
for (const [tables, seats] of configs) {
  const name = `${tables} x ${seats}`;
  say(`${name} through the hub (load ${load()})...`);
  // One directory per configuration: the hub's main thread and tsx's loader thread each write a profile.
  const nodeArgs = values.profile
    ? ["--cpu-prof", "--cpu-prof-dir", join(values.profile, `hub-${tables}x${seats}`)]
    : [];
  const hub = await runHub(
    tables,
    seats,
    Number(values["max-seconds"]),
    nodeArgs,
    undefined,
    hubArgs,
  );
  const relays: RelayRunResult[] = [];
  for (const kind of relayKinds) {
    say(`${name} through the ${kind} relay (load ${load()})...`);
    relays.push(await runRelay(kind, hub.traffic, mosquitto));
  }
  const connects: ConnectRunResult[] = [];
  for (const mode of list(values.connect as string) as ConnectMode[]) {
    say(`${name}: paddles connecting, ${mode} (load ${load()})...`);
    const profile = values.profile
      ? ["--cpu-prof", "--cpu-prof-dir", join(values.profile, `connect-${mode}-${tables}x${seats}`)]
      : [];
    connects.push(await runConnect(tables, seats, mode, 120, profile));
  }
  loads.push(`${name}: ${load()}`);
  runs.push({ tables, seats, hub, relays, connects });
}
let startup: StartupFigures | null = null;
const [startTables, startInputs] = pairs(values.startup as string)[0] ?? [];
if (startTables && startInputs) {
  say(`start-up with ${startTables} tables and ${startInputs} journaled inputs...`);
  const profile = values.profile
    ? [
        "--cpu-prof",
        "--cpu-prof-dir",
        join(values.profile, `startup-${startTables}x${startInputs}`),
      ]
    : [];
  startup = await measureStartup(startTables, startInputs, profile, hubArgs);
}

// The journals the hub just wrote, repeated if the runs held fewer than 10,000 inputs.
let journals: string[] = [];
for (const run of runs) {
  for (const table of run.hub.games.map((g) => g.table)) {
    const dir = join(run.hub.dataDir, table);
    for (const file of (await readdir(dir)).filter((f) => f.endsWith(".jsonl")).sort())
      journals.push(await readFile(join(dir, file), "utf8"));
  }
}
while (
  journals.length > 0 && // no configuration run (start-up only): nothing to replay
  journals.join("").split('{"type":"input"').length - 1 < 10_000 &&
  journals.length < 10_000
)
  journals = [...journals, ...journals];
const replay = timeReplay(firstInputs(journals, 10_000));

const lat = (l: Latencies) => {
  const s = l.summary();
  return `${fmt(s.p50)} / ${fmt(s.p99)} (${s.n})`;
};
const cpuOf = (c: { before: { cpuSeconds: number }; after: { cpuSeconds: number } }) =>
  c.after.cpuSeconds - c.before.cpuSeconds;
const us = (seconds: number, n: number) => (n > 0 ? ((seconds * 1e6) / n).toFixed(0) : "n/a");
const relayOf = (run: Run, kind: RelayKind) => run.relays.find((r) => r.kind === kind);
const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? (a / b).toFixed(2) : "n/a");

const latencyRows = runs.map((run) => {
  const cells = relayKinds.map((k) => {
    const r = relayOf(run, k);
    return r ? `${lat(r.latencies)}; night ${lat(r.night)}` : "n/a";
  });
  const fsync = relayOf(run, "aedes-fsync") ?? relayOf(run, "aedes");
  const hubP99 = run.hub.latencies.summary().p99;
  const vs = fsync ? ratio(hubP99, fsync.latencies.summary().p99) : "n/a";
  return `| ${run.tables} x ${run.seats} | ${lat(run.hub.latencies)}; night ${lat(run.hub.night)} | ${cells.join(" | ")} | **${vs}** |`;
});
const pct = (share: number) => `${(100 * share).toFixed(0)}%`;
/** The relay runs' clients are lighter (no firmware, no bots): their share, for comparison. */
const relayClients = (run: Run) => {
  const shares = relayKinds.map((k) => relayOf(run, k)).filter((r) => r !== undefined);
  return shares.length > 0 ? `; ${shares.map((r) => pct(r.clientCpu)).join(", ")}` : "";
};
const cpuRows = runs.map((run) => {
  const h = run.hub;
  const hubCpu = cpuOf(h.cpu);
  const perMsg = relayKinds.map((k) => {
    const r = relayOf(run, k);
    if (!r) return "n/a";
    const c = cpuOf(r.cpu);
    return `${us(c, h.inputs)} / ${us(c, r.deliveries)}`;
  });
  const bare = relayOf(run, "aedes");
  const vs = bare ? ratio(hubCpu / h.inputs, cpuOf(bare.cpu) / bare.deliveries) : "n/a";
  // The same work: each input relayed with the hub's fan-out, fsynced like the hub's journal.
  const same = relayOf(run, "aedes-fsync") ?? bare;
  const vsSame = same ? ratio(hubCpu, cpuOf(same.cpu)) : "n/a";
  return `| ${run.tables} x ${run.seats} | ${h.inputs} | ${h.traffic.deliveries} (${bare?.deliveries ?? "n/a"}) | ${us(hubCpu, h.inputs)} / ${us(hubCpu, h.traffic.deliveries)} | ${perMsg.join(" | ")} | **${vs}** | **${vsSame}** | ${((100 * hubCpu) / h.seconds).toFixed(0)}% | ${pct(h.clientCpu)}${relayClients(run)} |`;
});
const connectRows = runs.flatMap((run) => {
  const storm = {
    mode: "storm, playing" as const,
    paddles: run.hub.connect.paddles,
    allUpMs: run.hub.connect.allUpMs,
    reconnects: run.hub.connect.reconnects,
    cpu: "",
  };
  const rest = run.connects.map((c) => ({ ...c, cpu: `${c.cpuSeconds.toFixed(1)} s` }));
  return [storm, ...rest].map(
    (c) =>
      `| ${run.tables} x ${run.seats} | ${c.mode} | ${c.paddles} | ${c.allUpMs === null ? "not all" : (c.allUpMs / 1000).toFixed(1)} | ${c.reconnects} | ${c.cpu || "-"} |`,
  );
});
const memoryRows = runs.map((run, i) => {
  const a = run.hub.cpu.after;
  // What one more table costs: the growth from the previous configuration, so that Node's
  // own resident set (about 100 MiB before any table) is not spread over the tables.
  const prev = runs[i - 1];
  const more =
    prev && run.tables > prev.tables
      ? ((a.peakMiB - prev.hub.cpu.after.peakMiB) / (run.tables - prev.tables)).toFixed(2)
      : "-";
  return `| ${run.tables} x ${run.seats} | ${a.peakMiB.toFixed(0)} | ${(a.peakMiB / run.tables).toFixed(2)} | ${more} |`;
});
const first = runs.find((r) => r.tables === 10 && r.seats === 12);
const last = runs.find((r) => r.tables === 200 && r.seats === 12);
const growth =
  first && last
    ? `Growth: day p99 at 200 x 12 / at 10 x 12 = **${ratio(last.hub.latencies.summary().p99, first.hub.latencies.summary().p99)}**.`
    : "";
const notes = runs.map((run) => {
  const h = run.hub;
  const winners = h.games.map((g) => g.winner ?? "none");
  const ack = h.toAck.summary();
  const after = h.ackToState.summary();
  return `- ${run.tables} x ${run.seats}: publish → PUBACK p50 / p99 ${fmt(ack.p50)} / ${fmt(ack.p99)} ms, PUBACK → public state ${fmt(after.p50)} / ${fmt(after.p99)} ms; ${h.unmatched} inputs never showed within 30 s; ${h.games.filter((g) => g.winner).length} of ${h.games.length} games over in ${h.seconds.toFixed(1)} s (winners ${[...new Set(winners)].map((w) => `${w} ${winners.filter((x) => x === w).length}`).join(", ")}); ${h.traffic.outputs.length} distinct hub messages.`;
});

const section = `## Hub under load (\`npm run bench\`)

Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpuModel()} x${cpus().length}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; \`npm run bench -- --configs ${values.configs}${hubArgs.length > 0 ? ` ${hubArgs.join(" ")}` : ""}\`. Load average (1, 5, 15 min) after each configuration: ${loads.join("; ")}.
Each table plays one sport game: the real paddle firmware over mqtt.js (bots on every seat) and the host bot, with the fastest timings the ruleset accepts, all clients connecting at once. Relays carry the hub run's recorded traffic: the same clients publish inputs of the same sizes at the same moments, and for each input the relay sends the messages the hub sent after it (same topics, sizes, QoS, retained flags) to the same subscribers. \`aedes\`: a bare Aedes answering inside the broker, as the hub does; \`aedes-fsync\`: the same, each input appended to a per-table file and fsynced first, one after the other; \`mosquitto\`: ${mosquitto ? `Mosquitto (${mosquitto}), the answers sent by a fan-out client in the bench's process (one hop more; its CPU is the clients')` : "not installed, skipped"}.

Latency (ms, p50 / p99 (samples)): day inputs from a paddle's publish to the display holding the public state that shows it (a "thank you" that ends a speech, a nomination); night choices from the publish to the host holding the host view that shows the seat answered.

| tables x paddles | hub | ${relayKinds.join(" | ")} | day p99 hub / ${relayKinds.includes("aedes-fsync") ? "aedes-fsync" : "aedes"} |
|---|---|${relayKinds.map(() => "---|").join("")}---|
${latencyRows.join("\n")}

CPU (µs of the broker process per input / per delivered message; a delivered message is one message to one subscriber):

| tables x paddles | inputs | messages delivered (relay) | hub | ${relayKinds.join(" | ")} | hub per input / aedes per message | hub / ${relayKinds.includes("aedes-fsync") ? "aedes-fsync" : "aedes"}, same inputs | hub CPU | clients' CPU: hub run; ${relayKinds.join(", ")} runs |
|---|---|---|---|${relayKinds.map(() => "---|").join("")}---|---|---|---|
${cpuRows.join("\n")}

${growth}

Connecting (seconds until every paddle is up at once, connects beyond one per paddle, hub CPU while connecting):

| tables x paddles | how | paddles | all up after (s) | reconnects | hub CPU |
|---|---|---|---|---|---|
${connectRows.join("\n")}

Memory (hub resident set, peak over the run):

| tables x paddles | peak MiB | MiB per table | MiB per table more than the row above |
|---|---|---|---|
${memoryRows.join("\n")}

${startup ? `Start-up: ${startup.tables} tables with ${startup.inputs} journaled inputs, spawn to the ready line **${startup.readyMs.toFixed(0)} ms** (Node's own start-up and loading the bundled hub included), resident ${startup.rssMiB.toFixed(0)} MiB then.` : ""}

${notes.join("\n")}

Journal replay of ${replay.inputs} inputs the hub journaled (${replay.kib.toFixed(0)} KiB): \`JSON.parse\` alone ${replay.parseMs.toFixed(2)} ms, parse and replay ${replay.replayMs.toFixed(2)} ms, ratio **${(replay.replayMs / replay.parseMs).toFixed(2)}**.
`;
process.stdout.write(`${section}\n`);
if (!values["no-write"]) await writeBenchSection("hub", section);
process.exit(0);
