/**
 * The table's geometry for 7 to 20 seats (issue 24, "Screens that fit"), pure: the seats'
 * chips as seat-layout.ts places and sizes them, in the boxes the screens give the ring,
 * never overlap one another and never leave the box. The browser check of the same on a
 * real page, for every count, screen, language and ruleset, is in table-layout.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  CHIP,
  CHIP_BODY,
  MIDDLE,
  seatLayout,
} from "../../web-display/src/components/seat-layout.js";
import { AUDIENCE_RING, DISPLAY_RING } from "./ring-boxes.js";

/**
 * The ring's box (width x height, in vh) on each screen as the ring measured itself in
 * Chromium (ring-boxes.ts), and a few more shapes for other windows (4:3, 21:9, a short one).
 */
const BOXES: Record<string, { width: number; height: number }> = {
  "display 16:9": DISPLAY_RING,
  "audience 16:9": AUDIENCE_RING,
  "4:3 window": { width: 90, height: 85 },
  "21:9 window": { width: 170, height: 85 },
  "short box": { width: 121, height: 70 },
};

interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Each chip's rectangle in vh, from the layout's centres (percent of the box) and scale. */
function chips(count: number, box: { width: number; height: number }): Rect[] {
  const { points, scale } = seatLayout(count, box.width, box.height);
  expect(points).toHaveLength(count);
  const w = CHIP.width * scale;
  const h = CHIP.height * scale;
  return points.map((p) => {
    const x = (p.x / 100) * box.width;
    const y = (p.y / 100) * box.height;
    return { left: x - w / 2, right: x + w / 2, top: y - h / 2, bottom: y + h / 2 };
  });
}

const EPS = 1e-6;
const cross = (a: Rect, b: Rect) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > EPS &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > EPS;

describe("the seats' layout for 7 to 20 seats", () => {
  for (const [name, box] of Object.entries(BOXES))
    it(`leaves no chip over another and none outside the box: ${name}`, () => {
      const faults: string[] = [];
      for (let count = 7; count <= 20; count++) {
        const r = chips(count, box);
        r.forEach((a, i) => {
          if (a.left < -EPS || a.top < -EPS || a.right > box.width + EPS)
            faults.push(`${count} seats: seat ${i + 1} leaves the box`);
          if (a.bottom > box.height + EPS)
            faults.push(`${count} seats: seat ${i + 1} leaves the box`);
          r.slice(i + 1).forEach((b, j) => {
            if (cross(a, b)) faults.push(`${count} seats: seat ${i + 1} over seat ${i + 2 + j}`);
          });
        });
      }
      expect(faults).toEqual([]);
    });

  for (const [name, box] of Object.entries(BOXES))
    it(`keeps the middle's band clear of every chip's body: ${name}`, () => {
      const faults: string[] = [];
      for (let count = 7; count <= 20; count++) {
        const { points, scale } = seatLayout(count, box.width, box.height);
        const middle = MIDDLE;
        const mid: Rect = {
          left: (middle.left / 100) * box.width,
          right: ((100 - middle.left) / 100) * box.width,
          top: (middle.top / 100) * box.height,
          bottom: ((100 - middle.top) / 100) * box.height,
        };
        points.forEach((p, i) => {
          const x = (p.x / 100) * box.width;
          const y = (p.y / 100) * box.height;
          const w = (CHIP_BODY.width * scale) / 2;
          const h = (CHIP_BODY.height * scale) / 2;
          if (cross(mid, { left: x - w, right: x + w, top: y - h, bottom: y + h }))
            faults.push(`${count} seats: seat ${i + 1} in the middle`);
        });
      }
      expect(faults).toEqual([]);
    });

  // The display's night beside published texts, as measured in Chromium at 1280x720
  // (table-layout.test.ts): seats 1 and 11 of 11 stood over the moon when the chips kept
  // out of the fixed band only.
  it("keeps every chip, tags included, clear of a measured middle: the night beside texts", () => {
    const box = { width: 108.5, height: 84 };
    const middle = { width: 44.9, height: 39.7 };
    const faults: string[] = [];
    for (let count = 7; count <= 20; count++) {
      const { points, scale } = seatLayout(count, box.width, box.height, middle);
      expect(scale).toBeGreaterThan(0.5);
      points.forEach((p, i) => {
        const x = (p.x / 100) * box.width - box.width / 2;
        const y = (p.y / 100) * box.height - box.height / 2;
        const clear =
          Math.abs(x) >= (middle.width + CHIP.width * scale) / 2 ||
          Math.abs(y) >= (middle.height + CHIP.height * scale) / 2;
        if (!clear) faults.push(`${count} seats: seat ${i + 1} over the middle`);
      });
    }
    expect(faults).toEqual([]);
  });

  it("keeps the chips large: over 0.8 up to 12 seats on a 16:9 display, over 0.55 up to 20", () => {
    for (let count = 7; count <= 12; count++)
      expect(seatLayout(count, 121, 85).scale).toBeGreaterThan(0.8);
    // Past that they shrink together, never below a size a room can read (over half).
    for (let count = 13; count <= 20; count++)
      expect(seatLayout(count, 121, 85).scale).toBeGreaterThan(0.55);
  });

  it("puts seat 1 to the host's left of the top and goes clockwise", () => {
    const { points } = seatLayout(10, 121, 85);
    const [first, second] = points as [{ x: number; y: number }, { x: number; y: number }];
    expect(first.x).toBeGreaterThan(50);
    expect(first.y).toBeLessThan(50);
    expect(second.x).toBeGreaterThan(first.x);
  });
});
