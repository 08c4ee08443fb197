/**
 * APP rule tests: the morning, the discussion, the secret vote, the win and the end screen
 * (RULES.md §2 DAY, VOTE, WIN, REVEAL-01, APP-OPEN-05/06/07/08/13/14), venue branding (CUSTOM,
 * APP-OPEN-16) and the engine's side of the platform rules (PLATFORM).
 */
import { describe, expect, it } from "vitest";
import { createGame } from "../../hub/engine/index.js";
import { EngineDriver, T0 } from "../helpers/engine-driver.js";

const stadtraete = (n: number): string[] => Array(n).fill("councillor");
/** Pate 1, Consigliere 2, Kommissar 3, Arzt 4, Stadträte 5..7. */
const SEVEN = ["godfather", "consigliere", "commissar", "doctor", ...stadtraete(3)];
/** The menu's roles (L6). */
const ROLES = ["commissar", "consigliere", "councillor", "doctor", "godfather", "soldier"];

function table(options: Record<string, unknown> = {}): EngineDriver {
  const base = { mafia: 2, commissar: true, doctor: true };
  return new EngineDriver({ ruleset: "app", seats: 7, options: { ...base, ...options } }).start(
    SEVEN,
  );
}

const aliveSeats = (d: EngineDriver) => d.state.seats.filter((s) => s.alive).map((s) => s.seat);
const isAlive = (d: EngineDriver, role: string) =>
  d.state.seats.some((s) => s.alive && s.role === role);

/** A night: the Arzt protects `heal` (default: himself, or 5 if he is the victim), the Kommissar checks. */
function night(d: EngineDriver, kill: number, heal = kill === 4 ? 5 : 4): EngineDriver {
  d.answerRest([3, 4, isAlive(d, "godfather") ? 1 : 2]);
  if (isAlive(d, "doctor")) d.actOk(4, "heal", [heal]);
  const check = isAlive(d, "commissar") ? d.view(3).prompt?.targets[0] : undefined;
  if (check !== undefined) d.actOk(3, "investigate", [check]);
  return d.actOk(isAlive(d, "godfather") ? 1 : 2, "kill", [kill]);
}

/** Opens the vote; each living seat votes as `ballots` says, the rest abstain. */
function vote(d: EngineDriver, ballots: Record<number, number> = {}): EngineDriver {
  if (d.state.step === "discussion") d.next();
  for (const s of aliveSeats(d)) {
    const target = ballots[s];
    if (target === undefined) d.pass(s);
    else d.actOk(s, "vote", [target]);
  }
  return d;
}

/** Everyone else votes `target` out. */
const voteOut = (d: EngineDriver, target: number) =>
  vote(d, Object.fromEntries(aliveSeats(d).flatMap((s) => (s === target ? [] : [[s, target]]))));

/** The latest announcement with this key. */
const entry = (d: EngineDriver, key: string) =>
  d.state.announcements.filter((a) => a.key === key).at(-1);
const outcome = (d: EngineDriver) =>
  d.logKeys().filter((k) => ["vote.tie", "vote.abstained", "vote.eliminated"].includes(k));

