/**
 * What a paddle keeps of the public state: where the game is, nothing more. The hub
 * publishes it on its own retained topic (`public/glance`, docs/PROTOCOL.md) so that a
 * paddle never receives nor parses the whole public state (about 2.8 KB at ten seats):
 * on Espruino that parse was the paddle's memory peak (docs/HARDWARE.md, issue 25).
 */
import type { PublicState } from "./views.js";

export interface TableGlance {
  phase: string;
  step: string;
  round: number;
  speaker: number | null;
  counting: number | null;
  winner: string | null;
  /** The table hears (the public state's `voice`): the microphone may be sampled. */
  voice: boolean;
}

export function glanceOf(pub: PublicState): TableGlance {
  return {
    phase: pub.phase,
    step: pub.step,
    round: pub.round,
    speaker: pub.speaker,
    counting: pub.counting,
    winner: pub.winner,
    voice: pub.voice === true,
  };
}
