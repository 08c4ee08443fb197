/**
 * APP rule tests: a lost connection (RULES.md §2 DISCONNECT, APP-OPEN-09/10/17), the win
 * from public facts only, and secrecy over whole games (APP-REVEAL-02, APP-OPEN-15).
 */
import { describe, expect, it } from "vitest";
import type { EngineInput, Rejection } from "../../hub/engine/index.js";
import { EngineDriver } from "../helpers/engine-driver.js";

const MAFIA = ["godfather", "consigliere", "soldier"];
const stadtraete = (n: number): string[] => Array(n).fill("councillor");
/** Pate 1, Consigliere 2, Kommissar 3, Arzt 4, Stadträte 5..7. */
const SEVEN = ["godfather", "consigliere", "commissar", "doctor", ...stadtraete(3)];
const options = (roles: readonly string[]) => ({
  mafia: roles.filter((r) => MAFIA.includes(r)).length,
  commissar: roles.includes("commissar"),
  doctor: roles.includes("doctor"),
});

function table(o: Record<string, unknown> = {}, roles: readonly string[] = SEVEN) {
  const seats = roles.length;
  // The catalog's "at once" (APP-DISC-01); the default grace has its own tests (app-grace.test.ts).
  const grace = { disconnectGraceSeconds: 0 };
  return new EngineDriver({
    ruleset: "app",
    seats,
    options: { ...options(roles), ...grace, ...o },
  }).start(roles);
}

const drop = (d: EngineDriver, seat: number) =>
  d.ok({ type: "presence", at: d.at, seat, online: false });
const back = (d: EngineDriver, seat: number) =>
  d.ok({ type: "presence", at: d.at, seat, online: true });
const aliveSeats = (d: EngineDriver) => d.state.seats.filter((s) => s.alive).map((s) => s.seat);
const has = (d: EngineDriver, role: string) =>
  d.state.seats.some((s) => s.alive && s.role === role);

/** Arzt (seat 4) and Kommissar (seat 3) act, if alive: protect `heal`, check the first offered. */
function specials(d: EngineDriver, heal = 4): EngineDriver {
  if (has(d, "doctor")) d.actOk(4, "heal", [heal]);
  const check = has(d, "commissar") ? d.view(3).prompt?.targets[0] : undefined;
  if (check !== undefined) d.actOk(3, "investigate", [check]);
  return d;
}
const night = (d: EngineDriver, kill: number) => {
  const decides = has(d, "godfather") ? 1 : 2;
  return specials(d.answerRest([3, 4, decides])).actOk(decides, "kill", [kill]);
};

/** The vote: everyone else votes `target` out (the table goes straight from discussion to vote). */
function voteOut(d: EngineDriver, target: number): EngineDriver {
  if (d.state.step === "discussion") d.next();
  for (const s of aliveSeats(d)) s === target ? d.pass(s) : d.actOk(s, "vote", [target]);
  return d;
}

/** After seat 5 dropped in Night 1: Night 1 kills 6, the Pate is voted out, Night 2 kills 7, the Consigliere goes. */
const droppedGame = (d: EngineDriver) => voteOut(night(voteOut(night(d, 6), 1), 7), 2);

