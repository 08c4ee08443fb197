/**
 * Random hunt games at the engine level: every move is a legal random answer to what the
 * seat's own view offers (real prompt or decoy), as a bot would choose it, including hunts.
 */
import {
  createGame,
  type EngineInput,
  type GameState,
  publicView,
  type SeatAction,
  seatView,
} from "../../hub/engine/index.js";
import { T0 } from "./engine-driver.js";
import type { Rand } from "./random-game.js";

const pick = <T>(rand: Rand, items: readonly T[]): T | undefined =>
  items[Math.floor(rand() * items.length)];

export function newHuntGame(seed: string, options: Record<string, unknown> = {}, seats = 12) {
  const created = createGame({
    table: "t1",
    ruleset: "hunt",
    seats: Array.from({ length: seats }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
    options: { allowAnySeatCount: seats < 12 || seats > 13, ...options },
    seed,
    at: T0,
  });
  if (!created.ok) throw new Error(created.errors.join("; "));
  return created.state;
}

/** One seat's random legal answer to its prompt, or a pass where a pass means something. */
export function randomAnswer(state: GameState, seat: number, rand: Rand): SeatAction | null {
  const view = seatView(state, seat);
  const prompt = view.prompt;
  if (!prompt) return view.pass && rand() < 0.5 ? { kind: "pass" } : null;
  const optional = prompt.action !== "shoot" && prompt.action !== "heal";
  if (view.pass && optional && rand() < (prompt.action === "hunt" ? 0.7 : 0.2))
    return { kind: "pass" };
  const target = pick(rand, prompt.targets);
  if (target === undefined) return view.pass ? { kind: "pass" } : null;
  const option = pick(rand, prompt.options);
  return { kind: "act", action: prompt.action, targets: [target], ...(option ? { option } : {}) };
}

/** The next batch of inputs: every seat's answer, sometimes the host's `next` or the timer. */
export function nextHuntInputs(state: GameState, rand: Rand, at: number): EngineInput[] {
  const pub = publicView(state, at);
  if (pub.phase === "setup") return [{ type: "host", at, action: { cmd: "start" } }];
  if (pub.phase === "ended") return [];
  const out: EngineInput[] = [];
  const living = pub.seats.filter((s) => s.alive).map((s) => s.seat);
  if (rand() < 0.005) {
    out.push({ type: "host", at, action: { cmd: "remove", seat: pick(rand, living) as number } });
  }
  for (const seat of living) {
    if (rand() < 0.15) continue; // not everyone answers at once
    const action = randomAnswer(state, seat, rand);
    if (action) out.push({ type: "seat", at, seat, action });
  }
  if (rand() < 0.3) {
    out.push(
      rand() < 0.5 || pub.until === null
        ? { type: "host", at, action: { cmd: "next" } }
        : { type: "timer", at: Math.max(at, pub.until) },
    );
  }
  return out;
}
