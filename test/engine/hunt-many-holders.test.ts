/**
 * Hunt: a second holder of a night ability acts too (issue 23). The host's deal has one
 * Boss, one Doctor and one Maniac (HUNT-SETUP-01), so these tables are dealt by hand:
 * Bosses at 1 and 2, a mafioso at 3, Doctors at 4 and 5, Maniacs at 6 and 7, civilians
 * at 8..12.
 */
import { describe, expect, it } from "vitest";
import { abilityCard } from "../../hub/engine/rulesets/hunt/abilities/index.js";
import { HUNT_ROLES, huntComposition } from "../../hub/engine/rulesets/hunt/roles/index.js";
import { type HuntTable, huntTable } from "../helpers/hunt.js";

const MANY = [
  ..."boss boss mafia doctor doctor maniac maniac".split(" "),
  ...Array<string>(5).fill("civilian"),
];

const manyTable = (options: Record<string, unknown> = {}) => huntTable(options, undefined, MANY);

const targets = (d: HuntTable, seat: number, action: string) =>
  d.view(seat).offers?.find((p) => p.action === action)?.targets ?? [];

describe("hunt: every holder of a night ability acts", () => {
  it("HUNT-MANY-01: every role's abilities are cards, and the host's deal still has one holder of each", () => {
    for (const role of Object.values(HUNT_ROLES))
      for (const a of role.night) expect(abilityCard(a)?.id).toBe(a);
    for (const n of [12, 13]) {
      const deal = huntComposition(n);
      for (const r of ["boss", "doctor", "maniac"])
        expect(deal.filter((x) => x === r)).toHaveLength(1);
    }
  });

  it("HUNT-MANY-01: each holder is offered his ability", () => {
    const d = manyTable();
    for (const boss of [1, 2])
      expect((d.view(boss).offers ?? []).map((p) => p.action)).toEqual(["block", "shoot"]);
    for (const doctor of [4, 5]) expect(d.view(doctor).prompt?.action).toBe("heal");
    for (const maniac of [6, 7]) expect(d.view(maniac).prompt?.action).toBe("kill");
  });

  it("HUNT-MANY-01: two Doctors each heal their own target", () => {
    const d = manyTable();
    d.actOk(3, "shoot", [8]).actOk(6, "kill", [9]);
    d.actOk(4, "heal", [8]).actOk(5, "heal", [9]).resolve();
    expect(d.dead()).toEqual([]);
    expect(d.morning()).toEqual([{ key: "morning.peaceful", seats: [] }]);
  });

  it("HUNT-MANY-01: two Maniacs each kill their own target", () => {
    const d = manyTable();
    d.actOk(3, "shoot", [10]).actOk(4, "heal", [11]).actOk(5, "heal", [12]);
    d.actOk(6, "kill", [8]).actOk(7, "kill", [9]).resolve();
    expect(d.dead()).toEqual([8, 9, 10]);
  });

  it("HUNT-MANY-01: two Bosses each block their own target", () => {
    const d = manyTable();
    d.actOk(1, "block", [6]).actOk(2, "block", [7]); // both Maniacs
    d.actOk(6, "kill", [8]).actOk(7, "kill", [9]);
    d.actOk(3, "shoot", [10]).actOk(4, "heal", [11]).actOk(5, "heal", [12]).resolve();
    expect(d.dead()).toEqual([10]);
    const e = manyTable();
    e.actOk(1, "block", [4]).actOk(2, "block", [12]); // one Doctor blocked, the other not
    e.actOk(3, "shoot", [8]).actOk(6, "kill", [9]);
    e.actOk(4, "heal", [8]).actOk(5, "heal", [9]).resolve();
    expect(e.dead()).toEqual([8]);
  });

  it("HUNT-MANY-02: each holder's answer is kept by his seat; the mafia's shot stays one", () => {
    const d = manyTable();
    d.actOk(1, "block", [8]).actOk(2, "block", [9]).actOk(1, "block", [10]);
    d.actOk(6, "kill", [11]).actOk(7, "kill", [12]);
    d.actOk(4, "heal", [4]).actOk(5, "heal", [5]);
    d.actOk(1, "shoot", [8]).actOk(2, "shoot", [9]).actOk(3, "shoot", [10]);
    expect(d.state.flow.night).toMatchObject({
      books: {
        blocks: { "1": 10, "2": 9 },
        kills: { "6": 11, "7": 12 },
        heals: { "4": 4, "5": 5 },
      },
      proposals: { "1": 8, "2": 9, "3": 10 },
      shot: { by: 3, target: 10 },
    });
    d.resolve();
    expect(d.dead()).toEqual([10, 11, 12]); // one mafia victim (10), one for each Maniac
  });

  it("HUNT-MANY-03: each holder may not repeat his own name of last night, and may name another's", () => {
    const d = manyTable();
    d.actOk(1, "block", [8]).actOk(2, "block", [9]);
    d.actOk(6, "kill", [10]).actOk(7, "kill", [11]);
    d.actOk(4, "heal", [10]).actOk(5, "heal", [11]).actOk(3, "shoot", [10]).resolve();
    expect(d.dead()).toEqual([]);
    d.toNight();
    // [holder, ability, his own name of last night, the other holder's]
    const named = [
      [1, "block", 8, 9],
      [2, "block", 9, 8],
      [6, "kill", 10, 11],
      [7, "kill", 11, 10],
      [4, "heal", 10, 11],
      [5, "heal", 11, 10],
    ] as const;
    for (const [seat, action, own, other] of named) {
      expect(targets(d, seat, action)).not.toContain(own);
      expect(targets(d, seat, action)).toContain(other);
    }
    expect(d.act(4, "heal", [10])?.code).toBe("bad_target");
  });

  it("HUNT-MANY-01, HUNT-QUIET-01: a second holder's answer looks like any other to every other seat", () => {
    const others = [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12];
    const views = (d: HuntTable) => [
      JSON.stringify(d.pub),
      ...others.map((n) => JSON.stringify(d.view(n))),
    ];
    // (A Doctor may not answer "nothing" while his heal is owed, HUNT-DOC-02: two heals.)
    const healing = manyTable().actOk(5, "heal", [9]);
    const other = manyTable().actOk(5, "heal", [10]);
    expect(views(healing)).toEqual(views(other));
    expect(healing.effects).toEqual(other.effects);
    // Two answers a night for every living seat, the second Boss and Maniac included.
    const d = manyTable();
    // The shot first: until it is in, no mafioso may answer "nothing" (HUNT-MAF-02).
    d.actOk(1, "block", [8]).actOk(1, "shoot", [9]).actOk(2, "block", [10]).pass(2);
    for (const n of [3, 8, 9, 10, 11, 12]) d.pass(n).pass(n);
    d.actOk(6, "kill", [11]).pass(6).actOk(7, "kill", [12]).pass(7);
    d.actOk(4, "heal", [9]).pass(4).actOk(5, "heal", [11]);
    expect(d.state.phase).toBe("night"); // the second Doctor owes one more answer
    d.pass(5);
    expect(d.state.phase).toBe("day");
    expect(d.dead()).toEqual([12]); // 9 healed, 11 healed; 8 and 10 blocked civilians
  });

  it("HUNT-MANY-04: the night's timer waits for every Doctor's heal, and the host's record says what was missing", () => {
    const d = manyTable();
    d.actOk(3, "shoot", [8]).actOk(4, "heal", [8]).expire();
    expect(d.state.phase).toBe("night"); // the second Doctor has not healed
    d.actOk(5, "heal", [9]).expire();
    expect(d.state.phase).toBe("day");
    const e = manyTable();
    e.actOk(3, "shoot", [8]).actOk(4, "heal", [9]).resolve(); // the host closes it
    expect(e.state.flow.record).toMatchObject({ missing: ["heal"] });
    const f = manyTable();
    f.actOk(3, "shoot", [8]).actOk(4, "heal", [9]);
    expect(f.seat(5, { kind: "act", action: "hunt", targets: [6], option: "maniac" })).toBeNull();
    f.expire(); // HUNT-DOC-07: his application stands for his heal
    expect(f.state.phase).toBe("day");
  });

  it("HUNT-MANY-05: each living Maniac is one more opponent of the mafia in the win check", () => {
    const d = manyTable({ mafiaWins: "maniacCounts" });
    // The host removes the civilians: the mafia 1..3, the Doctors 4 and 5, the Maniacs 6, 7.
    for (let seat = 8; seat <= 12; seat++) d.host({ cmd: "remove", seat });
    expect(d.state.winner).toBeNull(); // 3 mafia against 2 + 2, not 2 + 1
    d.host({ cmd: "remove", seat: 5 });
    expect(d.state.winner).toBe("mafia"); // 3 against 1 + 2
  });
});
