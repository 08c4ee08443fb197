/**
 * APP rule tests: the setup, the roles and the night (RULES.md §2 SETUP, ROLES, NIGHT and
 * APP-OPEN-01..04, 11, 12), including the source's 5-player example up to Night 1.
 */
import { describe, expect, it } from "vitest";
import { createGame } from "../../hub/engine/index.js";
import { EngineDriver, T0 } from "../helpers/engine-driver.js";

const MAFIA = ["godfather", "consigliere", "soldier"];
const stadtraete = (n: number): string[] => Array(n).fill("councillor");
/** Pate 1, Consigliere 2, Kommissar 3, Arzt 4, Stadträte 5..7. */
const SEVEN = ["godfather", "consigliere", "commissar", "doctor", ...stadtraete(3)];
/** Pate 1, Consigliere 2, Soldat 3, Kommissar 4, Arzt 5, Stadträte 6..9. */
const NINE = ["godfather", "consigliere", "soldier", "commissar", "doctor", ...stadtraete(4)];
/** Pate 1, Consigliere 2, Soldaten 3 and 4, Stadträte 5..12. */
/** The source's example (L13): Kuba the Pate 1, Ola the Consigliere 2, Marek 3, Zosia 4, one more Stadtrat 5. */
const FIVE = ["godfather", "consigliere", ...stadtraete(3)];
const TWELVE = ["godfather", "consigliere", "soldier", "soldier", ...stadtraete(8)];

/** A started app game with this deal; the composition options follow from the roles. */
function table(roles: readonly string[] = SEVEN, options: Record<string, unknown> = {}) {
  return new EngineDriver({
    ruleset: "app",
    seats: roles.length,
    options: {
      mafia: roles.filter((r) => MAFIA.includes(r)).length,
      commissar: roles.includes("commissar"),
      doctor: roles.includes("doctor"),
      ...options,
    },
  }).start(roles);
}

