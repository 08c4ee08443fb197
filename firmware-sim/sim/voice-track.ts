/**
 * A scripted voice track for a simulated paddle's microphone: what the envelope pin would
 * read at each moment. Levels are on the firmware's own 0..100 scale (firmware/voice.ts) and
 * are played through the real sampler as envelopes, so the simulator's paddles decide and
 * send exactly as a device would.
 */
import { envelopeOf } from "../firmware/voice.js";

/** One utterance: from `startMs` (after the track starts) for `durationMs`, at `level`. */
export type VoiceSegment = [startMs: number, durationMs: number, level: number];

export interface VoiceTrack {
  segments: VoiceSegment[];
  /** The room between and under the utterances (the noise floor a paddle hears). */
  background: number;
  /** Level jitter, ± this much, so the sampler sees something like a real envelope. */
  jitter: number;
}

/** The level the track has at `ms` after its start. */
export function trackLevel(track: VoiceTrack, ms: number, random: () => number): number {
  let level = track.background;
  for (const [start, duration, l] of track.segments)
    if (ms >= start && ms < start + duration && l > level) level = l;
  const jittered = level + (random() * 2 - 1) * track.jitter;
  return Math.max(0, Math.min(100, jittered));
}

/** The envelope (fraction of full scale) the firmware's analog pin reads at `ms`. */
export function trackEnvelope(track: VoiceTrack, ms: number, random: () => number): number {
  return envelopeOf(trackLevel(track, ms, random));
}

interface Utterance {
  seat: number;
  from: number;
  to: number;
  level: number;
}

/**
 * A table's air: every microphone hears every voice, its own seat's at the spoken level and
 * the others' `bleed` levels lower (across a table of 10, about 15 levels: 8 dB). What the
 * hub's attribution must see through.
 */
export class VoiceRoom {
  private utterances: Utterance[] = [];

  constructor(
    readonly background = 10,
    readonly bleed = 15,
    readonly jitter = 3,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seat `seat` speaks at `level` for `durationMs`, starting `inMs` from now. */
  say(seat: number, durationMs: number, level: number, inMs = 0): void {
    const from = this.now() + inMs;
    this.utterances.push({ seat, from, to: from + durationMs, level });
  }

  /** Seat `seat` plays a whole track, its times counted from now. */
  play(seat: number, track: VoiceTrack): void {
    for (const [start, duration, level] of track.segments) this.say(seat, duration, level, start);
  }

  /** The level seat `seat`'s microphone hears now. */
  levelAt(seat: number, random: () => number): number {
    const t = this.now();
    let level = this.background;
    this.utterances = this.utterances.filter((u) => u.to > t - 1000);
    for (const u of this.utterances) {
      if (t < u.from || t >= u.to) continue;
      const heard = u.seat === seat ? u.level : u.level - this.bleed;
      if (heard > level) level = heard;
    }
    const jittered = level + (random() * 2 - 1) * this.jitter;
    return Math.max(0, Math.min(100, jittered));
  }

  envelopeAt(seat: number, random: () => number): number {
    return envelopeOf(this.levelAt(seat, random));
  }
}

/** When the track has nothing more to say (its last utterance's end). */
export function trackEnd(track: VoiceTrack): number {
  let end = 0;
  for (const [start, duration] of track.segments) end = Math.max(end, start + duration);
  return end;
}

/**
 * Parses "START+DURATION@LEVEL,..." (milliseconds; e.g. "0+1500@60,4000+2000@55"), the
 * simulator command line's form. Throws with the offending part named.
 */
export function parseVoiceTrack(text: string, background = 10, jitter = 3): VoiceTrack {
  const segments: VoiceSegment[] = [];
  for (const part of text.split(",")) {
    const m = /^\s*(\d+)\+(\d+)@(\d+)\s*$/.exec(part);
    if (!m) throw new Error(`voice track: "${part}" is not START+DURATION@LEVEL`);
    const level = Number(m[3]);
    if (level > 100) throw new Error(`voice track: level ${level} is above 100`);
    segments.push([Number(m[1]), Number(m[2]), level]);
  }
  return { segments, background, jitter };
}
