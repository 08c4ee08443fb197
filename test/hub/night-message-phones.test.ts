/**
 * FORUM-QUIET-02 with real phones over the real broker: the firmware's own scheduler
 * (firmware-sim/firmware/night-message.ts, driven by the paddle a phone and a bot run;
 * SimPaddle here) with the phone's text normalization.
 * The holder of the boss's office writes his death message at nightfall, a mafioso and a
 * citizen write nothing; in the night each of the three seats sends exactly one `message`,
 * and the inputs, signals and text views that cross the broker for each seat are the same
 * in number and size whatever its role.
 */
import type { AedesPublishPacket, Client } from "aedes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NightMessage } from "../../firmware-sim/firmware/night-message.js";
import { SimPaddle } from "../../firmware-sim/sim/sim-paddle.js";
import { type SeatText, seatTextSchema } from "../../protocol/text.js";
import { seatUsername } from "../../protocol/topics.js";
import type { PublicState } from "../../protocol/views.js";
import { normalizedText } from "../../web-display/src/seat/wire-text.js";
import { type Connected, HostConsole, useTestHub } from "../helpers/hub.js";

const T = "t1";
const N = 13;
const TEXT = "Found in the river at dawn.";
/** Short enough for a test: the night lasts 8 s, every phone sends 3 s before its end. */
const NIGHT_SECONDS = 8;
const LEAD_MS = 3000;

const fx = useTestHub();
const wire: {
  topic: string;
  bytes: number;
  from: string | null;
  kind: string | null;
  phase?: string;
}[] = [];
const phones = new Map<number, { sim: SimPaddle; night: NightMessage }>();
let host: HostConsole;
let display: Connected;
let roles: Map<string, number>;

const mine = (sim: SimPaddle): SeatText | null => {
  const parsed = seatTextSchema.safeParse(sim.paddle.seatText);
  return parsed.success ? parsed.data : null;
};
const inputKind = (payload: Buffer | string): string | null => {
  try {
    return (JSON.parse(payload.toString()) as { kind?: string }).kind ?? null;
  } catch {
    return null;
  }
};

const phaseOf = (payload: Buffer | string): string | undefined => {
  try {
    return (JSON.parse(payload.toString()) as { phase?: string }).phase;
  } catch {
    return undefined;
  }
};

beforeAll(async () => {
  const hub = fx.hub;
  hub.broker.aedes.on("publish", (packet: AedesPublishPacket, client: Client | null) => {
    wire.push({
      topic: packet.topic,
      bytes: packet.payload.length,
      from: client?.id ?? null,
      kind: client ? inputKind(packet.payload) : null,
      phase:
        packet.topic.endsWith("/public/state") && !client ? phaseOf(packet.payload) : undefined,
    });
  });
  const hostConn = await fx.connect(`host/${T}`);
  await hostConn.client.subscribeAsync(`mafia/v1/${T}/host/#`, { qos: 1 });
  host = new HostConsole(hostConn, T);
  display = await fx.connect(`display/${T}`);
  await display.client.subscribeAsync(`mafia/v1/${T}/public/state`, { qos: 1 });
  const seats = Array.from({ length: N }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
  const options = { firstPhase: "night", nightSeconds: NIGHT_SECONDS };
  expect((await host.command("setup", { ruleset: "forum", seats, options })).ok).toBe(true);
  expect((await host.command("start")).ok).toBe(true);
  const view = await hostConn.inbox.next<{ seats: { seat: number; role: string | null }[] }>(
    `mafia/v1/${T}/host/view`,
    (v) => v.seats.every((s) => s.role !== null),
    { past: true, timeout: 8000 },
  );
  roles = new Map(view.seats.map((s) => [s.role as string, s.seat]));
  for (const role of ["boss", "spy", "citizen"]) {
    const seat = roles.get(role) as number;
    const sim = new SimPaddle({
      mqttUrl: `mqtt://127.0.0.1:${hub.mqttPort}`,
      table: T,
      seat,
      password: hub.secrets.password(seatUsername(T, seat)) as string,
      messageLeadMs: LEAD_MS,
    });
    const night = sim.paddle.nightMessage as NightMessage;
    phones.set(seat, { sim, night });
    sim.start();
    await sim.waitFor(() => mine(sim) !== null, 10_000, `seat ${seat} online`);
    await sim.waitFor(() => sim.paddle.outbox.pending === 0, 10_000, "an idle outbox");
  }
}, 40_000);

afterAll(() => {
  for (const { sim } of phones.values()) sim.stop();
});

describe("the phone's death message and decoys (FORUM-QUIET-02)", () => {
  it("FORUM-QUIET-02, FORUM-QUIET-03: each living seat's phone sends one message a night; inputs, signals and text views per seat are equal in count and size across roles", {
    timeout: 60_000,
  }, async () => {
    const boss = roles.get("boss") as number;
    // The holder writes before nightfall (FORUM-OPEN-01 (a)): his phone keeps it for the
    // night's common moment.
    const holder = phones.get(boss)?.sim as SimPaddle;
    expect(holder.paddle.writeMessage(normalizedText({ text: TEXT }).text as string)).toBe("held");
    expect((await host.command("next")).ok).toBe(true); // the status step ends: Night 1
    for (const [seat, { sim, night }] of phones) {
      await sim.waitFor(() => night.sent, 20_000, `seat ${seat}'s message`);
      await sim.waitFor(() => mine(sim)?.message !== null, 10_000, `seat ${seat}'s echo`);
      await sim.waitFor(() => sim.paddle.outbox.pending === 0, 10_000, "the PUBACK");
    }
    expect(mine(phones.get(boss)?.sim as SimPaddle)?.message).toBe(TEXT);
    for (const [seat, { sim }] of phones)
      if (seat !== boss) expect(mine(sim)?.message, `seat ${seat}`).toBe("");
    await display.inbox.next<PublicState>(
      `mafia/v1/${T}/public/state`,
      (s) => s.phase === "day" && s.step === "day",
      { past: true, timeout: 20_000 },
    );
    // The day's text views (the night's message spent) arrive after the state: wait for them.
    for (const [seat, { sim }] of phones)
      await sim.waitFor(() => mine(sim)?.message === null, 10_000, `seat ${seat}'s day`);
    // From nightfall on: at night one seat's text view changing sends every seat's again
    // (FORUM-QUIET-03), so counting from the first message is no longer needed.
    const night = wire.slice(wire.findIndex((m) => m.phase === "night"));
    const traffic = (seat: number) => {
      const mineTopic = new RegExp(`^mafia/v1/${T}/seat/${seat}/(signal|text)$`);
      const sender = new RegExp(`^paddle-${T}-${seat}-`);
      return night
        .filter((m) => (m.from ? sender.test(m.from) : mineTopic.test(m.topic)))
        .map((m) => `${m.from ? `input(${m.kind})` : m.topic.split("/").at(-1)}:${m.bytes}`)
        .sort();
    };
    const seen = [...phones.keys()].map(traffic);
    const messages = (t: string[]) => t.filter((m) => m.startsWith("input(message)")).length;
    for (const t of seen) expect(messages(t)).toBe(1);
    for (const t of seen.slice(1)) expect(t).toEqual(seen[0]);
  });
});
