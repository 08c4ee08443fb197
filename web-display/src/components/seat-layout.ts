/**
 * Where the seats go around the oval and how large their chips may be, for 1 to 20 seats
 * in a box of any shape. Pure: the ring measures its box and asks.
 *
 * Two chips overlap when they are closer than a chip's width across and closer than its
 * height up and down at once. So the seats are spread evenly by that measure (the
 * "chebyshev" length, in chip widths across and chip heights down), not by angle: by angle
 * the seats at the oval's narrow ends crowd each other while those along its long sides
 * stand far apart, which is how 12 seats came to overlap. Even spacing along the way round
 * is not yet spacing across: at the oval's bends two seats a chip apart along the curve are
 * closer than a chip in a straight line (10 seats overlapped so at 16:9). So every chip
 * shrinks by the same factor until no two are closer than a chip of that size, and the oval
 * is drawn as large as the box allows with chips of that size kept inside it.
 */

/**
 * A chip's footprint at `--seat-scale` 1, in vh: 15.5 wide and up to about 23 tall with
 * both badges, its number and vote tags, and a speaker's chip grown by 1.14 (seat-chip.ts).
 */
export const CHIP = { width: 18.5, height: 26 } as const;

/**
 * A chip as drawn with both badges, without the tags that hang outside it and without a
 * speaker's growth (seat-chip.ts): what the middle must stay clear of. 15.5 wide, 20.7
 * tall measured in Chromium (a vote's chip at 1280x720: 112x149 px, 2026-12-05, one page, machine shared).
 */
export const CHIP_BODY = { width: 15.5, height: 21 } as const;

export interface SeatLayout {
  /** Seat centres in percent of the box, seat 1 first (the host's gap at the top). */
  points: { x: number; y: number }[];
  /** The chips' size factor, at most 1. */
  scale: number;
}

/**
 * The middle band the chips keep out of, as insets in percent of the ring's box from the top
 * and from the left (the same at the bottom and the right): where the middle's texts (a
 * vote's question, the step's title, centred in seat-ring.ts's slot at 24% 22%) stand. The
 * slot's whole box would shrink 7 seats' chips to half; its top and bottom strips are
 * mostly empty. Chosen 2026-12-05 from the scales it leaves at 16:9 (0.84 to 1 for 7 to 12
 * seats) and checked in Chromium by overflow.test.ts. The ring gives the middle as measured
 * (Middle) once it has drawn it; this band stands in until then.
 */
export const MIDDLE = { top: 33, left: 24 } as const;

/**
 * The middle's content as drawn (seat-ring.ts measures its slot), in vh: a box centred in
 * the ring's box. What it holds differs by screen and step (the night's moon, title, line
 * and countdown stand about 40vh tall; a vote's question is wide and short), so a measured
 * box keeps the chips clear of what is there instead of a band guessed for all of them.
 */
export interface Middle {
  width: number;
  height: number;
}

/** Air between the middle's content and a chip, in vh. */
const MIDDLE_GAP = 0.5;

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

/** Seat centres in chip units (x in chip widths, y in chip heights) for chips at `scale`. */
function place(count: number, width: number, height: number, scale: number) {
  const a = Math.max(1, (width - CHIP.width * scale) / 2);
  const b = Math.max(1, (height - CHIP.height * scale) / 2);
  const ring = walk(a / CHIP.width, b / CHIP.height);
  const perimeter = ring.run[SAMPLES] as number;
  const points: { x: number; y: number }[] = [];
  let i = 0;
  for (let n = 1; n <= count; n++) {
    const want = ((n - 0.5) / count) * perimeter;
    while (i < SAMPLES && (ring.run[i + 1] as number) < want) i++;
    points.push(ring.pts[i] as { x: number; y: number });
  }
  return points;
}

/**
 * The smallest distance between two seats' centres, in chips: two chips at `scale` overlap
 * exactly when this is below `scale`. Every pair counts, not only neighbours: along the
 * oval's bends the way round is longer than the straight line across.
 */
function closest(points: readonly { x: number; y: number }[]): number {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) {
      const p = points[i] as { x: number; y: number };
      const q = points[j] as { x: number; y: number };
      least = Math.min(least, Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y)));
    }
  return least;
}

/**
 * `width`/`height`: the box in the same unit as CHIP (vh). The seats' centres ride an ellipse
 * inset by half a chip (at its scale) from the box's edges, so no chip leaves the box. The
 * scale is the largest at which no two chips overlap: smaller chips leave a larger ellipse,
 * so the seats only get further apart as the scale goes down, and halving finds it. Keeping
 * clear of the middle is not so: a smaller chip moves, and may move onto the middle's corner
 * (halving landed on 0.59 for 7 seats around a vote that fits them at 0.8). So from the
 * spacing's scale down, in small steps, the first scale whose chips also clear the middle.
 */
export function seatLayout(
  count: number,
  width: number,
  height: number,
  middle: Middle | null = null,
): SeatLayout {
  const spaced = (scale: number) => closest(place(count, width, height, scale)) >= scale;
  const clear = (scale: number) =>
    clearOfMiddle(place(count, width, height, scale), scale, width, height, middle);
  let top = 1;
  if (!spaced(1)) {
    let low = 0.1;
    let high = 1;
    for (let round = 0; round < 20; round++) {
      const mid = (low + high) / 2;
      if (spaced(mid)) low = mid;
      else high = mid;
    }
    top = low;
  }
  let scale = top;
  while (scale > 0.1 && !clear(scale)) scale -= 0.005;
  const points = place(count, width, height, scale).map((p) => ({
    x: 50 + ((p.x * CHIP.width) / width) * 100,
    y: 50 + ((p.y * CHIP.height) / height) * 100,
  }));
  return { points, scale };
}

/**
 * Whether every chip stays out of the middle: a chip at the oval's shoulders reached into a
 * long question ("Кто за то, чтобы ушёл игрок №3") at 9 to 12 seats, and at night the moon
 * above the title stood under seats 1 and 11 of 11 (the night's middle is taller than the
 * day's band). With the middle as measured, the whole chip keeps out of it (its tags and a
 * speaker's growth included: the box is tight); without, the chip's body keeps out of the
 * MIDDLE band. Centres in chip units, as `place` gives them.
 */
function clearOfMiddle(
  points: readonly { x: number; y: number }[],
  scale: number,
  width: number,
  height: number,
  middle: Middle | null,
): boolean {
  const halfW = middle
    ? (middle.width / 2 + MIDDLE_GAP) / CHIP.width
    : ((50 - MIDDLE.left) / 100) * (width / CHIP.width);
  const halfH = middle
    ? (middle.height / 2 + MIDDLE_GAP) / CHIP.height
    : ((50 - MIDDLE.top) / 100) * (height / CHIP.height);
  const bodyW = ((middle ? 1 : CHIP_BODY.width / CHIP.width) * scale) / 2;
  const bodyH = ((middle ? 1 : CHIP_BODY.height / CHIP.height) * scale) / 2;
  return points.every((p) => Math.abs(p.x) >= halfW + bodyW || Math.abs(p.y) >= halfH + bodyH);
}
