/**
 * Who is speaking, over a long game (issue 26, hub/engine/voice.ts prune): the host state
 * keeps only the levels attribution may still read, so it does not grow with every voice
 * message, including the late ones (the hub dates an input on receipt, and one can wait in
 * the table's queue behind a timer dated later) whose windows are already settled.
 * The result must be the one attribution gives when it forgets nothing: an unpruned model
 * fed the same inputs through the same pure stepper (attribution.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  advance,
  counts,
  loudestAt,
  placeLevels,
  type Run,
  type Tracks,
  WINDOW_MS,
} from "../../hub/engine/attribution.js";
import { SETTLE_MS } from "../../hub/engine/voice.js";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";

const SEATS = 10;

/** A seat talking for a while (5 windows a message, as phones send) while others bleed. */
const burst = fc.record({
  seat: fc.integer({ min: 1, max: 4 }),
  messages: fc.integer({ min: 1, max: 8 }),
  loud: fc.integer({ min: 0, max: 100 }),
  bleed: fc.integer({ min: 0, max: 60 }),
  /** Milliseconds between messages, and how far a late one is dated back (0: on time). */
  dt: fc.integer({ min: 0, max: 600 }),
  late: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 400 })),
  size: fc.integer({ min: 1, max: 10 }),
});

interface Model {
  tracks: Tracks;
  settled: number;
  run: Run | null;
  /** Counted runs by a seat other than the speaker (seat 1): "seat@from" → end (ms). */
  offences: Map<string, number>;
}

/** The engine's attribution without forgetting anything (voice.ts hearVoice + afterInput). */
function hear(m: Model, seat: number, at: number, levels: number[]): void {
  if (m.settled === 0) m.settled = Math.round(at / WINDOW_MS) - levels.length;
  placeLevels(m.tracks, seat, at, levels);
  const until = Math.floor((at - SETTLE_MS) / WINDOW_MS);
  for (let slot = m.settled; slot < until; slot++) {
    m.run = advance(m.run, loudestAt(m.tracks, slot), slot).run;
    if (m.run && counts(m.run) && m.run.seat !== 1) {
      m.offences.set(`${m.run.seat}@${m.run.from * WINDOW_MS}`, m.run.to * WINDOW_MS);
    }
  }
  if (until > m.settled) m.settled = until;
}

describe("voice tracks over a long game", () => {
  it("stay bounded, late inputs included, and attribute as if nothing were forgotten", () => {
    let raised = 0;
    fc.assert(
      fc.property(fc.array(burst, { minLength: 20, maxLength: 60 }), (bursts) => {
        const d = new EngineDriver({ options: { voice: true, autoAdvance: false } })
          .start(DEAL)
          .skipNight();
        for (let s = 1; s <= SEATS; s++) d.seat(s, { kind: "hello", fw: "phone", caps: ["mic"] });
        // Past the day's first turn, so every window falls in seat 1's speech.
        d.tick(5000);
        const m: Model = { tracks: {}, settled: 0, run: null, offences: new Map() };
        let biggest = 0;
        for (const b of bursts) {
          for (let i = 0; i < b.messages; i++) {
            d.tick(b.dt);
            const at = d.at - b.late;
            const talk = Array(b.size).fill(b.loud);
            const bled = Array(b.size).fill(b.bleed);
            for (const [seat, levels] of [
              [b.seat, talk],
              [(b.seat % SEATS) + 1, bled],
            ] as const) {
              const input = { kind: "voice" as const, on: true, levels: [...levels] };
              expect(d.feed({ type: "seat", at, seat, action: input })).toBeNull();
              hear(m, seat, at, levels);
              const voice = d.state.voice;
              expect(voice?.settled).toBe(m.settled);
              expect(voice?.run ?? null).toEqual(m.run);
              for (const track of Object.values(voice?.tracks ?? {})) {
                biggest = Math.max(biggest, Object.keys(track).length);
              }
            }
          }
        }
        // Unsettled windows only, per seat: the second before the newest input's time.
        expect(biggest).toBeLessThanOrEqual(SETTLE_MS / WINDOW_MS + 1);
        const found = (d.state.voice?.candidates ?? []).map(
          (c) => [`${c.seat}@${c.from}`, c.to] as const,
        );
        expect(new Map(found)).toEqual(m.offences);
        raised += found.length;
      }),
      { numRuns: 10 },
    );
    // The comparison meant something: the random talk raised candidates.
    expect(raised).toBeGreaterThan(0);
  });
});