describe("APP morning and discussion", () => {
  it("APP-DAY-01: the morning names who died in the night, and nothing more", () => {
    const d = night(table(), 6);
    const since = d.state.announcements.slice(d.logKeys().indexOf("night.start") + 1);
    expect(since).toMatchObject([
      { key: "morning.killed", seats: [6], params: { round: 1, role: "councillor" } },
    ]);
    expect(Object.keys(since[0]?.params ?? {}).sort()).toEqual(["role", "round"]); // no cause
    const saved = night(table(), 6, 6);
    expect(entry(saved, "morning.peaceful")).toMatchObject({ seats: [], params: { round: 1 } });
  });

  it("APP-DAY-02: the discussion is at the table: nobody is asked anything and the screens show no count", () => {
    const d = night(table(), 6);
    expect(d.pub.step).toBe("discussion");
    for (const s of aliveSeats(d)) expect(d.view(s).prompt).toBeNull();
    expect(d.pub.tally).toEqual({});
    d.next().actOk(1, "vote", [5]).actOk(2, "vote", [5]);
    expect(d.pub.tally).toEqual({}); // no running count during the vote either
  });

  it("APP-OPEN-05 (a, default): the night victim's role is shown with his death", () => {
    const d = night(table(), 3);
    expect(entry(d, "morning.killed")).toMatchObject({ seats: [3], params: { role: "commissar" } });
    expect(d.pub.seats[2]).toMatchObject({ alive: false, out: "killed", role: "commissar" });
  });

  it("APP-OPEN-05 (b) revealNightRole false: only the name; a night victim still counts as non-mafia", () => {
    const d = night(table({ revealNightRole: false }), 5);
    expect(entry(d, "morning.killed")).toMatchObject({ seats: [5], params: { role: null } });
    expect(d.pub.seats[4]?.role).toBeNull();
    night(voteOut(d, 6), 7); // 2 mafia against 2: the mafia may attack only non-mafia
    expect(d.pub.winner).toBe("mafia");
  });

  it("APP-OPEN-14 (a, default): the Kommissar sees his result at once, and keeps it if killed that night", () => {
    const d = table().answerRest([1, 3, 4]);
    d.actOk(3, "investigate", [1]);
    expect(d.pub.phase).toBe("night");
    expect(d.view(3).results).toEqual([{ night: 1, key: "role.godfather", seats: [1] }]);
    d.actOk(4, "heal", [5]).actOk(1, "kill", [3]);
    expect(d.view(3)).toMatchObject({ alive: false, results: [{ key: "role.godfather" }] });
  });

  it("APP-OPEN-14 (b) commissarResult 'morning': the result comes in the morning, only if he survived", () => {
    const d = table({ commissarResult: "morning" }).answerRest([1, 3, 4]);
    d.actOk(3, "investigate", [1]);
    expect(d.view(3).results).toEqual([]);
    d.actOk(4, "heal", [5]).actOk(1, "kill", [6]);
    expect(d.view(3).results).toEqual([{ night: 1, key: "role.godfather", seats: [1] }]);
    const killed = table({ commissarResult: "morning" }).answerRest([1, 3, 4]);
    killed.actOk(3, "investigate", [1]);
    killed.actOk(4, "heal", [5]).actOk(1, "kill", [3]);
    expect(killed.view(3).results).toEqual([]);
  });
  it("APP-OPEN-13: no timers by default; the discussion ends when all are ready or the host opens the vote", () => {
    const d = night(table(), 6);
    expect(d.pub.until).toBeNull();
    for (const s of [1, 2, 3, 4, 5]) d.pass(s);
    expect(d.pub.waitingFor).toEqual([7]);
    d.pass(7);
    expect([d.pub.step, d.pub.until]).toEqual(["vote", null]);
    const byHost = night(table(), 6).next();
    expect(byHost.pub.step).toBe("vote");
  });

  it("APP-OPEN-13: optional timers end the night (with its choice in), the discussion and the vote", () => {
    const o = { nightSeconds: 60, discussionSeconds: 120, voteSeconds: 30 };
    const d = table(o).actOk(1, "kill", [6]); // Arzt and Kommissar have not chosen
    expect(d.expire().pub.step).toBe("discussion");
    expect(d.expire().pub.step).toBe("vote");
    d.actOk(1, "vote", [5]);
    expect(d.expire().pub.phase).toBe("night"); // the vote closed: one vote for 5, the rest abstain
    const manual = table({ ...o, autoAdvance: false });
    expect(manual.feed({ type: "timer", at: T0 + 60_000 })?.code).toBe("stale_timer");
  });
});

