/** Silent nights in the engine: decoy prompts, answers that change nothing, and the shared stir. */
import { describe, expect, it } from "vitest";
import { DEAL, EngineDriver } from "../helpers/engine-driver.js";
import { BOSS as FORUM_BOSS, forumTable } from "../helpers/forum.js";
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

  it("a seat's view counts its own accepted night answers (answers), no other seat's; 0 by day", () => {
    const d = nightOne();
    for (let n = 1; n <= 10; n++) expect(d.view(n).answers).toBe(0);
    d.actOk(1, "shoot", [7]);
    d.pass(9);
    expect([d.view(1).answers, d.view(9).answers, d.view(5).answers]).toEqual([1, 1, 0]);
    expect(d.act(9, "decoy", [3])?.code).toBe("no_prompt"); // refused: not counted
    expect(d.view(9).answers).toBe(1);
    d.next();
    for (let n = 1; n <= 10; n++) expect(d.view(n).answers).toBe(0);
  });

  it("a decoy naming a seat that died since its view was sent is taken like any decoy", () => {
    const d = nightOne();
    const seven = d.state.seats.find((s) => s.seat === 7);
    if (seven) seven.alive = false; // as the forum terrorist's attack does mid-night
    expect(d.view(5).prompt?.targets).not.toContain(7);
    d.actOk(5, "decoy", [7]);
    expect(d.view(5).answers).toBe(1);
    expect(d.act(2, "shoot", [7])?.code).toBe("bad_target"); // a real answer still may not
  });

  it("QUIET-REFUSED-01: a real act refused while its seat owes an answer is that answer, dropped, its refusal signalled", () => {
    const d = nightOne();
    const seven = d.state.seats.find((s) => s.seat === 7);
    if (seven) seven.alive = false; // as the forum terrorist's attack does mid-night
    const flow = structuredClone(d.state.flow);
    const before = d.effects.length;
    expect(d.act(2, "shoot", [7])?.code).toBe("bad_target"); // the driver reports the drop
    expect(d.lastRejection?.message).toContain("QUIET-REFUSED-01");
    expect(d.effects.slice(before)).toEqual([
      { type: "signal", seat: 2, signal: { error: "bad_target", haptic: "long" } },
    ]);
    expect(d.state.flow).toEqual(flow); // dropped: no shot
    expect(d.view(2).answers).toBe(1); // counted: the device owes nothing more
    expect(d.view(2).pass).toBeNull();
    for (let n = 1; n <= 10; n++) if (n !== 7) expect(d.view(n).stir).toBe(1);
    // Owing nothing more, a refusal is a plain refusal: nothing counted, nothing stirred.
    const state = JSON.stringify(d.state);
    const rejected = d.feed({
      type: "seat",
      at: d.at,
      seat: 2,
      action: { kind: "act", action: "shoot", targets: [7] },
    });
    expect(rejected?.code).toBe("bad_target");
    expect(JSON.stringify(d.state)).toBe(state);
    d.actOk(2, "shoot", [8]); // the player may still act, an input more by his choice
    expect(d.view(2).answers).toBe(2);
  });

  it("QUIET-REFUSED-01: a decoy with a bad target, sent while owed, is counted and signalled as refused too", () => {
    const d = nightOne();
    const before = d.effects.length;
    expect(d.act(5, "decoy", [42])?.code).toBe("bad_target");
    expect(d.effects.slice(before)).toEqual([
      { type: "signal", seat: 5, signal: { error: "bad_target", haptic: "long" } },
    ]);
    expect(d.view(5).answers).toBe(1);
    expect(d.view(5).prompt).toBeNull();
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

  it("HUNT-DOC-02, HUNT-MAF-02, QUIET-REQUIRED-01: a move the night waits for is offered 'nothing', counted as an answer that skips nothing: the night still waits for the move", () => {
    const d = huntTable();
    expect(d.view(DOCTOR).pass).toBe("nothing");
    expect(d.view(DOCTOR).prompt?.required).toBe(true); // the move is still owed
    d.pass(DOCTOR).pass(DOCTOR); // what an idle device fills at the common moment
    expect(d.view(DOCTOR)).toMatchObject({ answers: 2, pass: null });
    expect(d.view(DOCTOR).prompt).toMatchObject({ action: "heal", required: true });
    expect(d.view(2).pass).toBe("nothing"); // a mafioso, while the shot is not in
    d.pass(2).pass(2);
    expect(d.view(2).prompt).toMatchObject({ action: "shoot", required: true });
    d.pass(BOSS); // declines his block (HUNT-BOSS-03), led to the shot
    expect(d.view(BOSS).prompt).toMatchObject({ action: "shoot", required: true });
    d.pass(BOSS); // counted; the shot is still owed
    for (const n of [3, 5, 6, 7, 8, 9, 10, 11, 12]) d.pass(n).pass(n);
    expect(d.state.phase).toBe("night"); // every answer is in, the shot and the heal are not
    d.actOk(BOSS, "shoot", [8]); // a third input, from the seat that makes the move late
    expect(d.view(2).prompt?.required).toBeUndefined();
    d.actOk(DOCTOR, "heal", [10]);
    expect(d.state).toMatchObject({ phase: "day", step: "discussion" });
    expect(d.dead()).toEqual([8]);
  });

  it("HUNT-DOC-02, HUNT-MAF-02 with decoys off: the Doctor's owed heal and a missing shot offer no pass and refuse one", () => {
    const d = huntTable({ decoys: false });
    expect(d.view(DOCTOR).pass).toBeNull();
    expect(d.seat(DOCTOR, { kind: "pass" })?.code).toBe("not_your_turn");
    expect(d.view(2).pass).toBeNull(); // a mafioso, while the shot is not in
    expect(d.seat(2, { kind: "pass" })?.code).toBe("not_your_turn");
    expect(d.view(BOSS).pass).toBe("nothing"); // his block may be skipped (HUNT-BOSS-03)
    d.pass(BOSS);
    d.actOk(BOSS, "shoot", [8]);
    expect(d.view(2).pass).toBe("nothing");
    d.actOk(DOCTOR, "heal", [10]);
  });

  it("HUNT-QUIET-01: the night ends when every living seat has answered twice and the shot and the heal are in", () => {
    const d = huntTable();
    for (const n of [5, 6, 7, 8, 9, 10, 11, 12]) d.pass(n).pass(n);
    d.actOk(BOSS, "block", [9]).actOk(BOSS, "shoot", [8]).pass(2).pass(2).pass(3).pass(3);
    d.actOk(DOCTOR, "heal", [10]);
    expect(d.state.phase).toBe("night"); // the Doctor owes one more answer
    d.pass(DOCTOR);
    expect(d.state).toMatchObject({ phase: "day", step: "discussion" });
    expect(d.dead()).toEqual([8]);
  });

  it("HUNT-QUIET-01: every role sends two night inputs and gets two signals", () => {
    const d = huntTable();
    const inputs = new Map<number, string[]>();
    // Each seat does what its paddle shows: a prompt it has not answered yet, else "nothing"
    // (the Boss is led from the block to the shot; the others see their one prompt twice,
    // or a decoy), until its view stops offering "nothing". A move the night waits for (the
    // Doctor's heal, the shot) offers no "nothing" (mayDecline): it is given.
    for (let round = 0; round < 3 && d.state.phase === "night"; round++) {
      for (let n = 1; n <= 12 && d.state.phase === "night"; n++) {
        const v = d.view(n);
        const sent = inputs.get(n) ?? [];
        const prompt = v.prompt;
        const fresh = prompt !== null && !sent.includes(prompt.action) && sent.length < 2;
        if (v.pass !== "nothing" && !fresh) continue;
        if (prompt && fresh) {
          const target = prompt.targets.find((t) => t !== n) as number;
          const option = prompt.options[0];
          d.ok({
            type: "seat",
            at: d.at,
            seat: n,
            action: { kind: "act", action: prompt.action, targets: [target], option },
          });
          sent.push(prompt.action);
        } else {
          d.pass(n);
          sent.push("pass");
        }
        inputs.set(n, sent);
      }
    }
    expect(d.state.phase).toBe("day");
    const perSeat = (n: number) => ({
      inputs: inputs.get(n)?.length,
      signals: d.effects.filter((e) => e.type === "signal" && e.seat === n).length,
    });
    for (let n = 1; n <= 12; n++)
      expect({ n, ...perSeat(n) }).toEqual({ n, inputs: 2, signals: 2 });
    expect(inputs.get(BOSS)).toEqual(["block", "shoot"]);
    expect(inputs.get(6)).toEqual(["hunt", "pass"]); // a civilian with the right to hunt
    expect(inputs.get(2)).toEqual(["shoot", "pass"]);
  });

  it("HUNT-QUIET-01: a seat that gave its two answers owes nothing more: a third pass changes nothing and stirs nobody", () => {
    const d = huntTable().pass(6).pass(6);
    expect(d.view(6).pass).toBeNull();
    const stir = d.view(7).stir;
    const signals = d.effects.length;
    expect(d.seat(6, { kind: "pass" })).toBeNull(); // no error for declining what is left (issue 24)
    expect(d.view(7).stir).toBe(stir);
    expect(d.effects.slice(signals)).toEqual([
      { type: "signal", seat: 6, signal: { haptic: "short" } },
    ]);
  });
});

