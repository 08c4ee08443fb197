/**
 * What a paddle keeps of the public state: where the game is, nothing more. The hub
 * publishes it on its own retained topic (`public/glance`, docs/PROTOCOL.md) so that a
 * paddle never receives nor parses the whole public state (about 2.8 KB at ten seats):
 * on Espruino that parse was the paddle's memory peak (docs/HARDWARE.md, issue 25).
 * It carries the step's end too (`until`, `paused`, and the hub's clock `now` added when it
 * is sent, as for the state): a paddle fills its owed night answers at a role-blind moment
 * before the end (QUIET-FILL-01, firmware-sim/firmware/night-fill.ts).
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
  /** The current step's end on the hub's clock (`null`: none), as in the public state. */
  until: number | null;
  paused: boolean;
  /** The hub's clock when sent; 0 in the key the hub compares (never republished for it). */
  now: number;
  /** The public state's `blindfolds`: at night the blindfold is reported (QUIET-BLINDFOLD-01). */
  blindfolds?: boolean;
}

export function glanceOf(pub: PublicState): TableGlance {
  // `now` first: the hub writes its clock over the 0 when it sends (hub/table/outbox.ts).
  return {
    now: 0,
    phase: pub.phase,
    step: pub.step,
    round: pub.round,
    speaker: pub.speaker,
    counting: pub.counting,
    winner: pub.winner,
    voice: pub.voice === true,
    until: pub.until,
    paused: pub.paused,
    ...(pub.blindfolds ? { blindfolds: true } : {}),
  };
}