describe("APP vote", () => {
  it("APP-VOTE-01: every living player, and only they, votes on his own screen", () => {
    const d = night(table(), 6).next();
    for (const s of aliveSeats(d)) expect(d.view(s).prompt?.action).toBe("vote");
    expect(d.view(6).prompt).toBeNull();
    expect(d.act(6, "vote", [1])?.code).toBe("not_in_game");
    expect(d.pub.ballot).toEqual([1, 2, 3, 4, 5, 7]);
  });

  it("APP-VOTE-02, APP-OPEN-08 (a, default): abstaining is allowed; the tally gives anonymous totals", () => {
    const d = vote(night(table(), 6), { 1: 5, 2: 5, 3: 5, 4: 7, 5: 7 });
    expect(d.pub.tally).toEqual({ 5: 3, 7: 2, abstain: 1 });
    // Never who voted for whom: other voters behind the same totals give the same public view.
    const other = vote(night(table(), 6), { 2: 7, 3: 5, 4: 5, 5: 7, 7: 5 });
    expect(other.pub).toEqual(d.pub);
  });

  it("APP-OPEN-08 (b) tally 'outcome': only the outcome is shown", () => {
    const d = vote(night(table({ tally: "outcome" }), 6), { 1: 5, 2: 5, 3: 5, 4: 7, 5: 7 });
    expect(d.pub.tally).toEqual({});
    expect(entry(d, "vote.eliminated")?.params).toEqual({ role: "councillor" }); // no count
    const tie = vote(night(table({ tally: "outcome" }), 6), { 1: 5, 2: 5, 3: 7, 4: 7 });
    expect(entry(tie, "vote.tie")?.params).toEqual({});
  });

  it("APP-VOTE-03: the player with the most votes is out and his role is shown to everyone", () => {
    const d = vote(night(table(), 6), { 1: 5, 2: 5, 3: 5, 4: 7, 5: 7 });
    expect(entry(d, "vote.eliminated")).toMatchObject({
      seats: [5],
      params: { role: "councillor" },
    });
    expect(d.pub.seats[4]).toMatchObject({ alive: false, out: "voted", role: "councillor" });
  });

  it("APP-VOTE-04, APP-VOTE-06: a tie eliminates nobody and night falls again: one vote a day, no revote", () => {
    const d = vote(night(table(), 6), { 1: 5, 2: 5, 3: 7, 4: 7 });
    expect(outcome(d)).toEqual(["vote.tie"]);
    expect(aliveSeats(d)).toEqual([1, 2, 3, 4, 5, 7]);
    expect([d.pub.phase, d.pub.round]).toEqual(["night", 2]);
    expect(d.act(3, "vote", [5])?.code).toBe("bad_action");
  });

  it("APP-VOTE-05, APP-OPEN-06 (a, default): more than half of the living abstaining saves everyone", () => {
    expect(outcome(vote(night(table(), 6), { 1: 5, 2: 5 }))).toEqual(["vote.abstained"]);
    expect(outcome(vote(night(table(), 6), { 1: 5, 2: 5, 3: 5 }))).toEqual(["vote.eliminated"]);
  });

  /** A peaceful night; `ballots` are cast, then the host closes the vote if it is still open. */
  const closed = (abstainMajority: string, ballots: Record<number, number>, abstain: number[]) => {
    const d = night(table({ abstainMajority }), 6, 6).next();
    for (const s of abstain) d.pass(s);
    for (const [s, t] of Object.entries(ballots)) d.actOk(Number(s), "vote", [t]);
    if (d.pub.step === "vote") d.next();
    return outcome(d)[0];
  };
  const early = [{ 1: 5, 2: 5 }, [3]] as const; // 2 for 5, 1 abstains, 4 silent: closed by the host
  const full = [{ 1: 5, 2: 5, 3: 6, 4: 7 }, [5, 6, 7]] as const; // everyone: 3 abstain

  it("APP-OPEN-06 (b) abstainMajority 'cast': only abstentions among the votes cast count", () => {
    expect(closed("living", { ...early[0] }, [...early[1]])).toBe("vote.abstained");
    expect(closed("cast", { ...early[0] }, [...early[1]])).toBe("vote.eliminated");
  });

  it("APP-OPEN-06 (c) abstainMajority 'candidate': abstention wins or ties the plurality, nobody is out", () => {
    expect(closed("living", { ...full[0] }, [...full[1]])).toBe("vote.eliminated");
    expect(closed("candidate", { ...full[0] }, [...full[1]])).toBe("vote.abstained");
  });

  it("APP-OPEN-07: silence is abstention; no self-vote; a vote may change until all have voted", () => {
    const d = night(table(), 6).next();
    expect(d.act(5, "vote", [5])?.code).toBe("bad_target");
    d.actOk(1, "vote", [5]).actOk(1, "vote", [7]).actOk(2, "vote", [7]);
    for (const s of [3, 4, 5]) d.pass(s);
    expect(d.pub.step).toBe("vote"); // seat 7 has not voted yet
    d.actOk(7, "vote", [1]);
    expect(d.pub.tally).toEqual({ 1: 1, 7: 2, abstain: 3 });
    const silent = night(table(), 6).next().actOk(1, "vote", [5]).next();
    expect(silent.pub.tally).toEqual({ 5: 1, abstain: 5 });
    const fixed = night(table({ changeVote: false }), 6)
      .next()
      .actOk(1, "vote", [5]);
    expect(fixed.act(1, "vote", [7])).not.toBeNull();
  });
});

