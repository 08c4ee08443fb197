/**
 * Issue 10, secrecy in `app`: a seat that leaves (disconnect or removal) must not change
 * anything public in a way that depends on who voted for whom, and a night's length must
 * not depend on who had a night role (APP-OPEN-17, APP-OPEN-13 under silent nights).
 */
import { describe, expect, it } from "vitest";
import { EngineDriver } from "../helpers/engine-driver.js";

/** Pate 1, Consigliere 2, Kommissar 3, Arzt 4, Stadträte 5..7. */
const SEVEN = ["godfather", "consigliere", "commissar", "doctor", ...Array(3).fill("councillor")];

function table(): EngineDriver {
  // A leave at once (APP-DISC-01): the default grace only delays the same leave.
  const options = { mafia: 2, commissar: true, doctor: true, disconnectGraceSeconds: 0 };
  return new EngineDriver({ ruleset: "app", seats: 7, options }).start(SEVEN);
}

const drop = (d: EngineDriver, seat: number) =>
  d.ok({ type: "presence", at: d.at, seat, online: false });
const remove = (d: EngineDriver, seat: number) =>
  d.ok({ type: "host", at: d.at, action: { cmd: "remove", seat } });

/** The night's real answers: the Pate kills 7, the Arzt heals himself, the Kommissar checks 1. */
const REAL: Record<number, [string, number]> = {
  1: ["kill", 7],
  2: ["kill", 7],
  3: ["investigate", 1],
  4: ["heal", 4],
};

/** Seat `s` answers its night prompt: its real choice, else "nothing". */
function answer(d: EngineDriver, s: number): void {
  const real = REAL[s];
  if (real) d.actOk(s, real[0], [real[1]]);
  else d.pass(s);
}

/** Day 1, vote open: seats 1..7 alive but 7 (killed in the night). */
function inVote(): EngineDriver {
  const d = table().answerRest([1, 3, 4]);
  for (const s of [3, 4, 1]) answer(d, s);
  expect(d.pub.seats[6]?.alive).toBe(false);
  return d.next();
}

describe("issue 10: leaving tells nothing secret (app)", () => {
  it("APP-OPEN-17: a leave during the vote changes the public view alike, whoever voted for the leaver", () => {
    for (const leave of [drop, remove]) {
      // The same voters have voted in both; only their choices differ.
      const forHim = inVote().actOk(1, "vote", [5]).actOk(2, "vote", [5]).actOk(3, "vote", [6]);
      const forOther = inVote().actOk(1, "vote", [6]).actOk(2, "vote", [6]).actOk(3, "vote", [5]);
      leave(forHim, 5);
      leave(forOther, 5);
      expect(forHim.pub.step).toBe("vote");
      expect(forHim.pub).toEqual(forOther.pub);
      for (const s of [1, 2, 3, 4, 6]) expect(forHim.view(s)).toEqual(forOther.view(s));
    }
  });

  it("APP-OPEN-13: only the required choices in, the night goes on whoever leaves", () => {
    for (const leaver of [2, 5, 6, 7]) {
      const d = table();
      for (const s of [3, 4, 1]) answer(d, s); // every required choice is in
      expect(d.pub.phase).toBe("night"); // the others have not answered yet
      drop(d, leaver);
      expect([leaver, d.pub.phase]).toEqual([leaver, "night"]);
    }
  });

  it("APP-OPEN-13: a night ends at a disconnect exactly when the leaver was the last to answer, whatever his role", () => {
    const outcomes = [1, 2, 3, 4, 5, 6, 7].map((leaver) => {
      const d = table();
      for (const s of [2, 3, 4, 5, 6, 7, 1]) if (s !== leaver) answer(d, s);
      const before = d.pub.phase;
      drop(d, leaver);
      return [before, d.pub.phase];
    });
    expect(outcomes).toEqual(Array(7).fill(["night", "day"]));
  });

  it("APP-OPEN-13: with every living seat answered the night ends, also when the Arzt answered 'nothing'", () => {
    const d = table();
    for (const s of [1, 2, 3, 5, 6, 7]) answer(d, s);
    expect(d.pub.phase).toBe("night");
    d.pass(4);
    expect(d.pub.phase).toBe("day");
    expect(d.pub.seats[6]?.alive).toBe(false); // nobody was protected
  });
});
