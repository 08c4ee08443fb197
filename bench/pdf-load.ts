/**
 * The record's PDF next to a running table (issue 28): one paddle publishes an input at
 * QoS 1 every 20 ms and times each PUBACK; after a quiet phase, 8 requests for the record's
 * PDF go out at once. Prints the PUBACK p50/p95 of both phases and how long the 8 took.
 * Run: `npx tsx bench/pdf-load.ts` (the hub in this process, as in `npm start`).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import mqtt from "mqtt";
import { createLogger } from "../hub/process/logger.js";
import { startHub } from "../hub/server.js";

const dir = await mkdtemp(join(tmpdir(), "pdf-load-"));
const hub = await startHub({
  dataDir: dir,
  mqttPort: 0,
  httpPort: 0,
  host: "127.0.0.1",
  logger: createLogger("error"),
});
const user = "seat/t1/1";
const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${hub.mqttPort}`, {
  username: user,
  password: hub.secrets.password(user),
  clientId: "pdf-load-1",
  reconnectPeriod: 0,
});
// An object, so that the loop reads the phase set later (not a narrowed local).
const run = { phase: "quiet" as "quiet" | "pdf" | "done" };
const samples: Record<"quiet" | "pdf", number[]> = { quiet: [], pdf: [] };
let seq = 0;
const pump = (async () => {
  while (run.phase !== "done") {
    const at = performance.now();
    const p = run.phase;
    seq += 1;
    await client.publishAsync(
      "mafia/v1/t1/seat/1/input",
      JSON.stringify({ boot: "0badf00d", seq, kind: "pass" }),
      { qos: 1 },
    );
    samples[p].push(performance.now() - at);
    await new Promise((r) => setTimeout(r, 20));
  }
})();
await new Promise((r) => setTimeout(r, 5000));
run.phase = "pdf";
const host = hub.secrets.password("host/t1") as string;
const started = performance.now();
const answers = await Promise.all(
  Array.from({ length: 8 }, () =>
    fetch(`http://127.0.0.1:${hub.httpPort}/record/t1/latest?format=pdf`, {
      headers: { authorization: `Bearer ${host}` },
    }).then(async (r) => ({ status: r.status, bytes: (await r.arrayBuffer()).byteLength })),
  ),
);
const took = performance.now() - started;
run.phase = "done";
await pump;
await client.endAsync();
await hub.stop();
await rm(dir, { recursive: true, force: true });

const q = (xs: number[], f: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.min(s.length - 1, Math.floor(f * s.length))] ?? Number.NaN).toFixed(1);
};
for (const p of ["quiet", "pdf"] as const)
  console.log(
    `${p}: n=${samples[p].length} PUBACK p50=${q(samples[p], 0.5)} ms p95=${q(samples[p], 0.95)} ms max=${q(samples[p], 1)} ms`,
  );
console.log(
  `8 PDFs at once: ${(took / 1000).toFixed(1)} s, statuses ${answers.map((a) => a.status).join(",")}`,
);