function create(seats: number, options: Record<string, unknown>) {
  const s = Array.from({ length: seats }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
  const seed = "a".repeat(32);
  return createGame({ table: "t", ruleset: "app", seats: s, options, seed, at: T0 });
}

/** The seat's real prompt; a silent night's decoy (if the engine deals them) counts as none. */
function asked(d: EngineDriver, seat: number) {
  const prompt = d.view(seat).prompt;
  return prompt?.action === "decoy" ? null : prompt;
}

const living = (d: EngineDriver, role: string) =>
  d.state.seats.find((s) => s.alive && s.role === role)?.seat;

/** The Arzt (protecting `heal`, else someone other than the victim) and the Kommissar act. */
function specials(d: EngineDriver, kill: number, heal?: number): EngineDriver {
  const doc = living(d, "doctor");
  const offered = doc ? asked(d, doc)?.targets : undefined;
  if (doc && offered) d.actOk(doc, "heal", [heal ?? (offered.find((t) => t !== kill) as number)]);
  const com = living(d, "commissar");
  const check = com ? asked(d, com)?.targets[0] : undefined;
  if (com && check !== undefined) d.actOk(com, "investigate", [check]);
  return d;
}

/** A whole night: the specials act, then the deciding member (Pate, else Consigliere) proposes. */
function night(d: EngineDriver, kill: number, heal?: number): EngineDriver {
  const decides = (living(d, "godfather") ?? living(d, "consigliere")) as number;
  const specialSeats = [living(d, "doctor"), living(d, "commissar")];
  d.answerRest([decides, ...specialSeats.filter((s) => s !== undefined)]);
  specials(d, kill, heal);
  d.actOk(decides, "kill", [kill]);
  return d;
}

/** The day: the vote is opened and everyone else votes `target` out. */
function voteOut(d: EngineDriver, target: number): EngineDriver {
  d.next();
  for (const s of d.state.seats.filter((x) => x.alive).map((x) => x.seat))
    if (s === target) d.pass(s);
    else d.actOk(s, "vote", [target]);
  return d;
}

const alive = (d: EngineDriver) => d.pub.seats.filter((s) => s.alive).map((s) => s.seat);
const logsOf = (d: EngineDriver, key: string) => d.allLogs().filter((l) => l.key === key);

describe("APP setup", () => {
  it("APP-SETUP-01: the host sets the Stadträte, a mafia of 1–4 and whether Kommissar and Arzt play", () => {
    const made = create(7, { mafia: 2, commissar: true, doctor: true, councillors: 3 });
    const composition = { mafia: 2, commissar: true, doctor: true, councillors: 3 };
    expect(made.ok && made.state.extras.composition).toEqual(composition);
    expect(create(7, { mafia: 0 }).ok).toBe(false);
    expect(create(12, { mafia: 5 }).ok).toBe(false);
    expect(create(7, { mafia: 2, councillors: 4 }).ok).toBe(false); // does not add up
    const d = new EngineDriver({ ruleset: "app", seats: 7, options: { mafia: 1, doctor: true } });
    d.start();
    expect(d.state.seats.map((s) => s.role).sort()).toEqual(
      ["doctor", "godfather", ...stadtraete(5)].sort(),
    );
    // Without a size the mafia is a quarter of the table, rounded up, at most 4.
    const size = (n: number) => {
      const g = create(n, {});
      return g.ok ? g.state.options.mafia : null;
    };
    expect([size(7), size(9), size(13), size(20)]).toEqual([2, 3, 4, 4]);
  });

  it("APP-SETUP-02, APP-OPEN-12: unbalanced tables are warned about, never blocked; mafia ≥ the others is refused", () => {
    const warnings = (n: number, o: Record<string, unknown>) => {
      const g = create(n, o);
      return g.ok ? g.warnings.length : "refused";
    };
    expect(warnings(7, { mafia: 2 })).toBe(0);
    expect(warnings(5, { mafia: 2 })).toBe(1); // mafia ≥ others − 1: the source's example
    expect(warnings(8, { mafia: 1 })).toBe(1); // mafia × 6 < N
    expect(warnings(4, { mafia: 2 })).toBe("refused");
    expect(warnings(6, { mafia: 3 })).toBe("refused");
    // The thresholds are options.
    expect(warnings(7, { mafia: 2, warnMargin: 3 })).toBe(1);
    expect(warnings(8, { mafia: 1, warnRatio: 8 })).toBe(0);
  });

  it("APP-SETUP-03: no narrator: every seat, the host's too, plays a role, and the steps end without the host", () => {
    const d = new EngineDriver({ ruleset: "app", seats: 7, options: { mafia: 2 } }).start();
    expect(d.state.seats.every((s) => s.role !== null)).toBe(true);
    const pate = d.seatsWith("godfather")[0] as number;
    const victim = d.state.seats.find((s) => s.team === "town")?.seat as number;
    d.answerRest([pate]).actOk(pate, "kill", [victim]); // the night ends by itself
    for (const s of alive(d)) d.pass(s); // all ready: the vote opens
    for (const s of alive(d)) d.pass(s); // all abstain: the vote closes
    expect(d.pub.phase).toBe("night");
    expect(d.pub.round).toBe(2);
    expect(d.inputs.filter((i) => i.type === "host").length).toBe(1); // the start
  });

  it("APP-SETUP-04: roles are dealt once, silently, and never change", () => {
    const d = new EngineDriver({ ruleset: "app", seats: 7, options: { mafia: 2 } }).start();
    const dealt = d.state.seats.map((s) => s.role);
    expect(d.pub.deal?.commitment).toMatch(/.+/);
    expect(d.pub.deal?.roles).toBeNull();
    expect(logsOf(d, "game.start")).toHaveLength(1);
    expect(JSON.stringify(d.pub)).not.toMatch(/godfather|consigliere/);
    const mafia = d.state.seats.filter((s) => s.team === "mafia").map((s) => s.seat);
    d.host({ cmd: "remove", seat: mafia[0] as number });
    expect(d.state.seats.map((s) => s.role)).toEqual(dealt);
    d.host({ cmd: "remove", seat: mafia[1] as number });
    expect(d.pub.winner).toBe("town");
    expect(d.pub.deal?.roles).toEqual(dealt);
  });

  it("APP-SETUP-05: each sees his own role; the mafia see each other from the start; nobody else sees anyone", () => {
    const d = table();
    expect(d.view(1)).toMatchObject({
      role: "godfather",
      allies: [2],
      allyRoles: { 2: "consigliere" },
    });
    expect(d.view(2)).toMatchObject({
      role: "consigliere",
      allies: [1],
      allyRoles: { 1: "godfather" },
    });
    for (const s of [3, 4, 5, 6, 7]) {
      expect(d.view(s)).toMatchObject({ role: SEVEN[s - 1], allies: [], allyRoles: {} });
    }
  });

  it("APP-SETUP-06, APP-OPEN-02: the mafia is a hierarchy: Pate; + Consigliere; + Soldiers in larger teams", () => {
    const deal = (mafia: number) => {
      const d = new EngineDriver({ ruleset: "app", seats: 12, options: { mafia } }).start();
      return d.state.seats
        .map((s) => s.role as string)
        .filter((r) => MAFIA.includes(r))
        .sort();
    };
    expect(deal(1)).toEqual(["godfather"]);
    expect(deal(2)).toEqual(["consigliere", "godfather"]);
    expect(deal(3)).toEqual(["consigliere", "godfather", "soldier"]);
    expect(deal(4)).toEqual(["consigliere", "godfather", "soldier", "soldier"]);
  });
});

describe("APP roles", () => {
  it("APP-ROLE-01: a Stadtrat has no night ability; he votes by day", () => {
    const d = table();
    expect(asked(d, 5)).toBeNull();
    night(d, 7).next();
    expect(asked(d, 5)).toMatchObject({ action: "vote", targets: [1, 2, 3, 4, 6] });
  });

  it("APP-ROLE-02, APP-NIGHT-07: while the Pate lives his proposal is the victim, whatever the others propose", () => {
    const d = table(NINE);
    d.actOk(2, "kill", [6]).actOk(3, "kill", [6]);
    night(d, 9);
    expect(alive(d)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    d.next();
    for (const s of alive(d)) d.pass(s); // nobody out: night 2
    d.actOk(2, "kill", [7]).actOk(3, "kill", [7]);
    night(d, 8);
    expect(alive(d)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("APP-ROLE-03, APP-NIGHT-08: the Consigliere's choice decides only once the Pate is dead", () => {
    const d = table().answerRest([1]);
    specials(d, 5).actOk(2, "kill", [5]);
    expect(d.pub.step).toBe("night"); // his proposal alone decides nothing
    expect(d.host({ cmd: "next" })?.code).toBe("wrong_step");
    d.actOk(1, "kill", [6]);
    expect(d.pub.seats[5]?.alive).toBe(false);
    voteOut(d, 1);
    expect(d.pub.seats[0]?.role).toBe("godfather");
    night(d, 7); // now the Consigliere decides, at once
    expect(d.pub.seats[6]?.alive).toBe(false);
  });

  it("APP-ROLE-04: a Soldat never decides: with the Pate dead, the Consigliere still does", () => {
    const d = table(NINE);
    night(d, 9);
    voteOut(d, 1);
    specials(d.answerRest([2, 4, 5]), 6).actOk(3, "kill", [6]);
    expect(d.pub.step).toBe("night");
    d.actOk(2, "kill", [7]);
    expect(d.pub.seats.filter((s) => !s.alive).map((s) => s.seat)).toEqual([1, 7, 9]);
  });

  it("APP-ROLE-05: the Kommissar learns the exact role of one player each night, privately", () => {
    const d = table().answerRest([1, 3, 4]);
    d.actOk(3, "investigate", [2]);
    expect(d.view(3).results).toEqual([{ night: 1, key: "role.consigliere", seats: [2] }]);
    for (const s of [1, 2, 4, 5, 6, 7]) expect(d.view(s).results).toEqual([]);
    expect(d.pub.seats[1]?.role).toBeNull();
    expect(JSON.stringify(d.pub.announcements)).not.toContain("consigliere");
    d.actOk(4, "heal", [4]).actOk(1, "kill", [7]).next();
    for (const s of alive(d)) d.pass(s);
    d.answerRest([1, 3, 4]).actOk(3, "investigate", [4]);
    expect(d.view(3).results.map((r) => r.key)).toEqual(["role.consigliere", "role.doctor"]);
  });

  it("APP-ROLE-06: the player the Arzt protects survives the mafia's attack", () => {
    const d = night(table(), 5, 5);
    expect(d.pub.seats[4]?.alive).toBe(true);
    expect(logsOf(d, "morning.peaceful")).toHaveLength(1);
  });

  it("APP-ROLE-07: a Kommissar who investigates the Consigliere after the Pate's death still sees 'consigliere'", () => {
    const d = night(table(), 7);
    voteOut(d, 1);
    d.actOk(3, "investigate", [2]);
    expect(d.view(3).results.at(-1)).toEqual({ night: 2, key: "role.consigliere", seats: [2] });
    expect(d.view(2).role).toBe("consigliere");
  });
});

describe("APP night", () => {
  it("APP-NIGHT-01: the game opens with a night", () => {
    const d = table();
    expect([d.pub.phase, d.pub.step, d.pub.round]).toEqual(["night", "night", 1]);
    expect(d.logKeys()).toEqual(["game.start", "night.start"]);
  });

  it("APP-NIGHT-02: at night each screen shows only its own role's business; the others just wait", () => {
    const d = table();
    const actions = [1, 2, 3, 4, 5, 6, 7].map((s) => asked(d, s)?.action ?? null);
    expect(actions).toEqual(["kill", "kill", "investigate", "heal", null, null, null]);
    for (const s of [1, 2, 3, 4, 5, 6, 7]) expect(d.view(s).blindfold).toBe(false);
    d.actOk(1, "kill", [5]);
    for (const s of [3, 4, 5, 6, 7]) expect(d.view(s).proposals).toEqual({});
  });

  it("APP-NIGHT-03: the Arzt, while in play and alive, chooses whom to protect; dead, he is not waited for", () => {
    const d = table();
    expect(asked(d, 4)?.targets).toEqual([1, 2, 3, 4, 5, 6, 7]);
    night(d, 4, 5); // the Arzt dies
    d.next();
    for (const s of alive(d)) d.pass(s);
    d.answerRest([1, 3]).actOk(3, "investigate", [1]).actOk(1, "kill", [5]);
    expect(d.pub.phase).toBe("day");
  });

  it("APP-NIGHT-04: the Kommissar, while in play and alive, investigates one other living player", () => {
    const d = table();
    expect(asked(d, 3)?.targets).toEqual([1, 2, 4, 5, 6, 7]);
    d.answerRest([1, 3, 4]).actOk(4, "heal", [5]).actOk(1, "kill", [3]);
    expect(d.pub.step).toBe("night"); // waits for the Kommissar
    d.actOk(3, "investigate", [1]).next(); // he dies
    for (const s of alive(d)) d.pass(s);
    d.answerRest([1, 4]).actOk(4, "heal", [5]).actOk(1, "kill", [6]);
    expect(d.pub.phase).toBe("day");
    const none = table(["godfather", "consigliere", "doctor", ...SEVEN.slice(3)]);
    expect(asked(none, 3)?.action).toBe("heal");
    none.answerRest([1, 3]).actOk(3, "heal", [5]).actOk(1, "kill", [6]);
    expect(none.pub.phase).toBe("day"); // not in play: nobody investigates
  });

  it("APP-NIGHT-05: every living mafia member proposes; the whole mafia sees every proposal, nobody else", () => {
    const d = table(NINE);
    for (const s of [1, 2, 3]) expect(asked(d, s)?.action).toBe("kill");
    d.actOk(2, "kill", [6]).actOk(3, "kill", [7]);
    for (const s of [1, 2, 3]) expect(d.view(s).proposals).toEqual({ 2: 6, 3: 7 });
    for (const s of [4, 5, 6, 7, 8, 9]) expect(d.view(s).proposals).toEqual({});
    expect(JSON.stringify(d.pub)).not.toContain('"proposals"');
  });

  it("APP-NIGHT-06: a proposal can be changed until the night ends", () => {
    const d = table().answerRest([1, 3, 4]);
    d.actOk(2, "kill", [6]).actOk(2, "kill", [5]).actOk(1, "kill", [7]).actOk(1, "kill", [6]);
    expect(d.view(1).proposals).toEqual({ 1: 6, 2: 5 });
    specials(d, 6);
    expect(d.pub.seats.filter((s) => !s.alive).map((s) => s.seat)).toEqual([6]);
  });

  it("APP-NIGHT-09: the engine applies the hierarchy: the night ends without any host input", () => {
    const d = night(table(), 6);
    expect(d.pub.phase).toBe("day");
    expect(d.inputs.filter((i) => i.type === "host")).toHaveLength(1); // the start only
  });

  it("APP-NIGHT-10: a protected victim survives with no sign of the attack", () => {
    const a = night(table(), 5, 5);
    const b = night(table(), 6, 6);
    expect(a.pub).toEqual(b.pub); // the table cannot tell whom the mafia attacked
    expect(a.allLogs().some((l) => l.seats.includes(5))).toBe(false);
    const signalsTo5 = (d: EngineDriver) =>
      d.effects.filter((e) => e.type === "signal" && e.seat === 5);
    expect(signalsTo5(a)).toEqual(signalsTo5(b)); // his own answer's ack, nothing more
    expect(a.view(5).results).toEqual([]);
  });

  it("APP-NIGHT-11: at most one player dies per night, however the mafia's proposals split", () => {
    const d = table(TWELVE).answerRest([1]);
    d.actOk(2, "kill", [5]).actOk(3, "kill", [6]).actOk(4, "kill", [7]).actOk(1, "kill", [8]);
    expect(d.pub.seats.filter((s) => !s.alive).map((s) => s.seat)).toEqual([8]);
  });
});

/** 12 seats, 4 mafia, no specials; the Pate and the Consigliere are removed in Night 1. */
function leaderless(option?: string): EngineDriver {
  const d = table(TWELVE, option ? { leaderless: option } : {});
  d.host({ cmd: "remove", seat: 1 });
  d.host({ cmd: "remove", seat: 2 });
  return d;
}
const dead = (d: EngineDriver) => d.pub.seats.filter((s) => !s.alive && s.out !== "removed");

describe("APP-OPEN night decisions", () => {
  it("APP-OPEN-01 (b, default): with Pate and Consigliere dead the soldiers' most-proposed target dies", () => {
    const d = leaderless().answerRest([3, 4]);
    d.actOk(3, "kill", [7]);
    expect(d.pub.step).toBe("night"); // every living soldier is asked
    d.actOk(4, "kill", [7]);
    expect(dead(d).map((s) => s.seat)).toEqual([7]);
    const tied = leaderless().answerRest([3, 4]).actOk(3, "kill", [5]).actOk(4, "kill", [6]);
    expect(dead(tied)).toHaveLength(1); // a tie: one of the two, by the seeded draw
    expect([5, 6]).toContain(dead(tied)[0]?.seat);
  });

  it("APP-OPEN-01 (a) leaderless 'none': no more night kills", () => {
    const d = leaderless("none");
    expect(d.pub.phase).toBe("night"); // silent nights: every living seat answers first
    d.answerRest();
    expect(d.pub.phase).toBe("day");
    expect(dead(d)).toEqual([]);
    expect(d.logKeys()).toContain("morning.peaceful");
  });

  it("APP-OPEN-01 (c) leaderless 'lowestSoldier': the lowest-seat soldier decides", () => {
    const d = leaderless("lowestSoldier").answerRest([3]).actOk(4, "kill", [6]);
    expect(d.pub.step).toBe("night");
    d.actOk(3, "kill", [5]);
    expect(dead(d).map((s) => s.seat)).toEqual([5]);
  });

  it("APP-OPEN-03 (a, default): the night cannot end without the deciding choice, by host or by timer", () => {
    const d = table(SEVEN, { nightSeconds: 60 }).answerRest([1, 3, 4]);
    specials(d, 5).actOk(2, "kill", [5]);
    expect(d.host({ cmd: "next" })?.code).toBe("wrong_step");
    d.expire();
    expect([d.pub.step, d.pub.until]).toEqual(["night", d.at + 60_000]);
    expect(d.logKeys()).toContain("night.waiting");
    d.actOk(1, "kill", [6]);
    expect(dead(d).map((s) => s.seat)).toEqual([6]);
  });

  it("APP-OPEN-03 (b) missingKill 'noKill': the host may end the night without a victim", () => {
    const d = table(SEVEN, { missingKill: "noKill" }).next();
    expect(d.pub.phase).toBe("day");
    expect(dead(d)).toEqual([]);
    expect(d.logKeys()).toContain("morning.peaceful");
  });

  it("APP-OPEN-04: the mafia targets living non-mafia; the Arzt anyone living, himself and twice in a row too", () => {
    const d = table();
    expect(asked(d, 1)?.targets).toEqual([3, 4, 5, 6, 7]);
    expect(d.act(1, "kill", [2])?.code).toBe("bad_target");
    expect(d.act(3, "investigate", [3])?.code).toBe("bad_target");
    night(d, 7, 4).next();
    for (const s of alive(d)) d.pass(s);
    expect(asked(d, 1)?.targets).toEqual([3, 4, 5, 6]);
    expect(asked(d, 4)?.targets).toEqual([1, 2, 3, 4, 5, 6]); // last night's 4 again
    expect(asked(d, 3)?.targets).toEqual([1, 2, 4, 5, 6]);
    const strict = table(SEVEN, { mafiaTargetsOwn: true, doctorSelf: false, doctorRepeat: false });
    expect(asked(strict, 1)?.targets).toEqual([2, 3, 4, 5, 6, 7]); // his own team, but not himself
    expect(asked(strict, 4)?.targets).toEqual([1, 2, 3, 5, 6, 7]);
    night(strict, 7, 5).next();
    for (const s of alive(strict)) strict.pass(s);
    expect(asked(strict, 4)?.targets).toEqual([1, 2, 3, 6]);
  });

  it("APP-OPEN-11: the 5-player example up to Night 1: the mafia wins right after Marek's death", () => {
    const setup = create(5, { mafia: 2 });
    expect(setup.ok && setup.warnings.length).toBe(1); // APP-OPEN-12: unbalanced
    const d = table(FIVE);
    expect(d.view(1).allies).toEqual([2]);
    expect(d.view(2).allies).toEqual([1]);
    expect([3, 4, 5].map((s) => d.view(s).allies)).toEqual([[], [], []]);
    expect(d.pub.phase).toBe("night");
    d.answerRest([1, 2]).actOk(2, "kill", [4]); // Ola first picks Zosia
    expect(d.view(1).proposals).toEqual({ 2: 4 });
    d.actOk(1, "kill", [3]); // Kuba picks Marek: only his choice counts
    expect(d.pub.seats.map((s) => s.alive)).toEqual([true, true, false, true, true]);
    expect(d.pub.winner).toBe("mafia"); // 2 mafia against 2 others
    expect(d.pub.phase).toBe("ended");
    expect(d.logKeys()).not.toContain("vote.start");
  });
});
