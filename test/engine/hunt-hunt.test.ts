/** Hunt: the civilians' free hunt, the order of the night, and what the morning tells (RULES.md §3 HUNT, ORDER, REVEAL). */
import { describe, expect, it } from "vitest";
import { type HuntOptions, parseHuntOptions } from "../../hub/engine/rulesets/hunt/options.js";
import { huntTable as priorityTable } from "../../hub/engine/rulesets/hunt/resolve.js";

/** The priority table with the default options: each step's kinds and labels. */
function steps(options: Record<string, unknown> = {}): string[][] {
  const parsed = parseHuntOptions(options, 12);
  if (!parsed.ok) throw new Error(parsed.errors.join());
  return priorityTable(parsed.options as HuntOptions).map((step) =>
    step.map((e) => `${e.kind}:${e.label}`),
  );
}

import { BOSS, DOCTOR, huntTable, MANIAC } from "../helpers/hunt.js";

describe("hunt: the free hunt", () => {
  it("HUNT-HUNT-01: every civilian may apply to hunt, and need not", () => {
    const d = huntTable();
    for (let s = 6; s <= 12; s++) expect(d.view(s).prompt?.action).toBe("hunt");
    d.pass(6); // "nothing tonight"
    d.actOk(2, "shoot", [8]).actOk(DOCTOR, "heal", [9]).expire();
    expect(d.state.phase).toBe("day"); // the night does not wait for hunters
  });

  it("HUNT-HUNT-02: an application names the target and the claimed status, at night only", () => {
    const d = huntTable();
    expect(d.view(6).prompt).toMatchObject({
      action: "hunt",
      min: 1,
      max: 1,
      options: ["mafia", "maniac"],
    });
    expect(d.act(6, "hunt", [2])?.code).toBe("bad_option"); // no status
    d.hunt(6, 2, "mafia");
    expect(d.state.flow.night).toMatchObject({ hunts: { "6": { target: 2, claim: "mafia" } } });
    d.resolve();
    expect(d.view(7).prompt).toBeNull(); // by day there is no hunt
  });

  it("HUNT-HUNT-06: the hunt is resolved before the heal and the shots (only the Boss's block comes first)", () => {
    expect(steps().slice(0, 3)).toEqual([["block:block"], ["hunt:hunt"], ["heal:protect"]]);
    const d = huntTable();
    d.hunt(6, 2, "mafia").actOk(2, "shoot", [6]).resolve(); // the hunter is shot by his victim
    expect(d.dead()).toEqual([2]);
  });

  it("HUNT-HUNT-07: a right guess on a mafioso (the Boss counts as mafia) kills him", () => {
    for (const target of [BOSS, 2, 3]) {
      const d = huntTable().hunt(6, target, "mafia").resolve();
      expect(d.dead()).toEqual([target]);
    }
  });

  it("HUNT-HUNT-08: a right guess on the Maniac kills him", () => {
    const d = huntTable().hunt(7, MANIAC, "maniac").resolve();
    expect(d.dead()).toEqual([MANIAC]);
  });

  it("HUNT-HUNT-12: the engine publishes nothing about applications, so claims by day stay unverifiable", () => {
    const d = huntTable({}, "00000000000000000000000000000abc");
    const quiet = huntTable({}, "00000000000000000000000000000abc");
    d.hunt(6, 2, "mafia").actOk(BOSS, "block", [6]).resolve();
    quiet.actOk(BOSS, "block", [6]).resolve();
    expect(JSON.stringify({ ...d.pub, now: 0 })).toBe(JSON.stringify({ ...quiet.pub, now: 0 }));
  });

  it("HUNT-HUNT-15: only civilians (the Doctor included) may hunt; the mafia and the Maniac cannot", () => {
    const d = huntTable();
    for (const s of [BOSS, 2, 3, MANIAC]) {
      expect(d.act(s, "hunt", [6])?.code).toMatch(/bad_action|bad_option/);
      expect(d.view(s).prompt?.action).not.toBe("hunt");
    }
    d.actOk(DOCTOR, "heal", [8]);
    expect(d.view(DOCTOR).prompt?.action).toBe("hunt"); // his second question
  });

  it("HUNT-OPEN-14: only valid applications: no self-hunt, only mafia/maniac, one per civilian (the last counts)", () => {
    const d = huntTable();
    expect(d.view(6).prompt?.targets).not.toContain(6);
    expect(d.act(6, "hunt", [6])?.code).toBe("bad_target");
    expect(d.seat(6, { kind: "act", action: "hunt", targets: [2], option: "boss" })?.code).toBe(
      "bad_option",
    );
    d.hunt(6, 7, "mafia").hunt(6, 2, "mafia").resolve();
    expect(d.dead()).toEqual([2]); // the second application replaced the first
  });

  it("HUNT-OPEN-03: by option, blocked applicants are dropped before the lot, or the hunt cannot be blocked", () => {
    const before = huntTable({ blockedHunt: "beforeDraw" });
    before.actOk(BOSS, "block", [6]).hunt(6, 7, "mafia").hunt(8, 2, "mafia").resolve();
    expect(before.dead()).toEqual([2]);
    const unblockable = huntTable({ blockedHunt: "unblockable" });
    unblockable.actOk(BOSS, "block", [6]).hunt(6, 7, "mafia").resolve();
    expect(unblockable.dead()).toEqual([6]);
  });
});

