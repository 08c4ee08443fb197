/**
 * 10,000 fast-check payloads over real MQTT on every inbound topic of a started game: a
 * paddle's input topic, the host's command topic, and topics (protocol ones and made-up
 * ones) that an identity may not publish to. The expected answer of each comes from the
 * protocol's own decoder and, for payloads that decode, from the pure engine: a signal
 * or a host reply with that code, or a logged refusal. Payloads the engine would accept
 * are not sent, so that the game must end exactly as it began. Rate limits are lifted:
 * the flood test owns them.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostAction, step } from "../../hub/engine/index.js";
import { toAction } from "../../hub/table/actions.js";
import {
  decode,
  decodeSeatInput,
  type HostCommand,
  salvageCommandId,
} from "../../protocol/index.js";
import { EXPECTED, TOPICS } from "../helpers/acl-matrix.js";
import { noDelay } from "../helpers/bot-wire.js";
import type { Connected } from "../helpers/hub.js";
import { COMMAND, INPUT, REPLY, SEAT, SIGNAL, StartedTable } from "./fixture.js";
import {
  hostLike,
  hostWellFormed,
  MAX_FUZZ_BYTES,
  madeUpTopic,
  payloads,
  seatLike,
  seatWellFormed,
} from "./fuzz-arbitraries.js";

const RUNS = { seat: 4000, host: 3000, refused: 3000 };
const OPEN = { ratePerSecond: 1_000_000, burst: 1_000_000 };

let t: StartedTable;

beforeAll(async () => {
  t = await StartedTable.open({ seat: OPEN, host: OPEN, display: OPEN });
});

afterAll(async () => {
  await t?.close();
});

/** What the hub must answer a paddle's payload with; null if the engine would take it. */
function expectedSignal(payload: Buffer): string | null {
  const d = decodeSeatInput(payload);
  if (!d.ok) return d.code;
  const action = toAction(d.message);
  const r = step(t.game, { type: "seat", at: Date.now(), seat: SEAT, action });
  return r.ok ? null : r.rejection.code;
}

/** What the hub must reply to a host payload with; null if it would be applied. */
function expectedReply(payload: Buffer): { id: string; code: string } | null {
  const d = decode(COMMAND, payload);
  if (!d.ok) return { id: salvageCommandId(payload) ?? "", code: d.code };
  const { id, ...action } = d.message as HostCommand;
  // `setup` makes a new game unless one is running.
  if (action.cmd === "setup") return t.game.phase === "night" ? { id, code: "game_started" } : null;
  const r = step(t.game, { type: "host", at: Date.now(), action: action as HostAction });
  return r.ok ? null : { id, code: r.rejection.code };
}

/** Publishes at QoS 1; a PUBACK that never comes fails the run instead of hanging it. */
function publish(c: Connected, topic: string, payload: Buffer): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no PUBACK on ${topic}`)), 5000);
  });
  return Promise.race([c.client.publishAsync(topic, payload, { qos: 1 }), guard]).finally(() =>
    clearTimeout(timer),
  );
}

const RUN_OPTS = { seed: 0x0f022, endOnFailure: true } as const;

async function fuzzSeatInput(): Promise<void> {
  await fc.assert(
    fc.asyncProperty(payloads(seatLike, seatWellFormed), async (payload) => {
      const code = expectedSignal(payload);
      fc.pre(code !== null);
      const signal = t.seat.inbox.next<{ error?: string }>(SIGNAL, (s) => s.error !== undefined);
      await publish(t.seat, INPUT, payload);
      expect((await signal).error).toBe(code);
    }),
    { ...RUN_OPTS, numRuns: RUNS.seat },
  );
}

async function fuzzHostCommand(): Promise<void> {
  const host = noDelay(t.host.conn);
  await fc.assert(
    fc.asyncProperty(payloads(hostLike, hostWellFormed), async (payload) => {
      const want = expectedReply(payload);
      fc.pre(want !== null);
      const reply = host.inbox.next<{ id: string; ok: boolean; error?: string }>(
        REPLY,
        (r) => r.id === want?.id,
      );
      await publish(host, COMMAND, payload);
      expect(await reply).toMatchObject({ ok: false, error: want?.code });
    }),
    { ...RUN_OPTS, numRuns: RUNS.host },
  );
}

async function fuzzRefusedTopics(): Promise<void> {
  const who = {
    seat: await t.connect(`seat/t1/${SEAT}`),
    display: await t.connect("display/t1"),
    host: await t.connect("host/t1"),
  };
  const role = fc.constantFrom("seat", "display", "host") as fc.Arbitrary<keyof typeof who>;
  const topic = fc.oneof(fc.constantFrom(...TOPICS), madeUpTopic);
  await fc.assert(
    fc.asyncProperty(role, topic, payloads(seatLike, seatWellFormed), async (r, to, payload) => {
      fc.pre(!EXPECTED[r].publish.includes(to));
      fc.pre(Buffer.byteLength(to) + payload.length <= MAX_FUZZ_BYTES); // the topic counts too
      const logged = t.since();
      await publish(who[r], to, payload);
      expect(logged("publish.refused").map((x) => x.topic)).toEqual([to]);
    }),
    { ...RUN_OPTS, numRuns: RUNS.refused },
  );
  for (const c of Object.values(who)) expect(c.client.connected).toBe(true);
}

describe("fuzzed payloads on every inbound topic", () => {
  it(`${RUNS.seat + RUNS.host + RUNS.refused} payloads: no crash, each rejected with its code, the game unchanged`, async () => {
    await Promise.all([fuzzSeatInput(), fuzzHostCommand(), fuzzRefusedTopics()]);
    expect(t.seat.client.connected && t.host.conn.client.connected).toBe(true);
    await t.unchanged();
    // Alive: a real input is still applied.
    const reply = await t.host.command("pause");
    expect(reply.ok).toBe(true);
  }, 120_000);
});
