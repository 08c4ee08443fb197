/** Who is speaking (issue 26): the part of the game state that voice.ts keeps (host only). */
import type { ManifestStep, VoiceCandidateKind } from "../../protocol/index.js";
import type { Run, Tracks } from "./attribution.js";

/**
 * Whose turn it was from `at` on: recorded whenever the step or the speaker changes, with
 * the step's kind from the ruleset's manifest (a `speaking` step has a speaker, a `night`
 * step hears nobody), so the core names no ruleset's steps.
 */
export interface Turn {
  at: number;
  step: string;
  kind: ManifestStep["kind"] | null;
  speaker: number | null;
}

/** "seat 4 spoke 2.1 s during seat 7's speech", for the judge. */
export interface VoiceCandidate {
  id: number;
  seat: number;
  /** `turn`: during another's speech; `overtime`: after his own ended; `night`: at night. */
  kind: VoiceCandidateKind;
  /** The seat whose speech it was (turn, overtime: the next speaker), or null. */
  during: number | null;
  from: number;
  to: number;
  round: number;
  status: "open" | "confirmed" | "dismissed";
}

/** In the state (host view only): `state.voice`, absent until the first voice input. */
export interface VoiceState {
  tracks: Tracks;
  /** Windows before this slot are attributed. */
  settled: number;
  run: Run | null;
  /** The open run's first candidate, once it has one (the run's others follow it). */
  runCandidate: number | null;
  /** Who is speaking now (the open run, once it counts), shown on the host console */
  speaking: number | null;
  turns: Turn[];
  candidates: VoiceCandidate[];
}
