/**
 * The core's one check of a seat's `act` (issue 23): the act must match an offer the seat's
 * view carries (its prompt and its `offers`), by action, targets and option, from a seat
 * still in the game. A ruleset's `onAct` is handed only acts that passed, with the offer they
 * matched, so no ruleset finds the offer or checks the act again. Where the rules know a more
 * telling reason for a refusal (a vote already cast), the ruleset's `refuseAct` may give it.
 */
import type { Prompt } from "../../protocol/index.js";
import { checkAct } from "./prompt.js";
import { type Ruleset, reject } from "./ruleset.js";
import type { ActInput, GameState, OfferedAct, Rejection, SeatState } from "./types.js";

export type { ActInput, OfferedAct };

/** The seat's offers with `prompt` first: what its view's `prompt` and `offers` carry. */
export function withPrompt(prompt: Prompt | null, offers: readonly Prompt[]): Prompt[] {
  const rest = offers.filter((o) => o.action !== prompt?.action);
  return prompt ? [prompt, ...rest] : rest;
}

/**
 * Every action the seat may send now. `at` is the input's time: an offer may close at a
 * moment (the forum terrorist's blackout), and `state.now` is still the previous input's.
 */
export function seatOffers(
  ruleset: Ruleset,
  state: GameState,
  seat: SeatState,
  at = state.now,
): Prompt[] {
  return withPrompt(ruleset.prompt(state, seat), ruleset.offers?.(state, seat, at) ?? []);
}

/** The offer the act names, checked: the act with its offer, or why it is refused. */
export function matchOffer(offers: readonly Prompt[], act: ActInput): OfferedAct | Rejection {
  const offer = offers.find((p) => p.action === act.action);
  if (offer) return checkAct(offer, act) ?? { ...act, offer };
  if (offers.length === 0) return reject("not_your_turn");
  const [only] = offers;
  return reject(
    "bad_action",
    offers.length === 1 && only
      ? `expected "${only.action}", got "${act.action}"`
      : `offered now: ${offers.map((p) => p.action).join(", ")}`,
  );
}

/** The core's check of a seat's act (step.ts calls it before the ruleset's `onAct`). */
export function checkSeatAct(
  ruleset: Ruleset,
  state: GameState,
  seat: SeatState,
  act: ActInput,
  at: number,
): OfferedAct | Rejection {
  if (!seat.alive) return reject("not_in_game");
  const offers = seatOffers(ruleset, state, seat, at);
  const matched = matchOffer(offers, act);
  if (!("code" in matched)) return matched;
  const offer = offers.find((p) => p.action === act.action) ?? null;
  return ruleset.refuseAct?.(state, seat, act, { offer, refused: matched, at }) ?? matched;
}
