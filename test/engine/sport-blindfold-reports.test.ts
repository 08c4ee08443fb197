/**
 * QUIET-BLINDFOLD-02 in sport: a paddle's night report of its blindfold (QUIET-BLINDFOLD-01)
 * comes up to a period after the lift it tells, so a lift made while the step before woke
 * the seat may be reported in the next step. Such a report removes no one at once; the
 * step's end judges the blindfold as it judges one left off after a wake (SPORT-NIGHT0-05).
 * An edge (a wired seat, an older paddle) is judged as before (SPORT-FOUL-16).
 */
import { describe, expect, it } from "vitest";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";

/** Zero night's meeting, every seat blindfolded but the three blacks (1, 2, 3). */
function meeting(): EngineDriver {
  const d = new EngineDriver().start(DEAL);
  for (let n = 4; n <= 10; n++) d.blindfold(n, true);
  for (let n = 1; n <= 3; n++) d.blindfold(n, true).blindfold(n, false);
  return d;
}

const report = (d: EngineDriver, seat: number, on: boolean) =>
  d.seat(seat, { kind: "blindfold", on, report: true });
const out = (d: EngineDriver, seat: number) => d.state.seats[seat - 1]?.out ?? null;

describe("sport reads the blindfold reports (QUIET-BLINDFOLD-02)", () => {
  it("QUIET-BLINDFOLD-02: a report of a lift in the step after the seat's wake removes no one at once; the step's end does if it stays off", () => {
    const d = meeting();
    // Seat 2 put it on as the meeting ended, and its report that it was off comes late.
    d.blindfold(2, true);
    d.next();
    expect(d.state.step).toBe("don");
    expect(report(d, 2, false)).toBeNull();
    expect(out(d, 2)).toBeNull();
    expect(d.state.seats[1]?.blindfoldOn).toBe(false);
    // Back on before the Don's step ends: nothing.
    expect(report(d, 2, true)).toBeNull();
    // Seat 3's report says off and it stays off: the Don's step's end removes it.
    d.blindfold(3, true);
    expect(report(d, 3, false)).toBeNull();
    expect(out(d, 3)).toBeNull();
    d.next();
    expect(out(d, 2)).toBeNull();
    expect(out(d, 3)).toBe("removed");
  });

  it("QUIET-BLINDFOLD-02: a report removes at once a seat neither this step nor the one before woke; an edge, as ever", () => {
    const d = meeting();
    for (let n = 1; n <= 3; n++) d.blindfold(n, true);
    d.next(); // the Don's step
    expect(report(d, 5, false)).toBeNull(); // a civilian: never woken
    expect(out(d, 5)).toBe("removed");
    d.blindfold(2, false); // an edge from a mafioso the meeting woke: SPORT-FOUL-16 as before
    expect(out(d, 2)).toBe("removed");
    d.next(); // the Sheriff's step: the Don's step woke seat 1, the meeting seat 3
    expect(report(d, 3, false)).toBeNull();
    expect(out(d, 3)).toBe("removed");
  });
});
