/**
 * The paddle's microphone sampler (firmware/voice.ts) on the fake clock: a scripted envelope
 * in, the `voice` inputs of docs/PROTOCOL.md out, through the whole firmware (outbox,
 * padding, link).
 */
import { describe, expect, it } from "vitest";
import type { Mic } from "../../firmware-sim/firmware/hal.js";
import {
  ENVELOPE_FLOOR,
  envelopeOf,
  levelOf,
  MAX_LEVELS,
  OFF_WINDOWS,
  ON_WINDOWS,
  WINDOW_MS,
} from "../../firmware-sim/firmware/voice.js";
import {
  parseVoiceTrack,
  trackEnvelope,
  type VoiceTrack,
} from "../../firmware-sim/sim/voice-track.js";
import { INPUT_BUCKET } from "../../protocol/padding.js";
import { publicGlanceTopic } from "../../protocol/topics.js";
import { type FakeMqtt, fakePaddle } from "./fakes.js";

/** A deterministic generator (the tests' own; the firmware draws nothing for voice). */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

/** The table as the public state shows it: a day running, hearing unless told otherwise. */
function table(over: Record<string, unknown> = {}) {
  return { phase: "day", step: "speech", round: 1, speaker: 1, voice: true, ...over };
}

/**
 * A paddle whose microphone plays `track` from the moment it is logged in, at a table whose
 * public state is `pub` (by default a running day that hears); `reads` counts the samples.
 */
function speakingPaddle(
  track: VoiceTrack,
  kind: Mic["kind"] = "analog",
  pub: Record<string, unknown> = table(),
) {
  const random = lcg(7);
  let t0 = 0;
  let now = () => 0;
  const reads = { n: 0 };
  const mic: Mic = {
    kind,
    read: () => {
      reads.n += 1;
      const e = trackEnvelope(track, now() - t0, random);
      return kind === "analog" ? e : e > envelopeOf(35) ? 1 : 0;
    },
  };
  const p = fakePaddle(3, 1, mic);
  now = () => p.clock.t;
  p.login();
  p.mqtt.deliver(publicGlanceTopic("t1"), pub);
  t0 = p.clock.t;
  /** Moves time on, the broker acknowledging every input at once. */
  const run = (ms: number) => {
    for (let t = 0; t < ms; t += 20) {
      p.clock.advance(20);
      p.mqtt.puback(p.mqtt.unacked.length);
    }
  };
  return { ...p, run, reads };
}

function voices(mqtt: FakeMqtt): { on: boolean; levels: number[]; at: number }[] {
  return mqtt.inputs().filter((b) => b.kind === "voice") as never;
}

describe("the level scale", () => {
  it("maps the envelope onto 0..100 logarithmically, and back", () => {
    expect(levelOf(0)).toBe(0);
    expect(levelOf(ENVELOPE_FLOOR)).toBe(0);
    expect(levelOf(1)).toBe(100);
    expect(levelOf(2)).toBe(100);
    expect(levelOf(Number.NaN)).toBe(0); // an ESP32 pin without an ADC reads NaN
    // Every 6 dB (a doubling of the envelope) is the same step, about 11 levels.
    expect(levelOf(0.5) - levelOf(0.25)).toBe(levelOf(0.1) - levelOf(0.05));
    for (let l = 0; l <= 100; l++) expect(levelOf(envelopeOf(l))).toBe(l);
  });
});

