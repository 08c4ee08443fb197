/**
 * Hunt: seats with two moves a night (the Doctor's heal and hunt, the Boss's block and shot)
 * are offered both and may make both before their answers count as final; a seat that acted
 * may decline what is left without an error (issue 24, "Rules found wrong from outside").
 */
import { describe, expect, it } from "vitest";
import { BOSS, DOCTOR, huntTable } from "../helpers/hunt.js";

const actions = (d: ReturnType<typeof huntTable>, seat: number) =>
  (d.view(seat).offers ?? []).map((p) => p.action);

describe("hunt: two moves a night", () => {
  it("HUNT-DOC-07: the Doctor is offered the heal and the hunt at once, the Boss the block and the shot", () => {
    const d = huntTable();
    expect(d.view(DOCTOR).prompt?.action).toBe("heal");
    expect(actions(d, DOCTOR)).toEqual(["heal", "hunt"]);
    expect(actions(d, BOSS)).toEqual(["block", "shoot"]);
    expect(actions(d, 6)).toEqual(["hunt"]); // a civilian has one move
    // He may hunt straight away; the heal he has not answered is then what his paddle shows.
    d.hunt(DOCTOR, 2, "mafia");
    expect(d.view(DOCTOR).prompt?.action).toBe("heal");
    expect(actions(d, DOCTOR)).toEqual(["heal", "hunt"]);
  });

  it("HUNT-DOC-07: a Doctor who heals last is still asked whether he goes hunting (silent nights)", () => {
    const d = huntTable();
    for (const n of [5, 6, 7, 8, 9, 10, 11, 12]) d.pass(n).pass(n);
    d.actOk(BOSS, "block", [9]).actOk(BOSS, "shoot", [8]).pass(2).pass(2).pass(3).pass(3);
    d.actOk(DOCTOR, "heal", [8]);
    expect(d.state.phase).toBe("night");
    expect(d.view(DOCTOR).prompt?.action).toBe("hunt");
    d.hunt(DOCTOR, 2, "mafia"); // HUNT-DOC-07: hunting, he loses tonight's heal
    expect(d.state.phase).toBe("day");
    expect(d.dead().sort((a, b) => a - b)).toEqual([2, 8]);
  });

  it("HUNT-DOC-07: with decoys off, the night waits for the Doctor's answer to the hunt after his heal", () => {
    const d = huntTable({ decoys: false });
    d.actOk(BOSS, "block", [9]).actOk(BOSS, "shoot", [8]).pass(2).pass(3).pass(5);
    for (const n of [6, 7, 8, 9, 10, 11, 12]) d.pass(n);
    d.actOk(DOCTOR, "heal", [8]);
    expect(d.state.phase).toBe("night"); // the night used to close here
    expect(d.view(DOCTOR).prompt?.action).toBe("hunt");
    d.pass(DOCTOR); // no hunt tonight: his heal stands
    expect(d.state.phase).toBe("day");
    expect(d.dead()).toEqual([]);
  });

  it("HUNT-BOSS-03: a Boss who shot first is asked to block next (decoys off: the night waits for it)", () => {
    const d = huntTable({ decoys: false });
    d.actOk(BOSS, "shoot", [8]);
    expect(d.view(BOSS).prompt?.action).toBe("block");
    for (const n of [2, 3, 5, 6, 7, 8, 9, 10, 11, 12]) d.pass(n);
    d.actOk(DOCTOR, "heal", [10]).pass(DOCTOR);
    expect(d.state.phase).toBe("night");
    d.actOk(BOSS, "block", [9]);
    expect(d.state.phase).toBe("day");
    expect(d.dead()).toEqual([8]);
  });

  it("HUNT-QUIET-01, HUNT-MAF-02: a seat that acted may decline what is left with `pass`, without an error, but not a shot the night still waits for", () => {
    const off = huntTable({ decoys: false });
    off.actOk(BOSS, "block", [9]);
    // HUNT-MAF-02: not the shot while none is in; once a mafioso's is, it may be declined.
    expect(off.seat(BOSS, { kind: "pass" })?.code).toBe("not_your_turn");
    off.actOk(2, "shoot", [8]);
    expect(off.seat(BOSS, { kind: "pass" })).toBeNull(); // declines the shot
    expect(off.seat(BOSS, { kind: "pass" })).toBeNull(); // nothing left: changes nothing
    off.hunt(6, 2, "mafia");
    expect(off.seat(6, { kind: "pass" })).toBeNull();
    const on = huntTable();
    on.actOk(BOSS, "block", [9]).actOk(BOSS, "shoot", [8]);
    const stir = on.view(7).stir;
    expect(on.seat(BOSS, { kind: "pass" })).toBeNull();
    expect(on.view(7).stir).toBe(stir); // a pass owed nobody stirs nobody's view
    expect(on.state.flow.night).toMatchObject({
      books: { blocks: { [BOSS]: 9 } },
      shot: { by: BOSS, target: 8 },
    });
  });
});