describe("APP disconnect", () => {
  it("APP-DISC-01: a lost connection eliminates the player at once", () => {
    const d = drop(table(), 5);
    expect(d.pub.seats[4]).toMatchObject({ alive: false, out: "disconnected", online: false });
    expect(d.allLogs().filter((l) => l.key === "disconnected")).toEqual([
      { key: "disconnected", seats: [5] },
    ]);
  });

  it("APP-DISC-02: unlike a night or day elimination, a disconnected player's role is never shown", () => {
    const d = voteOut(night(table(), 6), 7);
    drop(d, 2);
    expect(d.pub.seats.map((s) => s.role)).toEqual([
      null,
      null,
      null,
      null,
      null,
      "councillor",
      "councillor",
    ]);
    const entry = d.state.announcements.find((a) => a.key === "disconnected");
    expect(entry?.params).toEqual({});
    expect(d.view(1).allyRoles).toEqual({ 2: "consigliere" }); // his allies knew all along
  });

  it("APP-DISC-03, APP-DISC-04: a draw when the winner depends on his side, decided at the disconnect itself", () => {
    const roles = ["godfather", "councillor", "councillor", "councillor"];
    const d = table({}, roles).answerRest([1]).actOk(1, "kill", [2]); // 1 mafia against 2
    drop(d, 3); // mafia: the town won; town: 1 against 1, the mafia won
    expect([d.pub.phase, d.pub.winner]).toEqual(["ended", "draw"]);
    expect(d.allLogs().slice(-2)).toEqual([
      { key: "disconnected", seats: [3] },
      { key: "game.end", seats: [] },
    ]);
    expect(d.state.announcements.at(-1)?.params).toEqual({ winner: "draw" });
  });

  it("APP-DISC-03: a winner is declared after a disconnect once it is certain either way", () => {
    const d = drop(table(), 5);
    expect(d.pub.winner).toBeNull(); // 2 mafia against 4, or 1 against 5
    expect(droppedGame(d).pub.winner).toBe("town"); // whatever seat 5 was, no mafia is left
  });

  it("APP-DISC-04: a disconnect of the Pate passes the choice to the Consigliere at once", () => {
    const d = specials(table().answerRest([1, 3, 4])).actOk(2, "kill", [6]);
    expect(d.pub.step).toBe("night");
    drop(d, 1);
    expect(d.pub.seats[5]).toMatchObject({ alive: false, out: "killed" }); // the night ended at once
    const waits = table().answerRest([1, 2, 3, 4]).actOk(1, "kill", [5]).actOk(4, "heal", [4]);
    drop(waits, 1); // his proposal goes with him
    waits.actOk(3, "investigate", [2]);
    expect([waits.pub.step, waits.host({ cmd: "next" })?.code]).toEqual(["night", "wrong_step"]);
    waits.actOk(2, "kill", [7]);
    expect(waits.pub.seats.filter((s) => s.out === "killed").map((s) => s.seat)).toEqual([7]);
  });
});

describe("APP-OPEN disconnect decisions", () => {
  it("APP-OPEN-09: only public facts count: with the last mafia gone but one player disconnected, play goes on", () => {
    // A: the disconnected seat 2 is the Consigliere; B: he is a Stadtrat and seat 7 is.
    const b = [
      "godfather",
      "councillor",
      "commissar",
      "doctor",
      "councillor",
      "councillor",
      "consigliere",
    ];
    const games = [table(), table({}, b)].map((d) => voteOut(night(drop(d, 2), 6), 1));
    expect(games.map((d) => d.state.seats.some((s) => s.alive && s.team === "mafia"))).toEqual([
      false,
      true,
    ]);
    expect(games[0]?.pub).toEqual(games[1]?.pub); // the table cannot tell the two apart
    expect([games[0]?.pub.phase, games[0]?.pub.winner]).toEqual(["night", null]);
  });

  it("APP-OPEN-10 (a, default): the end screen shows 'unknown' for a disconnected player; the deal stays closed", () => {
    const d = droppedGame(drop(table(), 5));
    expect(d.pub.winner).toBe("town");
    expect(d.pub.roles?.[5]).toBe("unknown");
    expect(d.pub.seats[4]?.role).toBe("unknown");
    expect(d.pub.deal).toMatchObject({ salt: null, roles: null });
    expect(d.pub.roles?.[7]).toBe("councillor"); // the others are all shown
  });

  it("APP-OPEN-10 (b) endShowsDisconnected: the end screen shows his role too, and the deal opens", () => {
    const d = droppedGame(drop(table({ endShowsDisconnected: true }), 5));
    expect(d.pub.roles?.[5]).toBe("councillor");
    expect(d.pub.deal?.salt).not.toBeNull();
  });

  it("APP-OPEN-17: in the vote, his own vote and the votes for him are void: the vote starts again for everyone", () => {
    const d = night(table(), 6).next();
    d.actOk(1, "vote", [5]).actOk(2, "vote", [5]).actOk(5, "vote", [1]).actOk(3, "vote", [7]);
    drop(d, 5);
    expect(d.pub.step).toBe("vote");
    // Not only his voters again: that would tell the table who voted for him (issue 10).
    expect(d.pub.waitingFor).toEqual([1, 2, 3, 4, 7]);
    d.actOk(1, "vote", [7]).actOk(2, "vote", [3]).actOk(3, "vote", [7]).pass(4).pass(7);
    expect(d.pub.tally).toEqual({ 3: 1, 7: 2, abstain: 2 });
  });

  it("APP-OPEN-17: at night his proposal is discarded; in the discussion the others may be ready without him", () => {
    const d = table().actOk(2, "kill", [5]);
    expect(d.view(1).proposals).toEqual({ 2: 5 });
    drop(d, 2);
    expect(d.view(1).proposals).toEqual({});
    night(d, 6);
    for (const s of [1, 3, 4, 5]) d.pass(s);
    drop(d, 7);
    expect(d.pub.step).toBe("vote");
  });

  it("APP-OPEN-17: disconnectGraceSeconds: he is out only when the grace runs out; back in time, he plays on", () => {
    const d = table({ disconnectGraceSeconds: 30 });
    drop(d, 5);
    expect(d.pub.seats[4]?.alive).toBe(true);
    expect(d.feed({ type: "timer", at: d.at + 29_999 })?.code).toBe("stale_timer");
    d.tick(30_000).ok({ type: "timer", at: d.at });
    expect(d.pub.seats[4]).toMatchObject({ alive: false, out: "disconnected" });
    const returned = table({ disconnectGraceSeconds: 30 });
    drop(returned, 5).tick(10_000);
    back(returned, 5).tick(20_000);
    expect(returned.feed({ type: "timer", at: returned.at })?.code).toBe("stale_timer");
    expect(returned.pub.seats[4]?.alive).toBe(true);
  });

  it("APP-OPEN-17: a reconnecting device cannot rejoin a game in progress", () => {
    const d = drop(table(), 3);
    back(d, 3);
    expect(d.pub.seats[2]).toMatchObject({ alive: false, online: true, out: "disconnected" });
    expect(d.act(3, "investigate", [1])?.code).toBe("not_in_game");
  });
});

