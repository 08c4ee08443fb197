/** Hunt: the setup and what each role may do at night (RULES.md §3 SETUP, BOSS, MAFIA, MANIAC, DOCTOR). */
import { describe, expect, it } from "vitest";
import { createGame } from "../../hub/engine/index.js";
import { HUNT_ROLES } from "../../hub/engine/rulesets/hunt/roles/index.js";
import { T0 } from "../helpers/engine-driver.js";
import { BOSS, DOCTOR, HuntTable, huntTable, MANIAC } from "../helpers/hunt.js";

const seats = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
const create = (n: number, options: Record<string, unknown> = {}) =>
  createGame({
    table: "t1",
    ruleset: "hunt",
    seats: seats(n),
    options,
    seed: "0123456789abcdef0123456789abcdef",
    at: T0,
  });

function dealt(n: number): string[] {
  const d = new HuntTable({ ruleset: "hunt", seats: n, options: { allowAnySeatCount: n < 12 } });
  d.start();
  return d.state.seats.map((s) => s.role as string).sort();
}

describe("hunt setup", () => {
  it("HUNT-SETUP-01: 12 or 13 players, 3 mafia with the Boss among them, a Doctor and a Maniac", () => {
    for (const n of [12, 13]) {
      const roles = dealt(n);
      expect(roles.filter((r) => r === "boss")).toHaveLength(1);
      expect(roles.filter((r) => HUNT_ROLES[r]?.team === "mafia")).toHaveLength(3);
      expect(roles.filter((r) => r === "doctor")).toHaveLength(1);
      expect(roles.filter((r) => r === "maniac")).toHaveLength(1);
    }
    for (const n of [11, 14]) {
      const r = create(n);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors.join()).toMatch(/HUNT-SETUP-01/);
    }
    // allowAnySeatCount: demo tables of 4 to 20, the Boss always among the mafia.
    expect(create(8, { allowAnySeatCount: true }).ok).toBe(true);
    expect(dealt(8).filter((r) => HUNT_ROLES[r]?.team === "mafia")).toEqual(["boss", "mafia"]);
    expect(dealt(5)).toEqual(["boss", "civilian", "civilian", "doctor", "maniac"]);
    expect(create(3, { allowAnySeatCount: true }).ok).toBe(false);
  });

  it("HUNT-SETUP-02: there is no Commissar: no role investigates and nobody gets a private result", () => {
    expect(Object.keys(HUNT_ROLES).sort()).toEqual([
      "boss",
      "civilian",
      "doctor",
      "mafia",
      "maniac",
    ]);
    const actions = new Set(Object.values(HUNT_ROLES).flatMap((r) => r.night));
    expect([...actions].sort()).toEqual(["block", "heal", "hunt", "kill", "shoot"]);
    const d = huntTable();
    d.actOk(BOSS, "block", [6]).hunt(6, 7, "mafia").resolve();
    expect(d.state.seats.every((s) => s.results.length === 0)).toBe(true);
  });

  it("HUNT-SETUP-03: the other 7 (at 12) or 8 (at 13) players are plain civilians", () => {
    expect(dealt(12).filter((r) => r === "civilian")).toHaveLength(7);
    expect(dealt(13).filter((r) => r === "civilian")).toHaveLength(8);
  });

  it("HUNT-SETUP-04: every night move is a private input from the seat's own paddle; nothing public changes", () => {
    const d = huntTable();
    const before = JSON.stringify(d.pub);
    d.actOk(BOSS, "block", [DOCTOR]).actOk(2, "shoot", [8]).actOk(MANIAC, "kill", [9]);
    d.actOk(DOCTOR, "heal", [9]).hunt(6, 3, "mafia");
    expect(JSON.stringify(d.pub)).toBe(before);
    // Another seat cannot send a move for the Boss: the move is the sender's own.
    expect(d.act(7, "block", [8])?.code).toBe("bad_action");
  });

  it("HUNT-SETUP-04: the night is one step, so the contract's shared `nightStepSeconds` sets its length", () => {
    const made = create(12, { nightStepSeconds: 45 });
    expect(made.ok && made.state.options.nightSeconds).toBe(45);
    expect(made.ok && "nightStepSeconds" in made.state.options).toBe(false);
    const same = create(12, { nightStepSeconds: 45, nightSeconds: 45 });
    expect(same.ok).toBe(true);
    const clash = create(12, { nightStepSeconds: 45, nightSeconds: 60 });
    expect(clash.ok ? [] : clash.errors).toEqual([
      "options.nightStepSeconds: names the night's length, as nightSeconds does; give one",
    ]);
    const bad = create(12, { nightStepSeconds: 1 });
    expect(bad.ok).toBe(false); // checked like nightSeconds
  });

  it("HUNT-SETUP-05: the Doctor, like every civilian, knows nobody's status", () => {
    const d = huntTable();
    for (const s of [DOCTOR, 6, MANIAC]) {
      expect(d.view(s).allies).toEqual([]);
      expect(d.view(s).allyRoles).toEqual({});
    }
  });

  it("HUNT-SETUP-06: the mafiosi know each other, and which of them is the Boss", () => {
    const d = huntTable();
    expect(d.view(2).allies).toEqual([1, 3]);
    expect(d.view(2).allyRoles).toEqual({ "1": "boss", "3": "mafia" });
    expect(d.view(BOSS).allies).toEqual([2, 3]);
  });
});

