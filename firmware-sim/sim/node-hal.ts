/**
 * The Hal of a simulated paddle: the sensors and keys are methods that a bot, a script or
 * the terminal calls; the motor, LED and screen are recorded. Timers are Node's, tracked so
 * that dispose() leaves nothing running.
 */
import type { Display, Hal, Key, LedColor, Mic, TimerHandle } from "../firmware/hal.js";
import { trackEnvelope, type VoiceRoom, type VoiceTrack } from "./voice-track.js";

/** A quiet room, for a simulated microphone between tracks (levels, firmware/voice.ts). */
export const QUIET_ROOM: VoiceTrack = { segments: [], background: 10, jitter: 3 };

export class SimHal implements Hal {
  thumbLevel = false;
  blindfoldLevel = false;
  led_: LedColor = "off";
  motorOn = false;
  screen: string[] = [];
  /** Every haptic pattern felt, oldest first. */
  readonly felt: string[] = [];
  readonly hasKeys = true;
  readonly display: Display;
  /** A microphone playing voice tracks (playVoice), or none (the default). */
  mic: Mic | null = null;
  private track: VoiceTrack = QUIET_ROOM;
  private trackStart = 0;
  private room: VoiceRoom | null = null;
  private seat = 0;
  onFeel: ((pattern: string) => void) | null = null;
  private thumbCb: ((down: boolean) => void) | null = null;
  private blindfoldCb: ((on: boolean) => void) | null = null;
  private keyCb: ((key: Key) => void) | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly logger: (message: string) => void = () => undefined,
    hasMic = false,
  ) {
    this.display = { show: (lines) => (this.screen = lines) };
    if (hasMic)
      this.mic = {
        kind: "analog",
        read: () =>
          this.room
            ? this.room.envelopeAt(this.seat, Math.random)
            : trackEnvelope(this.track, this.now() - this.trackStart, Math.random),
      };
    this.feedback = (pattern: string) => {
      this.felt.push(pattern);
      this.onFeel?.(pattern);
    };
  }

  feedback: (pattern: string) => void;

  now(): number {
    return Date.now();
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  clearTimeout(handle: TimerHandle): void {
    clearTimeout(handle as NodeJS.Timeout);
    this.timers.delete(handle as NodeJS.Timeout);
  }

  watchThumb(cb: (down: boolean) => void): void {
    this.thumbCb = cb;
  }

  watchBlindfold(cb: (on: boolean) => void): void {
    this.blindfoldCb = cb;
  }

  watchKeys(cb: (key: Key) => void): void {
    this.keyCb = cb;
  }

  readThumb(): boolean {
    return this.thumbLevel;
  }

  readBlindfold(): boolean {
    return this.blindfoldLevel;
  }

  motor(on: boolean): void {
    this.motorOn = on;
  }

  led(color: LedColor): void {
    this.led_ = color;
  }

  random(): number {
    return Math.random();
  }

  log(message: string): void {
    this.logger(message);
  }

  /** The thumb sensor changes level (one clean edge; see chatter for a bouncing one). */
  setThumb(down: boolean): void {
    if (this.thumbLevel === down) return;
    this.thumbLevel = down;
    this.thumbCb?.(down);
  }

  setBlindfold(on: boolean): void {
    if (this.blindfoldLevel === on) return;
    this.blindfoldLevel = on;
    this.blindfoldCb?.(on);
  }

  /** The microphone hears `track` from now on (after its last utterance, its background). */
  playVoice(track: VoiceTrack): void {
    this.track = track;
    this.trackStart = this.now();
  }

  /** The microphone hears a shared room as seat `seat` (every voice, the others' bled). */
  listen(room: VoiceRoom, seat: number): void {
    this.room = room;
    this.seat = seat;
  }

  press(key: Key): void {
    this.keyCb?.(key);
  }

  dispose(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