describe("APP win and end screen", () => {
  it("APP-WIN-01, APP-WIN-04: the civilians win once the whole mafia is out; the screen announces it", () => {
    const d = voteOut(night(table(), 6), 1);
    expect(d.pub.winner).toBeNull();
    voteOut(night(d, 7), 2);
    expect([d.pub.phase, d.pub.winner]).toEqual(["ended", "town"]);
    expect(entry(d, "game.end")?.params).toEqual({ winner: "town" });
  });

  it("APP-WIN-02: the mafia wins at parity with the living others; it need not kill them all", () => {
    const d = voteOut(night(table(), 5), 6); // 2 mafia against 3
    night(d, 7); // 2 against 2
    expect(d.pub.winner).toBe("mafia");
    expect(aliveSeats(d)).toEqual([1, 2, 3, 4]);
  });

  it("APP-WIN-03: the win is checked after every elimination: by day, by night, and a removal", () => {
    const byDay = voteOut(night(voteOut(night(table(), 5), 6), 7, 7), 7);
    expect([byDay.pub.winner, entry(byDay, "vote.eliminated")?.seats]).toEqual(["mafia", [7]]);
    const byNight = voteOut(night(table(), 5), 6);
    expect(night(byNight, 7).pub.winner).toBe("mafia");
    const removed = table();
    removed.host({ cmd: "remove", seat: 1 });
    removed.host({ cmd: "remove", seat: 2 });
    expect(removed.pub.winner).toBe("town");
  });

  it("APP-REVEAL-01: the end screen shows every player's role, the living ones' too", () => {
    const d = voteOut(night(voteOut(night(table(), 6), 1), 7), 2);
    expect(d.pub.roles).toEqual(Object.fromEntries(SEVEN.map((r, i) => [String(i + 1), r])));
    expect(d.pub.seats.map((s) => s.role)).toEqual(SEVEN);
    expect(d.pub.deal?.salt).not.toBeNull();
  });
});

/** A fixed script: Night 1 kills 6 (the Consigliere proposed 5), the Pate is voted out, Night 2 kills 7, the Consigliere goes. */
function script(d: EngineDriver): EngineDriver {
  return voteOut(night(voteOut(night(d.actOk(2, "kill", [5]), 6), 1), 7), 2);
}
const VENUE = {
  name: "Café Palermo",
  logo: "https://example.org/logo.png",
  welcome: "Willkommen!",
  houseRules: ["The Pate has no say here.", "Nobody may abstain."],
};
const withoutExtras = (d: EngineDriver) => ({ ...d.pub, extras: null });

