/**
 * APP: what `pass` may do at night (issue 24, "Rules found wrong from outside"): the deciding
 * mafioso may not skip while the night waits for him (APP-OPEN-03 a), and a seat that made
 * its choice may press `pass` again without an error.
 */
import { describe, expect, it } from "vitest";
import { appSeven } from "../helpers/app.js";
import type { EngineDriver } from "../helpers/engine-driver.js";

/** Pate 1, Consigliere 2, Kommissar 3, Arzt 4, Stadträte 5..7 (helpers/app.ts). */
const table = appSeven;

const dead = (d: EngineDriver) => d.state.seats.filter((s) => !s.alive).map((s) => s.seat);

describe("app: passing at night", () => {
  it("APP-OPEN-03 (a, default), QUIET-REQUIRED-01: the deciding member's 'nothing' counts as his answer and skips nothing; the night waits for his choice", () => {
    const d = table();
    expect(d.view(1).pass).toBe("nothing"); // what his idle phone fills at the common moment
    expect(d.view(1).prompt?.required).toBe(true);
    expect(d.seat(1, { kind: "pass" })).toBeNull();
    expect(d.view(1)).toMatchObject({ answers: 1, pass: null });
    expect(d.view(1).prompt).toMatchObject({ action: "kill", required: true });
    expect(d.view(2).pass).toBe("nothing");
    d.answerRest([1]);
    expect(d.state.phase).toBe("night"); // everyone answered: still night
    d.actOk(1, "kill", [6]);
    expect(d.state.phase).toBe("day");
    expect(dead(d)).toEqual([6]);
  });

  it("APP-OPEN-03 (b) missingKill 'noKill': the deciding member may answer 'nothing', and the night ends without a victim", () => {
    const d = table({ missingKill: "noKill" });
    expect(d.view(1).pass).toBe("nothing");
    d.answerRest();
    expect(d.state.phase).toBe("day");
    expect(dead(d)).toEqual([]);
  });

  it("APP-QUIET-01: a seat that made its night choice may press `pass` again without an error, changing nothing", () => {
    const on = table();
    on.actOk(4, "heal", [5]);
    const stir = on.view(6).stir;
    expect(on.seat(4, { kind: "pass" })).toBeNull();
    expect(on.view(6).stir).toBe(stir);
    expect(on.state.flow.night).toMatchObject({ heal: 5, healer: 4 });
    const off = table({ decoys: false });
    off.actOk(2, "kill", [6]);
    expect(off.seat(2, { kind: "pass" })).toBeNull();
    expect(off.seat(5, { kind: "pass" })?.code).toBe("not_your_turn"); // nothing to decline
  });
});