describe("a paddle with a microphone", () => {
  it("declares `mic`, and a paddle without one does not", () => {
    const withMic = speakingPaddle(parseVoiceTrack("0+1@10"));
    const hello = withMic.mqtt.inputs().find((b) => b.kind === "hello");
    expect(hello?.caps).toContain("mic");
    const plain = fakePaddle(3);
    plain.login();
    expect(plain.mqtt.inputs().find((b) => b.kind === "hello")?.caps).not.toContain("mic");
    plain.clock.advance(5000);
    expect(voices(plain.mqtt)).toEqual([]);
  });

  it("sends nothing in silence, however long", () => {
    const p = speakingPaddle({ segments: [], background: 12, jitter: 4 });
    p.run(20_000);
    expect(voices(p.mqtt)).toEqual([]);
    expect(p.paddle.voice?.on).toBe(false);
  });

  it("turns a 2 s speech into an opening edge, a message every 500 ms, and one closing `off`", () => {
    const p = speakingPaddle(parseVoiceTrack("3000+2000@60", 10, 2));
    p.run(12_000);
    const sent = voices(p.mqtt);
    expect(sent[0]?.on).toBe(true);
    expect(sent.at(-1)?.on).toBe(false);
    expect(sent.slice(0, -1).every((v) => v.on)).toBe(true);
    // 2 s of talk plus the closing hold: the edge, 4-5 periodic messages, the off.
    expect(sent.length).toBeGreaterThanOrEqual(5);
    expect(sent.length).toBeLessThanOrEqual(8);
    // The opening edge carries the windows since the last message (the pre-roll), at most ten.
    expect(sent[0]?.levels).toHaveLength(MAX_LEVELS);
    expect(sent[0]?.levels.at(-1)).toBeGreaterThanOrEqual(55);
    expect(sent[0]?.levels[0]).toBeLessThanOrEqual(15);
    for (const v of sent.slice(1, -1)) expect(v.levels).toHaveLength(5);
    for (const v of sent) {
      expect(v.levels.length).toBeGreaterThanOrEqual(1);
      expect(v.levels.every((l) => Number.isInteger(l) && l >= 0 && l <= 100)).toBe(true);
    }
    // The off message's last window is quiet again.
    expect(sent.at(-1)?.levels.at(-1)).toBeLessThanOrEqual(15);
  });

  it("pads every voice message to the same size, loud or quiet (protocol/padding.ts)", () => {
    const p = speakingPaddle(parseVoiceTrack("1000+1500@95,5000+1500@40", 5, 0));
    p.run(10_000);
    const bodies = p.mqtt.published.filter((m) => m.body.kind === "voice");
    expect(bodies.length).toBeGreaterThan(4);
    const sizes = new Set(bodies.map((m) => JSON.stringify(m.body).length));
    expect([...sizes]).toEqual([INPUT_BUCKET]);
  });

  it("ignores a click (one loud window is not the opening hold), and keeps talking through a short pause", () => {
    expect(ON_WINDOWS).toBeGreaterThan(1);
    // One read of 20 ms: it lifts a single window, however the windows fall.
    const burst = speakingPaddle(parseVoiceTrack("2000+20@90", 10, 0));
    burst.run(6000);
    expect(voices(burst.mqtt)).toEqual([]);
    const pause = (OFF_WINDOWS - 2) * WINDOW_MS;
    const speech = speakingPaddle(parseVoiceTrack(`2000+1500@60,${3500 + pause}+1500@60`, 10, 0));
    speech.run(10_000);
    const sent = voices(speech.mqtt);
    expect(sent.filter((v) => !v.on)).toHaveLength(1);
    expect(sent.at(-1)?.on).toBe(false);
  });

  it("adapts its noise floor: a fan switched on stops counting as speech", () => {
    // The room goes from 10 to 40 at 2 s and stays there.
    const p = speakingPaddle({ segments: [[2000, 600_000, 40]], background: 10, jitter: 2 });
    p.run(120_000);
    const sent = voices(p.mqtt);
    expect(sent.at(-1)?.on).toBe(false);
    const before = sent.length;
    p.run(30_000);
    expect(voices(p.mqtt)).toHaveLength(before);
    expect(p.paddle.voice?.floor).toBeGreaterThan(35);
  });

  it("sends at most 3 messages in any second, whatever the envelope does", () => {
    const random = lcg(99);
    const segments: [number, number, number][] = [];
    for (let t = 0; t < 60_000; ) {
      const d = 50 + Math.floor(random() * 900);
      segments.push([t, d, Math.floor(random() * 100)]);
      t += d + Math.floor(random() * 400);
    }
    const p = speakingPaddle({ segments, background: 8, jitter: 10 });
    const times: number[] = [];
    let seen = 0;
    for (let t = 0; t < 60_000; t += 20) {
      p.run(20);
      const n = voices(p.mqtt).length;
      for (; seen < n; seen++) times.push(p.clock.t);
    }
    expect(times.length).toBeGreaterThan(20);
    for (let i = 3; i < times.length; i++)
      expect((times[i] as number) - (times[i - 3] as number)).toBeGreaterThanOrEqual(1000);
  });

  it("reads a comparator (a board without an ADC) as the share of reads above its threshold", () => {
    const p = speakingPaddle(parseVoiceTrack("2000+2000@70", 10, 0), "comparator");
    p.run(8000);
    const sent = voices(p.mqtt);
    expect(sent[0]?.on).toBe(true);
    expect(sent[0]?.levels.at(-1)).toBe(100);
    expect(sent.at(-1)).toMatchObject({ on: false });
    expect(sent.at(-1)?.levels.at(-1)).toBe(0);
  });
});

