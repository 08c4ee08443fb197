/**
 * `npx tsx bench/voice-load.ts [--tables 50] [--seats 10] [--seconds 30]`: what the voice
 * inputs of issue 26 cost the hub. The hub runs as its own process (start.ts, as
 * `npm start`); every table's simulated paddles (the real firmware, microphones in a shared
 * room, voice-track.ts) connect, the host bot sets the game up with the `voice` option and
 * starts it, and then two spans of the same length are measured from /proc:
 * - quiet: nobody speaks (the paddles send nothing; the baseline of a started game);
 * - talking: at every table one seat after the other speaks for 4 s in every 5 s, and every
 *   microphone at the table hears it (the others 15 levels lower, so they decide "on" too:
 *   the worst case, each seat sending).
 * Prints the voice messages the paddles sent per second per seat and per table, and the
 * hub's CPU in each span; and, while talking, the detection delay at the first table: from
 * the moment its room starts a speech (the microphones' envelopes rise) to the candidate in
 * that table's `host/view` (the game waits at its first night: every speech is talking at
 * night), watched by a second host connection of that one table.
 */
import { parseArgs } from "node:util";
import { connectAsync } from "mqtt";
import type { SimTable } from "../firmware-sim/sim/table-sim.js";
import { startSim } from "../firmware-sim/sim/table-sim.js";
import { VoiceRoom } from "../firmware-sim/sim/voice-track.js";
import { hostUsername, hostViewTopic } from "../protocol/topics.js";
import { startHubProcess, stopProcess } from "./hub-process.js";
import { sampleProc } from "./proc-stats.js";

const { values } = parseArgs({
  options: {
    tables: { type: "string", default: "50" },
    seats: { type: "string", default: "10" },
    seconds: { type: "string", default: "30" },
  },
});
const tables = Number(values.tables);
const seats = Number(values.seats);
const seconds = Number(values.seconds);
const say = (line: string) => process.stderr.write(`voice-load: ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const names = Array.from({ length: tables }, (_, i) => `v${i + 1}`);
const hub = await startHubProcess(names);
const pid = hub.child.pid as number;
const rooms = names.map(() => new VoiceRoom(10, 15, 3));
const sims: SimTable[] = [];
for (let i = 0; i < tables; i++) {
  sims.push(
    await startSim({
      mqttUrl: hub.mqttUrl,
      secrets: hub.secrets,
      table: names[i] as string,
      paddles: seats,
      bots: false,
      hostBot: true,
      hostOptions: { voice: true },
      voice: rooms[i],
      log: () => undefined,
    }),
  );
}
say(`${tables} tables x ${seats} paddles connecting`);
const deadline = Date.now() + 300_000;
while (sims.some((s) => (s.state()?.phase ?? "setup") === "setup")) {
  if (Date.now() > deadline) throw new Error("not every game started within 300 s");
  await sleep(500);
}
say("every game started");
await sleep(3000);

/** The first table's speeches (seat, start in ms of Date.now) and when each candidate was first seen. */
const watched = names[0] as string;
const speechStarts: { seat: number; at: number }[] = [];
const candidateSeen = new Map<number, { seat: number; kind: string; from: number; at: number }>();
const watcher = await connectAsync(hub.mqttUrl, {
  username: hostUsername(watched),
  password: hub.secrets[hostUsername(watched)],
  clientId: "voice-load-watch",
  reconnectPeriod: 0,
});
watcher.on("message", (_topic, payload) => {
  const view = JSON.parse(payload.toString()) as {
    voice?: { candidates?: { id: number; seat: number; kind: string; from: number }[] };
  };
  for (const c of view.voice?.candidates ?? []) {
    if (!candidateSeen.has(c.id))
      candidateSeen.set(c.id, { seat: c.seat, kind: c.kind, from: c.from, at: Date.now() });
  }
});
await watcher.subscribeAsync(hostViewTopic(watched), { qos: 0 });

const sent = () =>
  sims.flatMap((s) => s.paddles).reduce((n, p) => n + (p.paddle.voice?.sent ?? 0), 0);

async function span(talk: boolean) {
  const timers: NodeJS.Timeout[] = [];
  if (talk)
    rooms.forEach((room, t) => {
      // Tables out of step with each other, as a venue's are.
      const offset = Math.floor((t * 5000) / tables);
      for (let k = 0; k * 5000 < seconds * 1000; k++)
        timers.push(
          setTimeout(
            () => {
              room.say((k % seats) + 1, 4000, 65);
              if (t === 0) speechStarts.push({ seat: (k % seats) + 1, at: Date.now() });
            },
            offset + k * 5000,
          ),
        );
    });
  const s0 = sent();
  const p0 = sampleProc(pid);
  const t0 = Date.now();
  await sleep(seconds * 1000);
  const p1 = sampleProc(pid);
  const wall = (Date.now() - t0) / 1000;
  const messages = sent() - s0;
  for (const t of timers) clearTimeout(t);
  return { wall, messages, cpu: p1.cpuSeconds - p0.cpuSeconds, rss: p1.rssMiB };
}

const quiet = await span(false);
const talking = await span(true);
await sleep(2000); // the closing offs
const perSeat = talking.messages / talking.wall / (tables * seats);
say(
  `quiet: ${quiet.messages} voice messages, hub CPU ${quiet.cpu.toFixed(2)} s in ${quiet.wall.toFixed(1)} s (${((100 * quiet.cpu) / quiet.wall).toFixed(1)}% of a core)`,
);
say(
  `talking: ${talking.messages} voice messages (${(talking.messages / talking.wall).toFixed(0)}/s at the hub, ${(talking.messages / talking.wall / tables).toFixed(1)}/s per table, ${perSeat.toFixed(2)}/s per seat), hub CPU ${talking.cpu.toFixed(2)} s in ${talking.wall.toFixed(1)} s (${((100 * talking.cpu) / talking.wall).toFixed(1)}% of a core), ${(((talking.cpu - quiet.cpu) * 1e6) / Math.max(1, talking.messages)).toFixed(0)} µs of hub CPU per voice message more than quiet; RSS ${talking.rss.toFixed(0)} MiB`,
);
// A speech's delay: to the first candidate of its seat seen after it started, counted from
// the speech's start or, when the talk became out of turn only later (the game moves on:
// its steps' timers run), from the candidate's first window (hub time, the same clock).
// A speech wholly in the seat's own turn raises none.
const delays = speechStarts
  .flatMap(({ seat, at }) => {
    const seen = [...candidateSeen.values()].filter((c) => c.seat === seat && c.at >= at);
    const first = seen.sort((a, b) => a.at - b.at)[0];
    // The first window is dated by the hub's receipt, so it trails the speech's start by the
    // paddle's send: taken only when it is over a second later (the turn changed since).
    return first ? [first.at - (first.from - at > 1000 ? first.from : at)] : [];
  })
  .sort((a, b) => a - b);
say(
  `delay at ${watched}: ${speechStarts.length} speeches, ${delays.length} with a candidate (kinds: ${[...candidateSeen.values()].map((c) => c.kind).join(" ")}); from the speech's start to its candidate in host/view: median ${delays[Math.floor(delays.length / 2)] ?? "-"} ms, min ${delays[0] ?? "-"} ms, max ${delays.at(-1) ?? "-"} ms`,
);
await watcher.endAsync();
await Promise.all(sims.map((s) => s.stop()));
await stopProcess(hub.child);
process.exit(0);
