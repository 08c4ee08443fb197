/**
 * Where the seats go around the oval and how large their chips may be, for 1 to 20 seats
 * in a box of any shape. Pure: the ring measures its box and asks.
 *
 * Two chips overlap when they are closer than a chip's width across and closer than its
 * height up and down at once. So the seats are spread evenly by that measure (the
 * "chebyshev" length, in chip widths across and chip heights down), not by angle: by angle
 * the seats at the oval's narrow ends crowd each other while those along its long sides
 * stand far apart, which is how 12 seats came to overlap. When even spacing leaves less
 * than one chip between neighbours, every chip shrinks by the same factor, and the oval is
 * drawn as large as the box allows with chips of that size kept inside it.
 */

/**
 * A chip's footprint at `--seat-scale` 1, in vh: 15.5 wide and up to about 23 tall with
 * both badges, its number and vote tags, and a speaker's chip grown by 1.14 (seat-chip.ts).
 */
export const CHIP = { width: 18.5, height: 26 } as const;

export interface SeatLayout {
  /** Seat centres in percent of the box, seat 1 first (the host's gap at the top). */
  points: { x: number; y: number }[];
  /** The chips' size factor, at most 1. */
  scale: number;
}

const SAMPLES = 720;

/** Points of the ellipse (centre 0,0) from the top, clockwise, and the running length to each. */
function walk(a: number, b: number) {
  const pts: { x: number; y: number }[] = [];
  const run: number[] = [0];
  for (let i = 0; i <= SAMPLES; i++) {
    const t = -Math.PI / 2 + (2 * Math.PI * i) / SAMPLES;
    pts.push({ x: a * Math.cos(t), y: b * Math.sin(t) });
    if (i > 0) {
      const p = pts[i - 1] as { x: number; y: number };
      const q = pts[i] as { x: number; y: number };
      run.push((run[i - 1] as number) + Math.max(Math.abs(q.x - p.x), Math.abs(q.y - p.y)));
    }
  }
  return { pts, run };
}

/**
 * `width`/`height`: the box in the same unit as CHIP (vh). The seats' centres ride an ellipse
 * inset by half a chip (at its scale) from the box's edges, so no chip leaves the box.
 */
export function seatLayout(count: number, width: number, height: number): SeatLayout {
  let scale = 1;
  let ring = walk(1, 1);
  let a = 1;
  let b = 1;
  // The ellipse depends on the scale and the scale on the ellipse: a few rounds settle it.
  for (let round = 0; round < 6; round++) {
    a = Math.max(1, (width - CHIP.width * scale) / 2);
    b = Math.max(1, (height - CHIP.height * scale) / 2);
    // Lengths in chips: x counted in chip widths, y in chip heights.
    ring = walk(a / CHIP.width, b / CHIP.height);
    const perimeter = ring.run[SAMPLES] as number;
    scale = Math.min(1, perimeter / Math.max(1, count));
  }
  const perimeter = ring.run[SAMPLES] as number;
  const points: { x: number; y: number }[] = [];
  let i = 0;
  for (let n = 1; n <= count; n++) {
    const want = ((n - 0.5) / count) * perimeter;
    while (i < SAMPLES && (ring.run[i + 1] as number) < want) i++;
    const p = ring.pts[i] as { x: number; y: number };
    points.push({
      x: 50 + ((p.x * CHIP.width) / width) * 100,
      y: 50 + ((p.y * CHIP.height) / height) * 100,
    });
  }
  return { points, scale };
}
