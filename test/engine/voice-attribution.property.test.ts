/** Who is speaking, the pure attribution (issue 26, hub/engine/attribution.ts): properties. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ATTRIBUTION, attribute, loudestAt, type Tracks } from "../../hub/engine/attribution.js";

const { margin, minLevel, minWindows, maxGap } = ATTRIBUTION;

/** Every seat's level for `length` windows from slot 0. */
function tracksOf(levels: number[][]): Tracks {
  const tracks: Tracks = {};
  levels.forEach((row, i) => {
    tracks[i + 1] = Object.fromEntries(row.map((level, slot) => [slot, level]));
  });
  return tracks;
}

const seats = fc.integer({ min: 2, max: 12 });
const level = fc.integer({ min: 0, max: 100 });

describe("attribution of one window", () => {
  it("the loudest seat wins when it is ahead of every other by the margin", () => {
    fc.assert(
      fc.property(
        seats,
        fc.nat(),
        fc.array(level, { minLength: 12, maxLength: 12 }),
        (n, pick, bleed) => {
          const loud = (pick % n) + 1;
          const others = bleed.slice(0, n).map((l) => Math.min(l, 100 - margin));
          const top = Math.max(minLevel, ...others) + margin;
          const rows = others.map((l, i) => [i + 1 === loud ? top : l]);
          expect(loudestAt(tracksOf(rows), 0)).toBe(loud);
        },
      ),
    );
  });

  it("nobody wins when the two loudest are closer than the margin (ties included)", () => {
    fc.assert(
      fc.property(
        seats,
        fc.array(level, { minLength: 12, maxLength: 12 }),
        fc.nat(margin - 1),
        (n, all, d) => {
          const rows = all.slice(0, n).map((l) => [l]);
          const top = Math.max(...all.slice(0, n));
          // A second seat just under the loudest, by less than the margin.
          const i = all.slice(0, n).indexOf(top);
          rows[(i + 1) % n] = [Math.max(0, top - d)];
          expect(loudestAt(tracksOf(rows), 0)).toBeNull();
        },
      ),
    );
  });

  it("nobody wins below the speech level, however far ahead", () => {
    fc.assert(
      fc.property(seats, fc.integer({ min: 0, max: minLevel - 1 }), (n, quiet) => {
        const rows = Array.from({ length: n }, (_, i) => [i === 0 ? quiet : 0]);
        expect(loudestAt(tracksOf(rows), 0)).toBeNull();
      }),
    );
  });
});

describe("attribution over time", () => {
  it("a burst shorter than the minimum is ignored; one as long counts, with its times", () => {
    fc.assert(
      fc.property(
        seats,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 20 }),
        (n, len, start) => {
          const rows = Array.from({ length: n }, (_, i) =>
            Array.from({ length: 60 }, (_, s) =>
              i === 0 && s >= start && s < start + len ? 80 : 5,
            ),
          );
          const spans = attribute(tracksOf(rows), 0, 60);
          if (len < minWindows) expect(spans).toEqual([]);
          else expect(spans).toEqual([{ seat: 1, from: start * 100, to: (start + len) * 100 }]);
        },
      ),
    );
  });

  it("breaths up to the gap are bridged, longer pauses split the speech", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: maxGap + 3 }), (pause) => {
        const row = [...Array(10).fill(70), ...Array(pause).fill(0), ...Array(10).fill(70)];
        const spans = attribute(tracksOf([row, row.map(() => 10)]), 0, row.length);
        expect(spans.length).toBe(pause <= maxGap ? 1 : 2);
      }),
    );
  });

  it("any tracks: spans are ordered, do not overlap, each at least the minimum long", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(level, { minLength: 40, maxLength: 40 }), { minLength: 2, maxLength: 6 }),
        (rows) => {
          const spans = attribute(tracksOf(rows), 0, 40);
          let end = 0;
          for (const s of spans) {
            expect(s.from).toBeGreaterThanOrEqual(end);
            expect(s.to - s.from).toBeGreaterThanOrEqual(minWindows * 100);
            end = s.to;
          }
        },
      ),
    );
  });
});