const SECRET_ROLES = ["godfather", "consigliere", "soldier", "commissar", "doctor"];

/** After every accepted input: what a councillor and the public may see (see the test titles). */
function checkSecrets(d: EngineDriver): void {
  const pub = d.pub;
  const ended = pub.phase === "ended";
  const showsDisconnected = d.state.options.endShowsDisconnected === true;
  for (const s of d.state.seats) {
    const shown = pub.seats[s.seat - 1]?.role;
    if (!ended && s.alive) expect(shown).toBeNull();
    if (s.out === "disconnected")
      expect(shown).toBe(!ended ? null : showsDisconnected ? s.role : "unknown");
    if (s.role === "councillor") {
      const view = d.view(s.seat);
      expect(view).toMatchObject({ allies: [], allyRoles: {}, proposals: {}, results: [] });
      for (const r of SECRET_ROLES) expect(JSON.stringify(view)).not.toContain(r);
    }
  }
  for (const a of pub.announcements) {
    if (a.params.role === undefined || a.params.role === null) continue;
    for (const n of a.seats) expect(d.state.seats[n - 1]?.out).toMatch(/killed|voted|removed/);
  }
  const opened =
    ended && (showsDisconnected || d.state.seats.every((s) => s.out !== "disconnected"));
  if (!opened) expect(pub.deal).toMatchObject({ salt: null, roles: null });
  if (!ended) expect(pub.roles).toBeNull();
}

class Watched extends EngineDriver {
  override feed(input: EngineInput): Rejection | null {
    const rejected = super.feed(input);
    if (!rejected) checkSecrets(this);
    return rejected;
  }
}

/** A whole game: investigations, proposals, a night kill, a disconnect in the discussion, two votes. */
function watchedGame(o: Record<string, unknown> = {}): Watched {
  const opts = { ...options(SEVEN), disconnectGraceSeconds: 0, ...o };
  const d = new Watched({ ruleset: "app", seats: 7, options: opts });
  d.start(SEVEN).actOk(3, "investigate", [1]).actOk(2, "kill", [5]);
  night(d, 6);
  d.pass(1);
  drop(d, 5);
  voteOut(d, 1);
  d.actOk(3, "investigate", [2]);
  night(d, 7);
  return voteOut(d, 2);
}

describe("APP secrecy", () => {
  it("APP-REVEAL-02, APP-OPEN-15, APP-SETUP-05: a Stadtrat never sees another role or a proposal; no living or disconnected role is public", () => {
    const d = watchedGame();
    expect([d.pub.phase, d.pub.winner]).toEqual(["ended", "town"]);
    expect(d.view(3).results.map((r) => r.key)).toEqual(["role.godfather", "role.consigliere"]);
    expect(d.pub.roles?.[5]).toBe("unknown");
  });

  it("APP-REVEAL-02, APP-OPEN-10 (b): with endShowsDisconnected only the end screen shows the disconnected role", () => {
    const d = watchedGame({ endShowsDisconnected: true });
    expect(d.pub.roles?.[5]).toBe("councillor");
  });
});
