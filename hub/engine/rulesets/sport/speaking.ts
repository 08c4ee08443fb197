/**
 * The speaking queue: day speeches (SPORT-DAY-02..05), shootout justifications
 * (SPORT-TIE-02) and last words (SPORT-LAST-01/02), one turn at a time.
 */
import { sportOf } from "./context.js";
import type { AfterTurns, SportGame, Turn } from "./flow.js";
import { phases } from "./phases.js";

export const SPEAKING_STEPS: readonly string[] = ["speech", "shootout", "lastword"];

/**
 * SPORT-FOUL-12, SPORT-OPEN-05: a player silenced for today loses his day speech; under
 * (b) "allSpeaking" also his justification and last word. The one place this is decided.
 */
function maySpeak(g: SportGame, turn: Turn): boolean {
  const { flow, o } = sportOf(g);
  if (flow.silenced[String(turn.seat)] !== g.state.round) return true;
  if (turn.step !== "speech" && o.silencedLoses !== "allSpeaking") return true;
  g.log("speech.lost", [turn.seat], { round: g.state.round, step: turn.step });
  return false;
}

/** Starts a sequence of turns; owed last words (SPORT-OPEN-07 b) come first. */
export function startTurns(g: SportGame, turns: Turn[], after: AfterTurns): void {
  const { flow, o } = sportOf(g);
  const owed = flow.owedLastWords.map((seat) => ({
    seat,
    step: "lastword" as const,
    seconds: o.lastWordSeconds,
  }));
  flow.owedLastWords = [];
  flow.turns = [...owed, ...turns].filter((turn) => maySpeak(g, turn));
  flow.after = after;
  nextTurn(g);
}

export function nextTurn(g: SportGame): void {
  const { flow } = sportOf(g);
  const state = g.state;
  flow.nominatedThisTurn = 0;
  const turn = flow.turns.shift();
  if (turn) {
    state.speaker = turn.seat;
    g.enter("day", turn.step, turn.seconds);
    return;
  }
  state.speaker = null;
  afterTurns(g, flow.after);
}

function afterTurns(g: SportGame, after: AfterTurns): void {
  switch (after) {
    case "nominees":
      phases().announceNominees(g);
      return;
    case "revote":
      phases().startRevote(g);
      return;
    case "night":
      phases().startNight(g);
      return;
    case "speeches":
      phases().startSpeeches(g);
      return;
  }
}

export function isSpeaking(g: SportGame): boolean {
  return g.state.phase === "day" && SPEAKING_STEPS.includes(g.state.step);
}

export function dropTurns(g: SportGame, seat: number): void {
  const { flow } = sportOf(g);
  flow.turns = flow.turns.filter((t) => t.seat !== seat);
}

/** Ends the current turn if it is this seat's (a "thank you", the 3rd foul, a removal). */
export function endTurnIfSpeaking(g: SportGame, seat: number): void {
  if (isSpeaking(g) && g.state.speaker === seat) nextTurn(g);
}
