/**
 * Who is speaking, as a pure function (issue 26). At a table every microphone hears
 * everyone, the nearest one loudest: a 100 ms window is attributed to the seat whose level
 * stands out above every other seat's by a margin, and a run of such windows counts once it
 * lasts a minimum time. A tie (no seat ahead by the margin) attributes nobody, and a short
 * burst is dropped. A seat that sent nothing for a window was silent in it (level 0): a
 * device sends nothing while it hears no speech.
 *
 * The engine (voice.ts) feeds windows through `advance` as they settle; the record feeds a
 * whole game through `attribute`: one stepper, so both say the same.
 */

/** Levels by seat, then by window slot (`slot` covers [slot * 100, slot * 100 + 100) ms). */
export type Tracks = Record<string, Record<string, number>>;

export interface AttributionParams {
  /** The loudest seat must be at least this far (0..100 scale) ahead of the second. */
  margin: number;
  /** ...and at least this loud: below it is room noise, nobody speaks. */
  minLevel: number;
  /** A run counts once it has lasted this many windows. */
  minWindows: number;
  /** Windows without a winner that a run bridges (breaths between words). */
  maxGap: number;
}

export const ATTRIBUTION: AttributionParams = {
  margin: 15,
  minLevel: 20,
  minWindows: 5,
  maxGap: 3,
};

export const WINDOW_MS = 100;

/** A run of windows attributed to one seat: slots [from, to), `gap` windows since its last. */
export interface Run {
  seat: number;
  from: number;
  to: number;
  gap: number;
}

export interface Span {
  seat: number;
  /** Hub time (ms) of the first attributed window's start and the last one's end. */
  from: number;
  to: number;
}

/** The seat attributed the window `slot`, or null (nobody loud enough, or a tie). */
export function loudestAt(tracks: Tracks, slot: number, p: AttributionParams = ATTRIBUTION) {
  let best: number | null = null;
  let top = -1;
  let second = 0;
  for (const [seat, levels] of Object.entries(tracks)) {
    const level = levels[slot] ?? 0;
    if (level > top) {
      second = Math.max(second, top);
      top = level;
      best = Number(seat);
    } else if (level > second) second = level;
  }
  if (best === null || top < p.minLevel || top - second < p.margin) return null;
  return best;
}

export function counts(run: Run, p: AttributionParams = ATTRIBUTION): boolean {
  return run.to - run.from >= p.minWindows;
}

export function toSpan(run: Run): Span {
  return { seat: run.seat, from: run.from * WINDOW_MS, to: run.to * WINDOW_MS };
}

/**
 * One settled window's winner applied to the open run. Returns the run now open (or null)
 * and the run that ended with this window, if it lasted long enough to count.
 */
export function advance(
  run: Run | null,
  winner: number | null,
  slot: number,
  p: AttributionParams = ATTRIBUTION,
): { run: Run | null; ended: Run | null } {
  if (run && winner === run.seat) return { run: { ...run, to: slot + 1, gap: 0 }, ended: null };
  if (run && winner === null && run.gap < p.maxGap) {
    return { run: { ...run, gap: run.gap + 1 }, ended: null };
  }
  const ended = run && counts(run, p) ? run : null;
  const next = winner === null ? null : { seat: winner, from: slot, to: slot + 1, gap: 0 };
  return { run: next, ended };
}

/** Every counted run over the slots [from, to), in order. */
export function attribute(
  tracks: Tracks,
  from: number,
  to: number,
  p: AttributionParams = ATTRIBUTION,
): Span[] {
  const spans: Span[] = [];
  let run: Run | null = null;
  for (let slot = from; slot < to; slot++) {
    const next = advance(run, loudestAt(tracks, slot, p), slot, p);
    if (next.ended) spans.push(toSpan(next.ended));
    run = next.run;
  }
  if (run && counts(run, p)) spans.push(toSpan(run));
  return spans;
}

/** The slots of a voice input's levels: the last window ends at the receive time `at`. */
export function placeLevels(tracks: Tracks, seat: number, at: number, levels: number[]): void {
  const end = Math.round(at / WINDOW_MS);
  const track = tracks[seat] ?? {};
  tracks[seat] = track;
  levels.forEach((level, i) => {
    track[end - levels.length + i] = level;
  });
}

/**
 * Forgets the windows before `slot`, which are attributed and never read again, and the
 * seats left with none (a seat without a track is silent, as one without a level is). Settling
 * deletes each window it reads, but a late input (the hub dates inputs on receipt, and one can
 * wait in the table's queue behind a timer dated later, or the clock steps back) places levels
 * in windows already settled: kept, they grew the host state for the whole game.
 */
export function forgetBefore(tracks: Tracks, slot: number): void {
  for (const [seat, track] of Object.entries(tracks)) {
    for (const key of Object.keys(track)) if (Number(key) < slot) delete track[key];
    if (Object.keys(track).length === 0) delete tracks[seat];
  }
}
