/**
 * The phone's microphone as the paddle firmware's `Mic` (firmware/hal.ts): the firmware's
 * own sampler (firmware/voice.ts) reads it every 20 ms and does the rest exactly as on a
 * paddle — the log level, the adaptive noise floor, the hysteresis, the 500 ms batches —
 * so a phone and a paddle say "speaking" alike. What this file adds is the envelope: the
 * speech band's energy from Web Audio (getUserMedia + AnalyserNode), computed on the phone.
 * No sound is kept or sent: read() returns one number, and nothing before the player's
 * consent (until then the microphone is not even opened).
 */
import type { Mic } from "../../../firmware-sim/firmware/hal.js";

/** Where speech carries its energy (telephone band): the hum below and hiss above don't count. */
const BAND_LOW_HZ = 300;
const BAND_HIGH_HZ = 3400;

export class PhoneMic implements Mic {
  readonly kind = "analog" as const;
  private context: AudioContext | null = null;
  private stream: MediaStream | null = null;
  private analyser: AnalyserNode | null = null;
  private bins: Float32Array<ArrayBuffer> | null = null;

  /** Whether this browser can hear at all (a page over plain http on a LAN address cannot). */
  static available(): boolean {
    return typeof navigator.mediaDevices?.getUserMedia === "function";
  }

  get listening(): boolean {
    return this.analyser !== null;
  }

  /** Opens the microphone (called from the consent click, so that audio may start). */
  async start(): Promise<void> {
    if (this.context) return;
    const context = new AudioContext();
    this.context = context;
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
      });
      if (this.context !== context) {
        for (const t of stream.getTracks()) t.stop();
        return;
      }
      this.stream = stream;
      const analyser = context.createAnalyser();
      analyser.fftSize = 1024;
      analyser.smoothingTimeConstant = 0;
      context.createMediaStreamSource(stream).connect(analyser);
      await context.resume();
      this.bins = new Float32Array(analyser.frequencyBinCount);
      this.analyser = analyser;
    } catch (e) {
      this.stop();
      throw e;
    }
  }

  stop(): void {
    for (const t of this.stream?.getTracks() ?? []) t.stop();
    void this.context?.close();
    this.context = null;
    this.stream = null;
    this.analyser = null;
    this.bins = null;
  }

  /** The speech band's RMS amplitude now, as a fraction of full scale (0 when not listening). */
  read(): number {
    const { analyser, bins, context } = this;
    if (!analyser || !bins || !context) return 0;
    analyser.getFloatFrequencyData(bins);
    const hzPerBin = context.sampleRate / analyser.fftSize;
    const low = Math.max(1, Math.floor(BAND_LOW_HZ / hzPerBin));
    const high = Math.min(bins.length - 1, Math.ceil(BAND_HIGH_HZ / hzPerBin));
    let power = 0;
    for (let i = low; i <= high; i++) power += 10 ** ((bins[i] as number) / 10);
    // Bins hold dBFS of a windowed FFT: their summed power is the band's mean square, about.
    return Math.min(1, Math.sqrt(power));
  }
}
