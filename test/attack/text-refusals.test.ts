/**
 * Text inputs (will, ad, pseudonym, message) sent from outside to tables whose rules take
 * no text (sport, app, hunt): each is refused with `no_text` on the sender's own signal
 * and changes nothing: no view, no public state, no text topic, no journal line. Bad text
 * payloads (too large, not JSON, a near-miss kind) get their own clear codes everywhere.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Connected,
  gameOf,
  HostConsole,
  journalText,
  Paddle,
  useTestHub,
} from "../helpers/hub.js";

const TABLES = { t1: ["sport", 10], t2: ["app", 10], t3: ["hunt", 12] } as const;
type Table = keyof typeof TABLES;

const TEXTS: [string, Record<string, unknown>][] = [
  ["will", { text: "<script>alert(1)</script> I was the sheriff", to: null }],
  ["will", { text: "to you only", to: [2, 3] }],
  ["ad", { text: "<img src=x onerror=alert(1)>", pseudonym: "Raven" }],
  ["pseudonym", { pseudonym: "Raven", to: 2 }],
  ["message", { text: "found in the river" }],
];

const fx = useTestHub({ tables: Object.keys(TABLES) });

interface Side {
  host: HostConsole;
  watchers: Connected[];
  paddle: Paddle;
}
const sides = new Map<Table, Side>();

beforeAll(async () => {
  for (const [t, [ruleset, n]] of Object.entries(TABLES) as [Table, (typeof TABLES)[Table]][]) {
    const hc = await fx.connect(`host/${t}`);
    await hc.client.subscribeAsync(`mafia/v1/${t}/host/#`, { qos: 1 });
    const host = new HostConsole(hc, t);
    const display = await fx.connect(`display/${t}`);
    await display.client.subscribeAsync(`mafia/v1/${t}/public/#`, { qos: 1 });
    const watchers = [display];
    for (let seat = 1; seat <= 3; seat++) {
      const c = await fx.connect(`seat/${t}/${seat}`);
      await c.client.subscribeAsync(
        [
          ...["view", "signal", "text"].map((k) => `mafia/v1/${t}/seat/${seat}/${k}`),
          `mafia/v1/${t}/public/#`,
        ],
        { qos: 1 },
      );
      watchers.push(c);
    }
    const seats = Array.from({ length: n }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
    expect((await host.command("setup", { ruleset, seats })).ok).toBe(true);
    expect((await host.command("start")).ok).toBe(true);
    sides.set(t, { host, watchers, paddle: new Paddle(1, watchers[1] as Connected, t) });
  }
});

/** Sends a raw payload from seat 1 and waits for the refusal on its own signal topic. */
async function refused(t: Table, payload: string): Promise<string | undefined> {
  const { paddle } = sides.get(t) as Side;
  const signal = paddle.conn.inbox.next<{ error?: string }>(
    `mafia/v1/${t}/seat/1/signal`,
    (s) => s.error !== undefined,
  );
  await paddle.raw(payload);
  return (await signal).error;
}

describe("text sent to rulesets without text", () => {
  for (const t of Object.keys(TABLES) as Table[]) {
    const ruleset = TABLES[t][0];
    it(`${ruleset}: every text kind is refused with no_text and changes nothing, on any topic or in the journal`, async () => {
      const side = sides.get(t) as Side;
      const before = JSON.stringify(gameOf(fx.hub, t));
      const journal = await journalText(fx.hub, t);
      const marks = side.watchers.map((c) => c.inbox.all.length);
      for (const [kind, fields] of TEXTS) {
        side.paddle.seq += 1;
        const body = { boot: side.paddle.boot, seq: side.paddle.seq, kind, ...fields };
        expect(await refused(t, JSON.stringify(body)), kind).toBe("no_text");
      }
      expect(JSON.stringify(gameOf(fx.hub, t))).toBe(before);
      expect(await journalText(fx.hub, t)).toBe(journal);
      // A barrier every watcher sees: the host pauses (one public state, one view per seat).
      expect((await side.host.command("pause")).ok).toBe(true);
      const display = side.watchers[0] as Connected;
      await display.inbox.next(`mafia/v1/${t}/public/state`, (s: { paused: boolean }) => s.paused, {
        past: true,
      });
      for (const [i, c] of side.watchers.entries()) {
        const got = c.inbox.all.slice(marks[i]);
        expect(got.filter((m) => m.topic.endsWith("/text")).map((m) => m.topic)).toEqual([]);
        const states = got.filter((m) => m.topic.endsWith("/public/state"));
        expect(states.map((m) => (m.json as { paused: boolean }).paused)).toEqual(
          states.length ? [true] : [],
        );
        expect(got.some((m) => m.payload.toString().includes("Raven"))).toBe(false);
      }
      expect((await side.host.command("resume")).ok).toBe(true);
    });
  }

  it("a text payload over 7168 bytes is too_large, bad JSON is bad_json, a near-miss kind is unknown_kind", async () => {
    const p = (sides.get("t1") as Side).paddle;
    const big = { boot: p.boot, seq: 1000, kind: "will", text: "x".repeat(7200), to: null };
    expect(await refused("t1", JSON.stringify(big))).toBe("too_large");
    const actBig = { boot: p.boot, seq: 1001, kind: "act", action: "x", pad: "y".repeat(2000) };
    expect(await refused("t1", JSON.stringify(actBig))).toBe("too_large");
    expect(await refused("t1", '{"boot":"00000001","seq":1,"kind":"will","text":"a"')).toBe(
      "bad_json",
    );
    const wil = { boot: p.boot, seq: 1002, kind: "Will", text: "a", to: null };
    expect(await refused("t1", JSON.stringify(wil))).toBe("unknown_kind");
    expect(p.conn.client.connected).toBe(true);
  });
});