describe("hunt Boss", () => {
  it("HUNT-BOSS-01: the Boss is on the mafia team and blocks a player's abilities", () => {
    expect(HUNT_ROLES.boss).toMatchObject({ team: "mafia", knownToTeam: true });
    expect(huntTable().view(BOSS).prompt?.action).toBe("block");
  });

  it("HUNT-BOSS-02: the Boss can block anyone: the Doctor, civilians, the Maniac", () => {
    const targets = huntTable().view(BOSS).prompt?.targets;
    expect(targets).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it("HUNT-BOSS-03: the Boss may skip his block (a pass, or just shooting), and the night resolves", () => {
    const d = huntTable();
    d.pass(BOSS);
    expect(d.view(BOSS).prompt?.action).toBe("shoot"); // asked next for the mafia's shot
    d.actOk(BOSS, "shoot", [8]).actOk(DOCTOR, "heal", [9]).resolve();
    expect(d.dead()).toEqual([8]);
    const off = huntTable({ decoys: false });
    off.pass(BOSS);
    expect(off.view(BOSS).prompt?.action).toBe("shoot");
  });

  it("HUNT-BOSS-06: the Boss's move names exactly one player", () => {
    const d = huntTable();
    expect(d.view(BOSS).prompt).toMatchObject({ action: "block", min: 1, max: 1, options: [] });
    expect(d.act(BOSS, "block", [6, 7])?.code).toBe("bad_target_count");
    d.actOk(BOSS, "block", [6]);
    expect(d.state.flow.night).toMatchObject({ books: { blocks: { [BOSS]: 6 } } });
  });
});

describe("hunt mafia", () => {
  it("HUNT-MAF-01: the mafiosi agree their shot: each sees the others' proposals", () => {
    const d = huntTable();
    d.actOk(2, "shoot", [8]);
    expect(d.view(3).proposals).toEqual({ "2": 8 });
    expect(d.view(BOSS).proposals).toEqual({ "2": 8 });
    expect(d.view(6).proposals).toEqual({});
    expect(d.view(MANIAC).proposals).toEqual({});
  });

  it("HUNT-MAF-02: the mafia may not skip: the night's timer does not end the night without the shot", () => {
    const d = huntTable();
    d.actOk(DOCTOR, "heal", [9]).expire();
    expect(d.state.phase).toBe("night");
    expect(d.logs().at(-1)?.key).toBe("night.waiting");
    d.actOk(3, "shoot", [8]).expire();
    expect(d.state.phase).toBe("day");
    expect(d.dead()).toEqual([8]);
  });

  it("HUNT-MAF-03: the mafia kill one player a night, the last shot sent counting", () => {
    const d = huntTable();
    d.actOk(2, "shoot", [8]).actOk(3, "shoot", [9]).actOk(DOCTOR, "heal", [10]).resolve();
    expect(d.dead()).toEqual([9]);
    expect(d.realPrompt(2)).toBeNull(); // by day, no shot
  });

  it("HUNT-MAF-04: the mafioso who sends the shot is that night's executor", () => {
    const d = huntTable();
    d.actOk(2, "shoot", [8]).actOk(3, "shoot", [8]);
    expect(d.state.flow.night).toMatchObject({ shot: { by: 3, target: 8 } });
    // HUNT-OPEN-13: the executor must be a living mafioso; removed, his shot is gone.
    d.host({ cmd: "remove", seat: 3 });
    expect(d.state.flow.night).toMatchObject({ shot: null, proposals: { "2": 8 } });
  });

  it("HUNT-MAF-05: the mafia's message gives the victim and the shooter (the sender); only a living mafioso may send it", () => {
    const d = huntTable();
    expect(d.act(6, "shoot", [8])?.code).toBe("bad_action");
    expect(d.act(MANIAC, "shoot", [8])?.code).toBe("bad_action");
    d.actOk(BOSS, "shoot", [8]);
    expect(d.state.flow.night).toMatchObject({ shot: { by: BOSS, target: 8 } });
  });
});

describe("hunt Maniac", () => {
  it("HUNT-MAN-01: the Maniac plays alone: his own team, no allies, known to nobody", () => {
    const d = huntTable();
    expect(d.state.seats[MANIAC - 1]?.team).toBe("maniac");
    expect(d.view(MANIAC).allies).toEqual([]);
    expect(d.view(2).allies).not.toContain(MANIAC);
  });

  it("HUNT-MAN-02: the Maniac may shoot any other player, or not at all", () => {
    const d = huntTable();
    expect(d.view(MANIAC).prompt?.targets).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12]);
    d.pass(MANIAC);
    d.actOk(2, "shoot", [8]).actOk(DOCTOR, "heal", [9]).expire();
    expect(d.state.phase).toBe("day"); // no wait for the Maniac
  });

  it("HUNT-MAN-03: the Maniac's move names one player, privately", () => {
    const d = huntTable();
    expect(d.view(MANIAC).prompt).toMatchObject({ action: "kill", min: 1, max: 1 });
    d.actOk(MANIAC, "kill", [9]);
    expect(d.state.flow.night).toMatchObject({ books: { kills: { [MANIAC]: 9 } } });
  });

  it("HUNT-MAN-04: the Maniac may not name the same player twice in a row; a skipped night clears it", () => {
    const d = huntTable();
    d.actOk(MANIAC, "kill", [9]).actOk(DOCTOR, "heal", [9]).resolve().toNight();
    expect(d.view(MANIAC).prompt?.targets).not.toContain(9);
    expect(d.act(MANIAC, "kill", [9])?.code).toBe("bad_target");
    d.resolve().toNight(); // no kill on Night 2
    expect(d.view(MANIAC).prompt?.targets).toContain(9);
  });
});

