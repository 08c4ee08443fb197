/**
 * SPORT rule tests: the table and the deal (SPORT-SETUP-01..06), zero night
 * (SPORT-NIGHT0-01..09), and the Don's and Sheriff's checks on later nights
 * (SPORT-NIGHT-06..12, SPORT-OPEN-03).
 */
import { describe, expect, it } from "vitest";
import { createGame } from "../../hub/engine/index.js";
import { DEAL, type DriverOptions, EngineDriver, T0 } from "../helpers/engine-driver.js";

const SEEDS = [
  "0123456789abcdef0123456789abcdef",
  "ffffffffffffffffffffffffffffffff",
  "00000000000000000000000000000001",
  "deadbeefcafebabe0011223344556677",
  "9a8b7c6d5e4f30211203f4e5d6c7b8a9",
  "13579bdf02468ace13579bdf02468ace",
];

/** A game with the fixed deal, started: zero night's mafia meeting is open. */
function zeroNight(options: Record<string, unknown> = {}): EngineDriver {
  return new EngineDriver({ options }).start(DEAL);
}

/** Zero night and Day 0 without nominations: Night 1's shot step is open. */
function night1(options: Record<string, unknown> = {}): EngineDriver {
  const d = zeroNight(options).skipNight().passAll();
  expect([d.state.phase, d.state.step, d.state.round]).toEqual(["night", "mafia", 1]);
  return d;
}

/** Seats whose view is without a blindfold (woken, or not at night). */
function woken(d: EngineDriver): number[] {
  return d.state.seats.map((s) => s.seat).filter((n) => !d.view(n).blindfold);
}

/** Seats that have a prompt of their role now (silent nights' decoys left out). */
function prompted(d: EngineDriver): number[] {
  return d.state.seats
    .map((s) => s.seat)
    .filter((n) => d.view(n).prompt !== null && d.view(n).prompt?.action !== "decoy");
}

/** The signals sent while `run` fed its inputs. */
function signalsDuring(d: EngineDriver, run: () => void) {
  const before = d.effects.length;
  run();
  return d.effects.slice(before).flatMap((e) => (e.type === "signal" ? [e] : []));
}

/** Night 1 up to the Don's step; every black shoots `shot` if given. */
function toDonStep(options: Record<string, unknown> = {}, shot?: number): EngineDriver {
  const d = night1(options);
  if (shot !== undefined) for (const s of [1, 2, 3]) d.actOk(s, "shoot", [shot]);
  d.next();
  expect(d.state.step).toBe("don");
  return d;
}

function toSheriffStep(options: Record<string, unknown> = {}, shot?: number): EngineDriver {
  const d = toDonStep(options, shot).next();
  expect(d.state.step).toBe("sheriff");
  return d;
}

function resultKeys(d: EngineDriver, seat: number): string[] {
  return d.view(seat).results.map((r) => r.key);
}

