/**
 * Who is speaking (issue 26), the engine's side: a seat's voice input is a sensor fact
 * like a thumb edge, heard only where the table's `voice` option is on and from a seat that
 * declared the `mic` capability. Generic: the core handles it, no ruleset sees it.
 */

import type { Game } from "./ruleset.js";
import { reject } from "./ruleset.js";
import type { Rejection, SeatState } from "./types.js";

export type VoiceAction = { kind: "voice"; on: boolean; levels: number[] };

export function voiceOn(options: Record<string, unknown>): boolean {
  return options.voice === true;
}

/** Checks a voice input; null when it is heard. */
export function refuseVoice(g: Game, seat: SeatState): Rejection | null {
  const state = g.state;
  if (!voiceOn(state.options)) return reject("wrong_step", "voice is off at this table");
  if (!seat.caps.includes("mic")) return reject("wrong_step", "this seat declared no microphone");
  if (state.phase === "setup") return reject("game_not_started");
  if (state.phase === "ended") return reject("game_over");
  return null;
}

/** A voice input: refused, or heard (recorded for attribution). */
export function hearVoice(g: Game, seat: SeatState, action: VoiceAction): Rejection | null {
  const refused = refuseVoice(g, seat);
  if (refused) return refused;
  void action;
  return null;
}
