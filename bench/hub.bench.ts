/**
 * `npm run bench` (not a test): the hub under T tables x S simulated paddles playing bot
 * games, against a bare Aedes relaying the same load from the same clients; and the replay
 * of 10,000 journaled inputs against parsing them. Writes its section of docs/BENCHMARKS.md.
 * Options: --configs 1x10,50x12 (tables x paddles), --max-seconds 600 (per run), --no-write.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { cpuModel, runBare } from "./bare-run.js";
import { runHub } from "./hub-run.js";
import { fmt } from "./latency.js";
import { firstInputs, timeReplay, withSection } from "./replay.js";

const { values } = parseArgs({
  options: {
    configs: { type: "string", default: "1x10,50x12" },
    "max-seconds": { type: "string", default: "600" },
    "no-write": { type: "boolean", default: false },
  },
});
const configs = (values.configs as string)
  .split(",")
  .map((c) => c.split("x").map(Number) as [number, number]);

const rows: string[] = [];
const notes: string[] = [];
let journals: string[] = [];
for (const [tables, seats] of configs) {
  process.stderr.write(`bench: ${tables} x ${seats} through the hub...\n`);
  const hub = await runHub(tables, seats, Number(values["max-seconds"]));
  process.stderr.write(`bench: ${tables} x ${seats} through a bare Aedes...\n`);
  const bare = await runBare(hub.publishes);
  const h = hub.latencies.summary();
  const b = bare.latencies.summary();
  const cpu = hub.cpu.after.cpuSeconds - hub.cpu.before.cpuSeconds;
  const bareCpu = bare.cpu.after.cpuSeconds - bare.cpu.before.cpuSeconds;
  rows.push(
    `| ${tables} x ${seats} | ${h.n} | ${fmt(h.p50)} / ${fmt(h.p99)} / ${fmt(h.max)} | ${b.n} | ${fmt(b.p50)} / ${fmt(b.p99)} / ${fmt(b.max)} | **${(h.p99 / b.p99).toFixed(2)}** | ${(hub.inputs / hub.seconds).toFixed(0)} | ${((100 * cpu) / hub.seconds / tables).toFixed(1)}% (bare ${((100 * bareCpu) / bare.seconds / tables).toFixed(1)}%) | ${(hub.cpu.after.peakMiB / tables).toFixed(1)} (peak ${hub.cpu.after.peakMiB.toFixed(0)}) |`,
  );
  const winners = hub.games.map((g) => g.winner ?? "none");
  const ack = hub.toAck.summary();
  const after = hub.ackToState.summary();
  notes.push(
    `${tables} x ${seats}: publish to PUBACK (decode, step, journal, fsync) p50 / p99 ${fmt(ack.p50)} / ${fmt(ack.p99)} ms, PUBACK to public state p50 / p99 ${fmt(after.p50)} / ${fmt(after.p99)} ms (${ack.n} samples with a PUBACK first); the clients' own process used ${(100 * hub.clientCpu).toFixed(0)}% of a core; ${hub.unmatched} inputs never showed within 30 s (refused, or overtaken); ${hub.games.filter((g) => g.winner).length} of ${hub.games.length} games over in ${hub.seconds.toFixed(1)} s, winners ${[...new Set(winners)].map((w) => `${w} ${winners.filter((x) => x === w).length}`).join(", ")}`,
  );
  for (const table of hub.games.map((g) => g.table)) {
    const dir = join(hub.dataDir, table);
    for (const file of (await readdir(dir)).filter((f) => f.endsWith(".jsonl")).sort()) {
      journals.push(await readFile(join(dir, file), "utf8"));
    }
  }
}
// The journals the hub just wrote, repeated if one run held fewer than 10,000 inputs.
while (journals.join("").split('{"type":"input"').length - 1 < 10_000 && journals.length < 10_000)
  journals = [...journals, ...journals];
const replay = timeReplay(firstInputs(journals, 10_000));

const section = `## Hub under load (\`npm run bench\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${cpuModel()} x${cpus().length}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; \`npm run bench -- --configs ${values.configs}\`.
Each table plays one sport game: the real paddle firmware over mqtt.js (bots on every seat) and the host bot, with the fastest timings the ruleset accepts; the hub journals and fsyncs every input before acknowledging it.
Latency (ms): from a client's publish to the display client holding the public state that shows it, for every paddle input the public state shows (a "thank you" that ends the speech, a nomination; night choices are secret, votes show only when a window closes, and the host's commands are left out because a refused \`next\` would be matched by the step's later move). Bare relay: the same clients publish messages of the same sizes at the same moments through a bare Aedes, to one subscriber per table. CPU is the broker process's share of one core per table; memory is its resident set per table.

| tables x paddles | hub samples | hub p50 / p99 / max | relay samples | relay p50 / p99 / max | p99 hub / relay | inputs/s | hub CPU per table | hub MiB per table |
|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}

${notes.map((n) => `- ${n}`).join("\n")}

Journal replay of ${replay.inputs} inputs the hub journaled (${replay.kib.toFixed(0)} KiB): \`JSON.parse\` alone ${replay.parseMs.toFixed(2)} ms, parse and replay ${replay.replayMs.toFixed(2)} ms, ratio **${(replay.replayMs / replay.parseMs).toFixed(2)}**.
`;
process.stdout.write(`${section}\n`);
if (!values["no-write"]) {
  const path = join(import.meta.dirname, "../docs/BENCHMARKS.md");
  const doc = await readFile(path, "utf8").catch(() => "# Benchmarks\n");
  await writeFile(path, withSection(doc, "hub", section));
}
process.exit(0);