describe("hunt: the order of the night", () => {
  it("HUNT-ORDER-01: block, hunt, heal, Maniac's shot, mafia's shot, in one priority table", () => {
    // The Maniac's and the mafia's shots share the last step (HUNT-OPEN-05 a), the Maniac's first.
    expect(steps()).toEqual([
      ["block:block"],
      ["hunt:hunt"],
      ["heal:protect"],
      ["kill:kill", "shoot:kill"],
    ]);
    expect(steps({ maniacStopsExecutor: true }).slice(3)).toEqual([["kill:kill"], ["shoot:kill"]]);
    // All five at once: the block stops the Maniac, the hunt kills the executor, the heal
    // saves nobody who is shot, and the mafia's shot is cancelled.
    const d = huntTable();
    d.actOk(BOSS, "block", [MANIAC]).hunt(6, 2, "mafia").actOk(DOCTOR, "heal", [8]);
    d.actOk(MANIAC, "kill", [9]).actOk(2, "shoot", [10]).resolve();
    expect(d.dead()).toEqual([2]);
  });
});

describe("hunt: the morning", () => {
  it("HUNT-REVEAL-02: the victim of a successful hunt is announced as such; the hunter is not named", () => {
    const d = huntTable().hunt(6, 2, "mafia").resolve();
    expect(d.morning()).toEqual([{ key: "morning.hunt.success", seats: [2], role: "mafia" }]);
    expect(JSON.stringify(d.logs())).not.toMatch(/"seats":\[6/);
  });

  it("HUNT-REVEAL-03: the hunt's result, successful or failed, is announced", () => {
    expect(huntTable().hunt(6, 2, "mafia").resolve().morning()[0]?.key).toBe(
      "morning.hunt.success",
    );
    expect(huntTable().hunt(6, 7, "mafia").resolve().morning()[0]?.key).toBe("morning.hunt.failed");
  });

  it("HUNT-REVEAL-04: night victims come in seat order, never saying whose shot it was", () => {
    const a = huntTable().actOk(MANIAC, "kill", [8]).actOk(2, "shoot", [9]).resolve();
    const b = huntTable().actOk(MANIAC, "kill", [9]).actOk(2, "shoot", [8]).resolve();
    expect(a.morning()).toEqual(b.morning());
    expect(a.morning().map((m) => m.seats[0])).toEqual([8, 9]);
  });

  it("HUNT-REVEAL-05: the only cause a night death gives is the successful or failed hunt", () => {
    const d = huntTable();
    d.hunt(6, 7, "mafia").actOk(MANIAC, "kill", [8]).actOk(2, "shoot", [9]).resolve();
    expect(d.morning().map((m) => m.key)).toEqual([
      "morning.hunt.failed",
      "morning.killed",
      "morning.killed",
    ]);
    for (const s of d.state.seats.filter((x) => !x.alive)) expect(["killed"]).toContain(s.out);
  });

  it("HUNT-OPEN-11: night deaths show civilian/mafia only (the hunted Maniac in full); by option the exact role", () => {
    const side = huntTable().actOk(MANIAC, "kill", [BOSS]).actOk(2, "shoot", [DOCTOR]).resolve();
    expect(side.morning().map((m) => m.role)).toEqual(["mafia", "civilian"]);
    expect(side.pub.seats[DOCTOR - 1]?.role).toBe("civilian");
    const exact = huntTable({ nightReveal: "role" });
    exact.actOk(MANIAC, "kill", [DOCTOR]).actOk(2, "shoot", [MANIAC]).resolve();
    expect(exact.morning().map((m) => m.role)).toEqual(["doctor", "civilian"]);
  });
});