describe("hunt Doctor", () => {
  it("HUNT-DOC-01: the Doctor saves one player a night, himself included", () => {
    const d = huntTable();
    expect(d.view(DOCTOR).prompt?.action).toBe("heal");
    expect(d.view(DOCTOR).prompt?.targets).toContain(DOCTOR);
    d.actOk(DOCTOR, "heal", [DOCTOR]).actOk(2, "shoot", [DOCTOR]).resolve();
    expect(d.dead()).toEqual([]);
  });

  it("HUNT-DOC-02: the Doctor may not skip: the night's timer waits for his heal", () => {
    const d = huntTable();
    d.actOk(2, "shoot", [8]).expire();
    expect(d.state.phase).toBe("night");
    d.actOk(DOCTOR, "heal", [9]).expire();
    expect(d.state.phase).toBe("day");
  });

  it("HUNT-DOC-03: the Doctor may not heal the same player, himself included, two nights running", () => {
    const d = huntTable();
    d.actOk(DOCTOR, "heal", [DOCTOR]).resolve().toNight();
    expect(d.view(DOCTOR).prompt?.targets).not.toContain(DOCTOR);
    expect(d.act(DOCTOR, "heal", [DOCTOR])?.code).toBe("bad_target");
    d.actOk(DOCTOR, "heal", [8]);
  });
});