/**
 * Each seat does what its paddle or phone shows: an offer it has not answered yet, else
 * "nothing", while its view still offers "nothing". Returns what each seat sent.
 */
function playNight(d: EngineDriver, seats: number): Map<number, string[]> {
  const sent = new Map<number, string[]>();
  const night = `${d.state.phase} ${d.state.round}`;
  for (let pass = 0; pass < 3; pass++) {
    for (let n = 1; n <= seats && `${d.state.phase} ${d.state.round}` === night; n++) {
      const v = d.view(n);
      if (v.pass !== "nothing") continue;
      const mine = sent.get(n) ?? [];
      const offer = [...(v.offers ?? []), ...(v.prompt ? [v.prompt] : [])].find(
        (p) => !mine.includes(p.action),
      );
      if (offer) {
        const targets = offer.targets.filter((t) => t !== n).slice(0, offer.min);
        const option = offer.options[0];
        d.ok({
          type: "seat",
          at: d.at,
          seat: n,
          action: { kind: "act", action: offer.action, targets, option },
        });
        mine.push(offer.action);
      } else {
        d.pass(n);
        mine.push("pass");
      }
      sent.set(n, mine);
    }
  }
  return sent;
}

describe("silent nights in the forum", () => {
  it("FORUM-QUIET-01: every living seat sends two night answers and gets two signals, the office holder's kill and successor included", () => {
    const d = forumTable({ firstPhase: "night" }).pastStatus();
    expect(d.state.phase).toBe("night");
    const before = d.effects.length;
    const living = d.state.seats.filter((s) => s.alive).map((s) => s.seat);
    const sent = playNight(d, d.state.seats.length);
    expect(sent.get(FORUM_BOSS)).toEqual(["kill", "successor"]);
    for (const n of living) {
      const signals = d.effects
        .slice(before)
        .filter((e) => e.type === "signal" && e.seat === n).length;
      expect({ n, answers: sent.get(n)?.length, signals }).toEqual({ n, answers: 2, signals: 2 });
      expect(d.view(n).pass).toBeNull();
      // What a device counts before it sends another: the hub took both (docs/PROTOCOL.md).
      expect(d.view(n).answers).toBe(2);
    }
  });
});
