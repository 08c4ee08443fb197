/**
 * Issue 10, connection flapping: 1,500 valid connects and disconnects of one seat on one
 * table, while another paddle sends inputs. Before the fix every presence change was
 * journaled, fsynced and republished, and the other paddle's PUBACKs queued behind them.
 * Now connects are rate-limited per identity (CONNACK 3) and presence is coalesced, so the
 * journal holds a bounded number of presence records and every input of the other paddle
 * is acknowledged. Assertions are on counts; the latencies are printed for the report.
 */
import { describe, expect, it } from "vitest";
import { ConnectLimiter, DEFAULT_CONNECT_LIMIT } from "../../hub/mqtt/connect-limit.js";
import {
  connectAs,
  connectIdentity,
  endAll,
  journalText,
  Paddle,
  useTestHub,
} from "../helpers/hub.js";

const fx = useTestHub();
const CYCLES = 1500;

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;

describe("connection flapping", () => {
  it("the connect limiter: a burst, then one a second per identity, each identity its own", () => {
    const limiter = new ConnectLimiter({ ratePerSecond: 1, burst: 3 });
    const t = 1_000_000;
    expect([1, 2, 3, 4].map(() => limiter.take("seat/t1/3", t))).toEqual([true, true, true, false]);
    expect(limiter.take("seat/t1/4", t)).toBe(true); // another identity is not affected
    expect(limiter.take("seat/t1/3", t + 999)).toBe(false);
    expect(limiter.take("seat/t1/3", t + 1000)).toBe(true);
    expect(DEFAULT_CONNECT_LIMIT).toEqual({ ratePerSecond: 2, burst: 60 });
  });

  it(`${CYCLES} connect/disconnect cycles of one seat: refused beyond the limit, presence bounded, the other paddle served`, async () => {
    const hub = fx.hub;
    const other = await connectIdentity(hub, "seat/t1/5");
    const paddle = new Paddle(5, other);
    await paddle.send("hello", { fw: "1.0.0", caps: ["thumb"] });
    const quiet: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      await paddle.send("thumb", { down: i % 2 === 0 });
      quiet.push(performance.now() - t0);
    }
    const latencies: number[] = [];
    let flapping = true;
    const sender = (async () => {
      let down = false;
      while (flapping) {
        down = !down;
        const t0 = performance.now();
        await paddle.send("thumb", { down });
        latencies.push(performance.now() - t0);
      }
    })();
    let accepted = 0;
    let refused = 0;
    const codes = new Set<number | undefined>();
    const password = hub.secrets.password("seat/t1/3");
    const t0 = performance.now();
    for (let i = 0; i < CYCLES; i++) {
      const c = await connectAs(hub.mqttPort, "seat/t1/3", password, { clientId: "flapper" }).catch(
        (err: Error & { code?: number }) => {
          codes.add(err.code);
          return null;
        },
      );
      if (c) {
        accepted += 1;
        await endAll(c);
      } else refused += 1;
    }
    const seconds = (performance.now() - t0) / 1000;
    flapping = false;
    await sender;
    await hub.tables.get("t1")?.idle();
    const records = (await journalText(hub))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const presence3 = records.filter((r) => r.input?.type === "presence" && r.input.seat === 3);
    const thumbs5 = records.filter(
      (r) => r.input?.type === "seat" && r.input.seat === 5 && r.input.action.kind === "thumb",
    );
    console.log(
      `without flapping: seat 5 PUBACK p50 ${percentile(quiet, 50).toFixed(1)} ms, max ${Math.max(...quiet).toFixed(1)} ms`,
    );
    console.log(
      `flapping: ${CYCLES} cycles in ${seconds.toFixed(1)} s, ${accepted} accepted, ${refused} refused; ` +
        `${presence3.length} presence records of seat 3; seat 5: ${latencies.length} inputs, ` +
        `PUBACK p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ` +
        `max ${Math.max(...latencies).toFixed(1)} ms`,
    );
    expect(accepted + refused).toBe(CYCLES);
    expect(codes).toEqual(new Set([3])); // CONNACK "server unavailable": try later
    // The burst, plus one a second for as long as it lasted (and a second of slack).
    const { burst, ratePerSecond } = DEFAULT_CONNECT_LIMIT;
    expect(accepted).toBeLessThanOrEqual(burst + Math.ceil(seconds * ratePerSecond) + 1);
    expect(presence3.length).toBeLessThanOrEqual(2 * accepted);
    expect(thumbs5).toHaveLength(quiet.length + latencies.length); // every acknowledged input
    expect(hub.tables.get("t1")?.game?.seats[4]?.online).toBe(true);
    await endAll(other);
  }, 120_000);
});
