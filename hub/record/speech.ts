/**
 * Who spoke when (issue 26), for the record: each speech of the day with the speech the
 * hub attributed during it, beside the thumb timeline of the appeal picture, and the voice
 * candidates the judge confirmed or dismissed. Derived from the journal's voice inputs by
 * the engine's own attribution (hub/engine/attribution.ts), so the record and the console
 * cannot disagree. The record is the host's: levels never leave it.
 */
import { stepKind } from "../../protocol/index.js";
import {
  attribute,
  placeLevels,
  type Span,
  type Tracks,
  WINDOW_MS,
} from "../engine/attribution.js";
import { rulesetById } from "../engine/index.js";
import type { VoiceCandidate } from "../engine/voice.js";
import { esc } from "./escape.js";
import type { Trace } from "./replay.js";

export interface SpeechTimeline {
  round: number;
  step: string;
  speaker: number;
  from: number;
  to: number;
  /** Attributed speech during it: the speaker's own and anyone else's. */
  spans: Span[];
}

export interface VoiceRecord {
  speeches: SpeechTimeline[];
  /** Candidates at the end of the game, each `confirmed`, `dismissed` or still `open`. */
  candidates: VoiceCandidate[];
}

/** Null for a game without voice (the option off, or nothing heard). */
export function voiceRecord(trace: Trace): VoiceRecord | null {
  const tracks: Tracks = {};
  for (const s of trace.steps) {
    const i = s.input;
    if (i.type === "seat" && i.action.kind === "voice") {
      placeLevels(tracks, i.seat, i.at, i.action.levels);
    }
  }
  const slots = Object.values(tracks).flatMap((t) => Object.keys(t).map(Number));
  if (slots.length === 0) return null;
  const spans = attribute(tracks, Math.min(...slots), Math.max(...slots) + 1);
  const speeches: SpeechTimeline[] = [];
  // A speech is a `speaking` step of the ruleset's manifest, as the engine's voice.ts reads it.
  const manifest = rulesetById(trace.final.ruleset)?.manifest ?? null;
  for (const s of trace.steps) {
    const { before, after } = s;
    const open = speeches.at(-1);
    const changed = after.speaker !== before.speaker || after.step !== before.step;
    if (!changed) continue;
    if (open && open.to === Number.POSITIVE_INFINITY) open.to = s.input.at;
    if (stepKind(manifest, after.step) === "speaking" && after.speaker !== null) {
      speeches.push({
        round: after.round,
        step: after.step,
        speaker: after.speaker,
        from: s.input.at,
        to: Number.POSITIVE_INFINITY,
        spans: [],
      });
    }
  }
  const last = speeches.at(-1);
  if (last && last.to === Number.POSITIVE_INFINITY) last.to = trace.final.now;
  for (const sp of speeches) {
    sp.spans = spans.filter((x) => x.to > sp.from && x.from < sp.to);
  }
  return { speeches, candidates: trace.final.voice?.candidates ?? [] };
}

const WIDTH = 900;
const LEFT = 150;
const ROW = 18;

/** One speech as a picture: a row per seat, a bar wherever the hub heard that seat speak. */
export function speechSvg(sp: SpeechTimeline, seats: { seat: number; name: string }[]): string {
  const span = Math.max(WINDOW_MS, sp.to - sp.from);
  const x = (at: number) =>
    LEFT + ((Math.min(Math.max(at, sp.from), sp.to) - sp.from) / span) * (WIDTH - LEFT - 10);
  const height = 30 + seats.length * ROW;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="speech" width="${WIDTH}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
  ];
  seats.forEach((seat, i) => {
    const y = 20 + i * ROW + ROW / 2;
    const own = seat.seat === sp.speaker;
    out.push(
      `<text x="8" y="${y + 4}" font-weight="${own ? "bold" : "normal"}">${esc(`${seat.seat}. ${seat.name}`)}</text>`,
      `<line x1="${LEFT}" y1="${y}" x2="${WIDTH - 10}" y2="${y}" stroke="#ccc"/>`,
    );
    for (const s of sp.spans.filter((s) => s.seat === seat.seat)) {
      const x0 = x(s.from);
      out.push(
        `<rect class="spoke" data-seat="${seat.seat}" data-from="${s.from}" data-to="${s.to}" x="${x0.toFixed(1)}" y="${y - 5}" width="${Math.max(1, x(s.to) - x0).toFixed(1)}" height="10" fill="${own ? "#1a7f37" : "#cf222e"}"/>`,
      );
    }
  });
  out.push("</svg>");
  return out.join("");
}
