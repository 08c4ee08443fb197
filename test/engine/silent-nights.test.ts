/** Silent nights in the engine: decoy prompts, answers that change nothing, and the shared stir. */
import { describe, expect, it } from "vitest";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";
import { BOSS, DOCTOR, type HuntTable, huntTable, MANIAC } from "../helpers/hunt.js";

function nightOne(options: Record<string, unknown> = {}): EngineDriver {
  const d = new EngineDriver({ options }).start(DEAL).skipNight();
  d.passAll();
  expect(d.state).toMatchObject({ phase: "night", step: "mafia", round: 1 });
  return d;
}

describe("silent nights", () => {
  it("every living seat has a prompt at every night step: its own or a decoy of the same shape", () => {
    const d = nightOne();
    for (const step of ["mafia", "don", "sheriff"]) {
      expect(d.state.step).toBe(step);
      for (let n = 1; n <= 10; n++) {
        const prompt = d.view(n).prompt;
        expect(prompt).toMatchObject({ min: 1, max: 1, options: [] });
        expect(Object.keys(prompt ?? {}).sort()).toEqual([
          "action",
          "max",
          "min",
          "options",
          "targets",
          "until",
        ]);
      }
      d.next();
    }
  });

  it("a decoy answer or a pass is acknowledged like a real one and changes nothing in the game", () => {
    const d = nightOne();
    const flow = structuredClone(d.state.flow);
    const before = d.effects.length;
    d.actOk(5, "decoy", [1]);
    d.pass(6);
    expect(d.state.flow).toEqual(flow);
    expect(d.effects.slice(before)).toEqual([
      { type: "signal", seat: 5, signal: { haptic: "short" } },
      { type: "signal", seat: 6, signal: { haptic: "short" } },
    ]);
    expect(d.view(5).prompt).toBeNull(); // answered: no second decoy this step
    expect(d.act(5, "decoy", [1])?.code).toBe("no_prompt");
    expect(d.act(1, "decoy", [2])?.code).toBe("bad_action"); // the Don has a real prompt
  });

  it("each accepted night answer changes every living seat's view once (stir), whoever gave it", () => {
    const d = nightOne();
    d.actOk(1, "shoot", [7]);
    d.actOk(9, "decoy", [3]);
    for (let n = 1; n <= 10; n++) expect(d.view(n).stir).toBe(2);
    d.next();
    for (let n = 1; n <= 10; n++) expect(d.view(n).stir).toBe(0);
  });

  it("with decoys off, only the seats the step has woken get a prompt", () => {
    const d = nightOne({ decoys: false });
    expect(d.view(5).prompt).toBeNull();
    expect(d.act(5, "decoy", [1])?.code).toBe("no_prompt");
    expect(d.view(1).prompt?.action).toBe("shoot");
    d.actOk(1, "shoot", [7]);
    expect(d.view(5).stir).toBe(0);
  });
});

describe("silent nights in hunt", () => {
  it("every living seat has a night prompt, real or decoy, naming one target", () => {
    const d = huntTable();
    for (let n = 1; n <= 12; n++) {
      expect(d.view(n).prompt, `seat ${n}`).toMatchObject({ min: 1, max: 1 });
    }
  });

  it("the same traffic whoever hunts: a hunt, a pass and a decoy look alike to every other seat", () => {
    const views = (d: HuntTable) =>
      [1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12].map((n) => JSON.stringify(d.view(n)));
    const hunting = huntTable().hunt(6, 2, "mafia");
    const passing = huntTable().pass(6);
    const decoy = huntTable().actOk(MANIAC, "kill", [7]);
    expect(views(hunting)).toEqual(views(passing));
    expect(hunting.effects.at(-1)).toEqual({
      type: "signal",
      seat: 6,
      signal: { haptic: "short" },
    });
    expect(passing.effects).toEqual(hunting.effects);
    for (const d of [hunting, passing, decoy]) expect(d.view(9).stir).toBe(1);
  });

  it("the night ends when every living seat has answered and the shot and the heal are in", () => {
    const d = huntTable();
    for (const n of [5, 6, 7, 8, 9, 10, 11, 12]) d.pass(n);
    d.actOk(BOSS, "block", [9]).actOk(2, "shoot", [8]).pass(3);
    expect(d.state.phase).toBe("night");
    d.actOk(DOCTOR, "heal", [10]);
    expect(d.state).toMatchObject({ phase: "day", step: "discussion" });
    expect(d.dead()).toEqual([8]);
  });
});
