/**
 * Random forum games of legal moves (every offered action, the liar's "straight", attacks,
 * guesses, the host's warnings and removals), for the tests that walk many forum states.
 */
import { createGame, type EngineInput, type GameState, seatView } from "../../hub/engine/index.js";
import { T0 } from "./engine-driver.js";
import { playRandom, type Rand } from "./random-game.js";

export const seedHex = (n: number) => (n >>> 0).toString(16).padStart(8, "0").repeat(4);
const pick = <T>(rand: Rand, items: readonly T[]): T | undefined =>
  items[Math.floor(rand() * items.length)];

export function newForumGame(seed: string, options: Record<string, unknown>): GameState {
  const created = createGame({
    table: "t1",
    ruleset: "forum",
    seats: Array.from({ length: 13 }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
    options,
    seed,
    at: T0,
  });
  if (!created.ok) throw new Error(created.errors.join("; "));
  return created.state;
}

/** Every living seat may answer one of its offers; sometimes the host warns or the clock runs out. */
function nextInputs(state: GameState, rand: Rand, at: number): EngineInput[] {
  if (state.phase === "setup") return [{ type: "host", at, action: { cmd: "start" } }];
  const out: EngineInput[] = [];
  const living = state.seats.filter((s) => s.alive).map((s) => s.seat);
  if (rand() < 0.01)
    out.push({ type: "host", at, action: { cmd: "warn", seat: pick(rand, living) as number } });
  for (const seat of living) {
    if (rand() < 0.4) continue;
    const view = seatView(state, seat);
    const offer = pick(rand, view.offers ?? (view.prompt ? [view.prompt] : []));
    if (!offer) continue;
    if (offer.action === "attack" && rand() < 0.9) continue; // the terrorist waits a while
    const targets = offer.targets.filter(() => rand() < 0.5).slice(0, offer.max);
    while (targets.length < offer.min) targets.push(pick(rand, offer.targets) as number);
    const option = rand() < 0.5 ? pick(rand, offer.options) : undefined;
    out.push({
      type: "seat",
      at,
      seat,
      action: { kind: "act", action: offer.action, targets, ...(option ? { option } : {}) },
    });
  }
  if (rand() < 0.25 && state.clock.until !== null)
    out.push({ type: "timer", at: Math.max(at, state.clock.until) });
  return out;
}

export function playForum(
  seed: string,
  rand: Rand,
  options: Record<string, unknown>,
  check?: (s: GameState) => void,
) {
  const first = newForumGame(seed, options);
  return playRandom(first, rand, nextInputs, { batches: 2000, gapMs: 20_000 }, check);
}

export const FORUM_OPTION_SETS: Record<string, unknown>[] = [
  {},
  { roles: ["terrorist", "insider"], tally: "net" },
  { clock: "calendar", roles: ["bodyguard", "terrorist", "liar"], firstPhase: "night" },
  { decoys: false, revealOnDeath: "party", roles: ["framer", "insider"] },
];