function create(seats: number, options: Record<string, unknown> = {}) {
  return createGame({
    table: "t1",
    ruleset: "sport",
    seats: Array.from({ length: seats }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` })),
    options,
    seed: SEEDS[0] as string,
    at: T0,
  });
}

function count(roles: readonly (string | null)[]) {
  const out: Record<string, number> = {};
  for (const r of roles) out[String(r)] = (out[String(r)] ?? 0) + 1;
  return out;
}

describe("SPORT setup", () => {
  it("SPORT-SETUP-01: exactly 10 seats; 9 or 11 are refused with an error naming the seats", () => {
    expect(create(10).ok).toBe(true);
    for (const n of [9, 11]) {
      const r = create(n);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.errors.join("; ")).toMatch(new RegExp(`^seats: .*exactly 10 players.*got ${n}`));
      expect(() => new EngineDriver({ seats: n } as DriverOptions)).toThrow(/seats:.*exactly 10/);
    }
  });

  it("SPORT-SETUP-01: allowAnySeatCount admits a 9-seat training table, not a 6-seat one", () => {
    const nine = create(9, { allowAnySeatCount: true });
    expect(nine.ok).toBe(true);
    const six = create(6, { allowAnySeatCount: true });
    expect(six.ok).toBe(false);
    if (!six.ok) expect(six.errors.join()).toMatch(/seats: .*7 to 12 players, got 6/);
  });

  it("SPORT-SETUP-02: every seeded deal is 1 don, 2 mafia, 1 sheriff, 6 civilians (7 red, 3 black)", () => {
    const deals = new Set<string>();
    for (const seed of SEEDS) {
      const d = new EngineDriver({ seed }).start();
      const roles = d.state.seats.map((s) => s.role);
      expect(count(roles)).toEqual({ don: 1, mafia: 2, sheriff: 1, civilian: 6 });
      expect(count(d.state.seats.map((s) => s.team))).toEqual({ mafia: 3, town: 7 });
      expect(d.state.deal?.roles).toEqual(roles);
      deals.add(roles.join(","));
    }
    // The seed really shuffles: six seeds do not all give the same seating.
    expect(deals.size).toBeGreaterThan(1);
  });

  it("SPORT-SETUP-03: seats are numbered 1-10 and every choice names a seat number", () => {
    const d = night1();
    expect(d.pub.seats.map((s) => s.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(d.view(2).prompt?.targets).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(d.act(2, "shoot", [11])?.code).toBe("bad_target");
    expect(d.act(2, "shoot", [0])?.code).toBe("bad_target");
    expect(d.act(2, "shoot", [])?.code).toBe("bad_target_count");
    d.actOk(2, "shoot", [7]);
  });

  it("SPORT-SETUP-04: the cards are dealt when the host starts zero night, one per seat", () => {
    const d = new EngineDriver();
    expect(d.state.phase).toBe("setup");
    expect(d.state.seats.every((s) => s.role === null)).toBe(true);
    expect(d.state.deal).toBeNull();
    d.start();
    expect([d.state.phase, d.state.round]).toEqual(["night", 0]);
    expect(d.state.seats.every((s) => s.role !== null)).toBe(true);
    expect(d.pub.deal?.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(d.host({ cmd: "start" })?.code).toBe("game_started");
  });

  it("SPORT-SETUP-05: a role shows only in its owner's seat view (blacks also see their allies)", () => {
    const d = zeroNight().skipNight();
    const pub = d.pub;
    expect(pub.seats.every((s) => s.role === null)).toBe(true);
    expect(pub.roles).toBeNull();
    expect(pub.deal?.roles).toBeNull();
    expect(pub.deal?.salt).toBeNull();
    for (let n = 1; n <= 10; n++) {
      const v = d.view(n);
      expect(v.role).toBe(DEAL[n - 1]);
      if (n <= 3) continue;
      expect(v.allies).toEqual([]);
      expect(v.allyRoles).toEqual({});
    }
    expect(d.view(1).allyRoles).toEqual({ "2": "mafia", "3": "mafia" });
    expect(d.view(2).allyRoles).toEqual({ "1": "don", "3": "mafia" });
    expect(d.view(3).allies).toEqual([1, 2]);
  });

  it("SPORT-SETUP-05: until the deal nobody has a role; the game begins with the deal", () => {
    const d = new EngineDriver();
    expect(d.view(1).role).toBeNull();
    expect(d.seat(1, { kind: "pass" })?.code).toBe("game_not_started");
    d.start(DEAL);
    expect(d.view(1).role).toBe("don");
    expect(d.logKeys().slice(0, 2)).toEqual(["game.start", "night.start"]);
  });

  it("SPORT-SETUP-06: every sleeping seat is blindfolded at night; in the morning nobody is", () => {
    const d = zeroNight();
    for (const step of ["mafia", "don", "sheriff"]) {
      expect(d.state.step).toBe(step);
      expect(d.view(5).blindfold).toBe(true);
      d.next();
    }
    expect(d.state.phase).toBe("day");
    expect(woken(d)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    d.blindfold(5, false); // a blindfold off by day is nothing
    expect(d.pub.seats[4]?.alive).toBe(true);
    d.passAll();
    expect(d.state.phase).toBe("night");
    expect(d.view(5).blindfold).toBe(true);
  });
});

describe("SPORT zero night", () => {
  it("SPORT-NIGHT0-01: the host's start announces night 0 with the deal", () => {
    const d = zeroNight();
    const start = d.state.announcements.find((a) => a.key === "night.start");
    expect(start?.params).toEqual({ round: 0 });
    expect([d.pub.phase, d.pub.step, d.pub.round]).toEqual(["night", "mafia", 0]);
  });

  it("SPORT-NIGHT0-02: at the mafia's call only the 3 blacks are woken, and only on zero night", () => {
    const d = zeroNight();
    expect(woken(d)).toEqual([1, 2, 3]);
    for (const s of [1, 2, 3]) d.blindfold(s, true).blindfold(s, false);
    expect(d.pub.seats.filter((s) => !s.alive)).toEqual([]);
    d.next();
    for (const s of [1, 2, 3]) d.blindfold(s, true); // "the mafia falls asleep"
    d.skipNight().passAll(); // Night 1: the shot is taken with eyes closed
    expect(d.state.step).toBe("mafia");
    expect(woken(d)).toEqual([]);
  });

  it("SPORT-NIGHT0-03, SPORT-NIGHT0-04: the mafia meets for mafiaMeetingSeconds, sees its Don, and no kill plan binds Night 1", () => {
    const d = zeroNight();
    expect(d.state.clock.until).toBe(T0 + 60_000);
    expect(d.view(2).allyRoles["1"]).toBe("don");
    expect(d.view(1).allies).toEqual([2, 3]);
    expect(prompted(d)).toEqual([]); // nothing to record: the plan is theirs
    const longer = zeroNight({ mafiaMeetingSeconds: 90 });
    expect(longer.state.clock.until).toBe(T0 + 90_000);
    d.skipNight().passAll();
    expect(d.view(1).prompt?.targets).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const s of [1, 2, 3]) d.actOk(s, "shoot", [9]);
    d.skipNight();
    expect(d.pub.seats[8]?.out).toBe("killed");
  });

  it("SPORT-NIGHT0-05, SPORT-FOUL-16: a blindfold left off through the next step is peeking, put back on in time it is not", () => {
    const d = zeroNight();
    for (const s of [1, 2, 3]) d.blindfold(s, true).blindfold(s, false);
    d.next(); // the Don's step: the mafiosi have this whole step to put the blindfold back on
    d.blindfold(2, true);
    expect(d.pub.seats.filter((s) => !s.alive)).toEqual([]);
    d.next(); // the step ends: seat 3 is still without a blindfold, the Don was awake in it
    expect(d.pub.seats.filter((s) => !s.alive).map((s) => [s.seat, s.out])).toEqual([
      [3, "removed"],
    ]);
    expect(
      d
        .allLogs()
        .filter((l) => l.key === "removed")
        .map((l) => l.seats),
    ).toEqual([[3]]);
    d.blindfold(1, true).next(); // the Sheriff's step ends with every blindfold on
    expect(d.pub.seats.filter((s) => !s.alive).map((s) => s.seat)).toEqual([3]);
  });

  it("SPORT-FOUL-16: a paddle whose first report at night is 'off' gets the rest of the step", () => {
    const d = zeroNight().next(); // the Don's step
    d.blindfold(7, false);
    expect(d.pub.seats[6]?.alive).toBe(true);
    d.next();
    expect(d.pub.seats[6]?.out).toBe("removed");
  });

  it("SPORT-NIGHT0-05: when the mafia falls asleep, a mafioso without a blindfold is peeking", () => {
    const d = zeroNight().next();
    expect(d.state.step).toBe("don");
    expect(d.view(2).blindfold).toBe(true);
    d.blindfold(2, true).blindfold(2, false);
    expect(d.pub.seats[1]?.out).toBe("removed");
    expect(d.state.announcements.at(-1)?.params.cause).toBe("peeking");
  });

  it("SPORT-NIGHT0-06: the Don alone wakes to meet the host, with nothing to answer yet", () => {
    const d = zeroNight().next();
    expect(d.state.step).toBe("don");
    expect(woken(d)).toEqual([1]);
    expect(prompted(d)).toEqual([]);
    expect(d.state.clock.until).toBe(d.at + 15_000);
  });

  it("SPORT-NIGHT0-07: the Sheriff alone wakes to meet the host", () => {
    const d = zeroNight().next().next();
    expect(d.state.step).toBe("sheriff");
    expect(woken(d)).toEqual([4]);
    expect(prompted(d)).toEqual([]);
  });

  it("SPORT-NIGHT0-08: zero night has no shot and no check; everyone is alive in the morning", () => {
    const d = zeroNight();
    expect(d.act(1, "shoot", [5])?.code).toBe("not_your_turn");
    d.next();
    expect(d.act(1, "check", [4])?.code).toBe("not_your_turn");
    d.next();
    expect(d.act(4, "check", [1])?.code).toBe("not_your_turn");
    d.next();
    expect(d.pub.seats.every((s) => s.alive)).toBe(true);
    expect(d.state.seats.every((s) => s.results.length === 0)).toBe(true);
    expect(d.logKeys()).not.toContain("morning.killed");
    expect(d.logKeys()).not.toContain("morning.peaceful");
  });

  it("SPORT-NIGHT0-09: after the Sheriff's meeting the host announces morning; Day 0 starts at seat 1", () => {
    const d = zeroNight();
    d.expire().expire().expire(); // the steps also end by their timers
    expect([d.state.phase, d.state.round, d.state.step, d.state.speaker]).toEqual([
      "day",
      0,
      "speech",
      1,
    ]);
    expect(d.logKeys()).toContain("morning");
    expect(d.state.announcements.find((a) => a.key === "day.start")?.seats).toEqual([1]);
  });
});

describe("SPORT later nights: the Don and the Sheriff", () => {
  it("SPORT-NIGHT-06: after the shot the mafia leaves and the Don alone wakes, with a check", () => {
    const d = toDonStep();
    expect(woken(d)).toEqual([1]);
    expect(prompted(d)).toEqual([1]);
    expect(d.view(1).prompt?.action).toBe("check");
    expect(d.state.clock.until).toBe(d.at + 15_000);
  });

  it("SPORT-NIGHT-07: the Don checks one seat a night; the answer reaches only him", () => {
    const d = toDonStep();
    const signals = signalsDuring(d, () => d.actOk(1, "check", [4]));
    expect(signals).toEqual([{ type: "signal", seat: 1, signal: { haptic: "double" } }]);
    expect(d.view(1).results).toEqual([{ night: 1, key: "check.sheriff", seats: [4] }]);
    expect(d.view(1).prompt).toBeNull();
    expect(d.act(1, "check", [5])?.code).toBe("not_your_turn");
    for (let n = 2; n <= 10; n++) expect(d.view(n).results).toEqual([]);
    expect(d.logKeys().some((k) => k.startsWith("check"))).toBe(false);
    expect(JSON.stringify(d.pub)).not.toContain("check.");
  });

  it("SPORT-NIGHT-08: the Sheriff alone wakes, checks, and only his view holds the answer", () => {
    const d = toSheriffStep();
    expect(woken(d)).toEqual([4]);
    expect(d.view(4).prompt?.targets).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
    const signals = signalsDuring(d, () => d.actOk(4, "check", [2]));
    expect(signals).toEqual([{ type: "signal", seat: 4, signal: { haptic: "double" } }]);
    expect(resultKeys(d, 4)).toEqual(["check.mafia"]);
    for (const n of [1, 2, 3, 5]) expect(d.view(n).results).toEqual([]);
    expect(JSON.stringify(d.pub)).not.toContain("check.");
  });

  it("SPORT-NIGHT-09: one Sheriff check a night, and a new one the next night", () => {
    const d = toSheriffStep();
    d.actOk(4, "check", [5]);
    expect(d.act(4, "check", [6])?.code).toBe("not_your_turn");
    d.next().passAll(); // Day 1 without nominations → Night 2
    expect(d.state.round).toBe(2);
    d.next().next();
    d.actOk(4, "check", [6]);
    expect(d.view(4).results.map((r) => [r.night, r.seats[0]])).toEqual([
      [1, 5],
      [2, 6],
    ]);
  });

  it("SPORT-NIGHT-10: after the Sheriff's step the host announces the next day", () => {
    const d = toSheriffStep().expire();
    expect([d.state.phase, d.state.round]).toEqual(["day", 1]);
    expect(d.logKeys()).toContain("morning.peaceful");
    expect(d.state.announcements.findLast((a) => a.key === "day.start")?.seats).toEqual([2]);
    expect([d.state.step, d.state.speaker]).toEqual(["speech", 2]);
  });

  it("SPORT-NIGHT-11: the Sheriff hears 'mafia' for the Don and the mafiosi, 'town' for the reds", () => {
    for (const [target, key] of [
      [1, "check.mafia"],
      [3, "check.mafia"],
      [7, "check.town"],
    ] as const) {
      const d = toSheriffStep();
      const signals = signalsDuring(d, () => d.actOk(4, "check", [target]));
      expect(resultKeys(d, 4)).toEqual([key]);
      expect(signals[0]?.signal).toEqual({ haptic: key === "check.mafia" ? "double" : "triple" });
    }
  });

  it("SPORT-NIGHT-12: the Don hears 'sheriff' only for the Sheriff, not for reds or his own", () => {
    for (const [target, key] of [
      [4, "check.sheriff"],
      [2, "check.notSheriff"],
      [8, "check.notSheriff"],
    ] as const) {
      const d = toDonStep();
      const signals = signalsDuring(d, () => d.actOk(1, "check", [target]));
      expect(resultKeys(d, 1)).toEqual([key]);
      expect(signals[0]?.signal).toEqual({ haptic: key === "check.sheriff" ? "double" : "triple" });
    }
  });
});

describe("SPORT-OPEN-03: the Don and the Sheriff on the night they are shot", () => {
  it("SPORT-OPEN-03: (a) a Don shot tonight still checks; the death comes in the morning", () => {
    const d = toDonStep({}, 1);
    expect(d.pub.seats[0]?.alive).toBe(true);
    d.actOk(1, "check", [4]);
    expect(resultKeys(d, 1)).toEqual(["check.sheriff"]);
    d.skipNight();
    expect(d.pub.seats[0]?.out).toBe("killed");
  });

  it("SPORT-OPEN-03: (a) a Sheriff shot tonight still checks", () => {
    const d = toSheriffStep({}, 4);
    d.actOk(4, "check", [3]);
    expect(resultKeys(d, 4)).toEqual(["check.mafia"]);
    d.next();
    expect(d.pub.seats[3]?.out).toBe("killed");
    expect([d.state.step, d.state.speaker]).toEqual(["lastword", 4]);
  });

  it("SPORT-OPEN-03: (b) shotStillChecks:false — the shot Don or Sheriff gets no check", () => {
    const don = toDonStep({ shotStillChecks: false }, 1);
    expect(don.realPrompt(1)).toBeNull();
    expect(don.act(1, "check", [4])?.code).toBe("not_your_turn");
    const sheriff = toSheriffStep({ shotStillChecks: false }, 4);
    expect(sheriff.realPrompt(4)).toBeNull();
    // Someone else's shot leaves the check in place.
    expect(toSheriffStep({ shotStillChecks: false }, 7).view(4).prompt?.action).toBe("check");
  });

  it("SPORT-OPEN-03: (a) an eliminated Don's and Sheriff's steps still run, as long, doing nothing", () => {
    const d = night1();
    d.host({ cmd: "remove", seat: 1 });
    d.host({ cmd: "remove", seat: 4 });
    expect(d.pub.winner).toBeNull();
    d.expire();
    expect(d.state.step).toBe("don");
    expect(d.state.clock.until).toBe(d.at + 15_000);
    expect(prompted(d)).toEqual([]);
    d.expire();
    expect(d.state.step).toBe("sheriff");
    expect(d.state.clock.until).toBe(d.at + 15_000);
    expect(prompted(d)).toEqual([]);
    d.expire();
    expect(d.state.phase).toBe("day");
  });
});