describe("APP custom (venue branding)", () => {
  it("APP-CUST-01: standard mode, without a venue, is the complete game", () => {
    const d = script(table());
    expect(d.pub.extras.venue).toBeNull();
    expect(d.pub.winner).toBe("town");
  });

  it("APP-CUST-02: a venue adds its name, logo, welcome text and house rules to the public state", () => {
    expect(table({ venue: VENUE }).pub.extras.venue).toEqual(VENUE);
    expect(() => table({ venue: { logo: "javascript:alert(1)" } })).toThrow(/logo/);
  });

  it("APP-CUST-03, APP-CUST-04: branding never changes a rule: house rules are text and the game is the same", () => {
    const plain = script(table());
    const branded = script(table({ venue: VENUE }));
    expect(withoutExtras(branded)).toEqual(withoutExtras(plain));
    for (const s of [1, 2, 3, 4, 5, 6, 7]) expect(branded.view(s)).toEqual(plain.view(s));
    expect(branded.effects).toEqual(plain.effects);
    // "The Pate has no say here" is text: his choice (6) killed, not the Consigliere's (5).
    expect(entry(branded, "morning.killed")?.seats).toEqual([7]);
    expect(branded.allLogs().find((l) => l.key === "morning.killed")?.seats).toEqual([6]);
  });

  it("APP-OPEN-16, APP-SETUP-02: the only extras are the composition, its balance warnings and the venue's texts and logo", () => {
    const t = table({ venue: VENUE });
    expect(Object.keys(t.pub.extras).sort()).toEqual(["balanceWarnings", "composition", "venue"]);
    // 2 mafia against 5 others: balanced by APP-OPEN-12's thresholds; 2 against 3 warns.
    expect(t.pub.extras.balanceWarnings).toEqual([]);
    const five = new EngineDriver({ ruleset: "app", seats: 5, options: { mafia: 2 } });
    expect(five.pub.extras.balanceWarnings).toEqual([
      "balance: 2 mafia against 3 others can win after a single elimination",
    ]);
    expect(() => table({ venue: { ...VENUE, extras: ["free drinks"] } })).toThrow(/unknown option/);
  });
});

describe("APP platform: the engine's side", () => {
  it("APP-PLAT-01: no I/O (see 'engine purity' in engine-core.test.ts): a game is a pure function of its inputs", () => {
    const seeded = () =>
      new EngineDriver({ ruleset: "app", seats: 7, options: { mafia: 2 }, seed: "c".repeat(32) });
    const d = seeded().start();
    const old = d.state;
    const snapshot = structuredClone(old);
    const pate = d.seatsWith("godfather")[0] as number;
    const victim = d.state.seats.find((s) => s.team === "town")?.seat as number;
    d.actOk(pate, "kill", [victim]).next();
    expect(old).toEqual(snapshot); // step() works on a copy: nothing outside is touched
    const replay = seeded();
    for (const input of d.inputs) replay.ok(input);
    expect(replay.state).toEqual(d.state);
  });

  it("APP-PLAT-02: no account or login: a seat is a number and a name, nothing else identifies a player", () => {
    const d = table();
    const keys = [...Object.keys(d.view(1)), ...Object.keys(d.pub.seats[0] ?? {})];
    expect(keys.filter((k) => /account|user|login|email|password|token|device/i.test(k))).toEqual(
      [],
    );
    expect(d.view(3).seat).toBe(3);
    expect(d.pub.seats[2]).toMatchObject({ seat: 3, name: "P3" });
  });

  it("APP-PLAT-03: each seat plays in its own language; the table's lang is only the default", () => {
    const langs = { 1: "de", 2: "ru" } as const;
    const seats = [1, 2, 3, 4, 5].map((n) => ({ seat: n, name: `P${n}`, lang: langs[n as 1] }));
    const options = { mafia: 1, lang: "en" };
    const made = createGame({
      table: "t",
      ruleset: "app",
      seats,
      options,
      seed: "b".repeat(32),
      at: T0,
    });
    if (!made.ok) throw new Error(made.errors.join("; "));
    const d = new EngineDriver({ ruleset: "app", seats: 5, options: { mafia: 1 } });
    d.state = made.state;
    d.start();
    expect([1, 2, 3].map((s) => d.view(s).lang)).toEqual(["de", "ru", "en"]);
  });

  it("APP-PLAT-04: the engine plays the one rule set of the menu (L5–L10): no other variant can be chosen", () => {
    // What is asserted: the ruleset is "app" in the public state, and no option outside the
    // catalog's (composition, APP-OPEN choices, branding) is accepted, so no other rules exist.
    expect(table().pub.ruleset).toBe("app");
    for (const extra of [{ rules: "classic" }, { variant: "custom" }, { soldiersDecide: true }]) {
      expect(() => table(extra)).toThrow(/unknown option/);
    }
    // The roles dealt are the menu's six, whatever the composition.
    const big = new EngineDriver({
      ruleset: "app",
      seats: 12,
      options: { mafia: 4, commissar: true, doctor: true },
    });
    expect([...new Set(big.start().state.seats.map((s) => s.role))].sort()).toEqual(ROLES);
  });
});
