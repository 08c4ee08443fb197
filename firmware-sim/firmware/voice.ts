/**
 * The paddle's ear: samples the microphone module's envelope pin, turns each 100 ms window
 * into a speech-band level (0..100, a log scale), keeps an adaptive noise floor, decides
 * with hysteresis whether its seat is speaking, and hands the `voice` input
 * (docs/PROTOCOL.md) to the paddle: on each speaking edge and every 500 ms while speaking,
 * nothing in silence after the closing `on: false`. No sound is kept: one level a window.
 *
 * Espruino: every field is a number or one small typed array, so the sampler costs a fixed
 * handful of variables whatever the talk (ESPRUINO.md); no closures are made per sample.
 */
import type { Hal, Mic } from "./hal.js";

/** The envelope is read this often; five reads make a window. */
export const SAMPLE_MS = 20;
export const SAMPLES_PER_WINDOW = 5;
export const WINDOW_MS = SAMPLE_MS * SAMPLES_PER_WINDOW;
/** At most this many windows in one message (1 s), the protocol's limit. */
export const MAX_LEVELS = 10;
/** While speaking, a message every this many windows (500 ms). */
export const PERIOD_WINDOWS = 5;
/**
 * The quietest envelope the analog level tells apart from nothing, as a fraction of the
 * ADC's full scale: 1/512 is 8 steps of the ESP32's 12-bit ADC, above its own noise. The
 * level spans 20*log10(512) = 54 dB from there to clipping.
 */
export const ENVELOPE_FLOOR = 1 / 512;
/** Speaking starts this many levels above the noise floor, held for ON_WINDOWS windows. */
export const ON_MARGIN = 15;
export const ON_WINDOWS = 2;
/**
 * Speaking ends below this margin, held for OFF_WINDOWS windows: the gap between the two
 * margins and the hold keep a breath or a consonant from splitting one speech in two.
 */
export const OFF_MARGIN = 8;
export const OFF_WINDOWS = 5;
/**
 * The floor follows quiet at once and rises slowly (levels per window: 0.5 a second), so a
 * fan switched on stops counting as speech within a minute but a long speech does not.
 */
export const FLOOR_RISE = 0.05;

const LOG_RANGE = Math.log(1 / ENVELOPE_FLOOR);

/** An analog envelope (0..1 of full scale) on the 0..100 log scale. */
export function levelOf(envelope: number): number {
  if (!(envelope > ENVELOPE_FLOOR)) return 0;
  if (envelope >= 1) return 100;
  return Math.round((100 * Math.log(envelope / ENVELOPE_FLOOR)) / LOG_RANGE);
}

/** The envelope that reads as `level` (the simulator plays levels through the real sampler). */
export function envelopeOf(level: number): number {
  if (level <= 0) return 0;
  if (level >= 100) return 1;
  return ENVELOPE_FLOOR * Math.exp((level * LOG_RANGE) / 100);
}

/** Returns false when the message could not be queued (the link is down): it is owed. */
export type VoiceSend = (on: boolean, levels: number[]) => boolean;

export class Voice {
  /** The speaking decision at the last window. */
  on = false;
  /** The adaptive noise floor, in levels. */
  floor = -1;
  /** Messages handed over (the simulator's and the benchmark's count). */
  sent = 0;
  private readonly ring = new Uint8Array(MAX_LEVELS);
  /** Windows closed in all; the ring holds the last MAX_LEVELS of them. */
  private windows = 0;
  /** Windows closed since the last message (capped at MAX_LEVELS). */
  private fresh = 0;
  private sum = 0;
  private samples = 0;
  /** Consecutive windows on the far side of the margin that would flip the decision. */
  private streak = 0;
  /** A closing `on: false` that did not reach the outbox (a link down): sent when it can be. */
  private owed = false;
  private timer: unknown = null;
  private readonly tick: () => void;

  constructor(
    private readonly hal: Hal,
    private readonly mic: Mic,
    private readonly send: VoiceSend,
  ) {
    this.tick = () => {
      this.timer = this.hal.setTimeout(this.tick, SAMPLE_MS);
      this.sample(this.mic.read());
    };
  }

  start(): void {
    if (this.timer === null) this.timer = this.hal.setTimeout(this.tick, SAMPLE_MS);
  }

  /** Stops sampling and forgets the talk: a table that hears again starts from silence. */
  stop(): void {
    if (this.timer !== null) this.hal.clearTimeout(this.timer);
    this.timer = null;
    this.on = false;
    this.floor = -1;
    this.windows = 0;
    this.fresh = 0;
    this.sum = 0;
    this.samples = 0;
    this.streak = 0;
    this.owed = false;
  }

  /**
   * What was sent may never reach the hub (the outbox dropped it with the link): say the
   * current decision again once the link is back, so a closing `off` is not lost.
   */
  owe(): void {
    this.owed = true;
  }

  /** One envelope reading: an analog fraction of full scale, or a comparator's 0/1. */
  sample(envelope: number): void {
    this.sum += envelope;
    this.samples += 1;
    if (this.samples < SAMPLES_PER_WINDOW) return;
    const mean = this.sum / this.samples;
    this.sum = 0;
    this.samples = 0;
    // A comparator's mean is the share of reads above its threshold: a coarse level, not a log one.
    this.window(this.mic.kind === "comparator" ? Math.round(mean * 100) : levelOf(mean));
  }

  /** A closed window's level: the floor, the decision, and perhaps a message. */
  window(level: number): void {
    this.ring[this.windows % MAX_LEVELS] = level;
    this.windows += 1;
    if (this.fresh < MAX_LEVELS) this.fresh += 1;
    if (this.floor < 0 || level < this.floor) this.floor = level;
    else this.floor = Math.min(this.floor + FLOOR_RISE, level);
    const was = this.on;
    const flipping = was ? level < this.floor + OFF_MARGIN : level >= this.floor + ON_MARGIN;
    this.streak = flipping ? this.streak + 1 : 0;
    if (this.streak >= (was ? OFF_WINDOWS : ON_WINDOWS)) {
      this.on = !was;
      this.streak = 0;
    }
    if (this.on !== was || (this.on && this.fresh >= PERIOD_WINDOWS) || (!this.on && this.owed))
      this.flush(this.on !== was);
  }

  private flush(edge: boolean): void {
    const levels: number[] = [];
    for (let i = this.windows - this.fresh; i < this.windows; i++)
      levels.push(this.ring[i % MAX_LEVELS] as number);
    if (this.send(this.on, levels)) {
      this.fresh = 0;
      this.owed = false;
      this.sent += 1;
    } else if (edge || !this.on) this.owed = true;
  }
}