describe("only a table that hears (the public state's `voice`, docs/PROTOCOL.md)", () => {
  const speech = () => parseVoiceTrack("1000+3000@70", 10, 2);

  it("with the option off (or a hub that does not say) the microphone is not read and nothing is sent", () => {
    for (const pub of [table({ voice: false }), table({ voice: undefined })]) {
      const p = speakingPaddle(speech(), "analog", pub);
      p.run(6000);
      expect(voices(p.mqtt)).toEqual([]);
      expect(p.reads.n).toBe(0);
      // Still a paddle with a microphone: the hub is told what the device can do.
      expect(p.mqtt.inputs().find((b) => b.kind === "hello")?.caps).toContain("mic");
    }
  });

  it("before the start and after the end, nothing; while the game runs, the speech", () => {
    // Talk in the setup (1-4 s), and again once the day has begun (7-10 s).
    const track = parseVoiceTrack("1000+3000@70,7000+3000@70", 10, 2);
    const p = speakingPaddle(track, "analog", table({ phase: "setup", step: "setup" }));
    p.run(6000);
    expect(voices(p.mqtt)).toEqual([]);
    expect(p.reads.n).toBe(0);
    p.mqtt.deliver(publicGlanceTopic("t1"), table());
    p.run(2500);
    expect(voices(p.mqtt).length).toBeGreaterThan(0);
    p.mqtt.deliver(publicGlanceTopic("t1"), table({ phase: "ended", step: "end" }));
    const n = voices(p.mqtt).length;
    const reads = p.reads.n;
    p.run(3000);
    expect(voices(p.mqtt)).toHaveLength(n);
    expect(p.reads.n).toBe(reads);
  });
});

describe("the link and the microphone", () => {
  it("queues no levels while the link is down, drops the stale ones, and owes the closing `off`", () => {
    const p = speakingPaddle(parseVoiceTrack("1000+3000@60", 10, 0));
    p.run(2000); // speaking, messages acknowledged
    expect(voices(p.mqtt).length).toBeGreaterThan(0);
    while (!p.paddle.outbox.items.some((e) => e.kind === "voice")) p.clock.advance(20);
    p.mqtt.disconnect(); // the link drops while the seat talks, a voice message unacknowledged
    expect(p.paddle.outbox.items.some((e) => e.kind === "voice")).toBe(false);
    p.clock.advance(4000); // the speech ends during the outage
    expect(p.paddle.voice?.on).toBe(false);
    expect(p.paddle.outbox.items.some((e) => e.kind === "voice")).toBe(false);
    const before = p.mqtt.connects;
    while (p.mqtt.connects === before) p.clock.advance(20); // the paddle's own backoff
    const sentBefore = voices(p.mqtt).length;
    p.login(11);
    p.run(200);
    const after = voices(p.mqtt).slice(sentBefore);
    // The closing "off" is said once after the reconnect, then silence.
    expect(
      after.filter((v) => v.on === false && v.levels.length > 0).length,
    ).toBeGreaterThanOrEqual(1);
    expect(after.filter((v) => !v.on)).toHaveLength(after.length);
    const n = voices(p.mqtt).length;
    p.run(5000);
    expect(voices(p.mqtt)).toHaveLength(n);
  });

  it("owes nothing when no voice message was lost with the link", () => {
    const p = speakingPaddle(parseVoiceTrack("1000+1000@60", 10, 0));
    p.run(5000); // a whole speech, every message acknowledged
    const n = voices(p.mqtt).length;
    p.mqtt.disconnect();
    const before = p.mqtt.connects;
    while (p.mqtt.connects === before) p.clock.advance(20);
    p.login(11);
    p.run(3000);
    expect(voices(p.mqtt)).toHaveLength(n);
  });
});
