/** Forum: the setup, the composition and the status messages (RULES.md §4 SETUP, FORUM-OPEN-03..05, FORUM-CIT-01). */
import { describe, expect, it } from "vitest";
import { createGame, publicView, seatTextView } from "../../hub/engine/index.js";
import { FORUM_ROLES } from "../../hub/engine/rulesets/forum/roles/index.js";
import { T0 } from "../helpers/engine-driver.js";
import {
  BOSS,
  DETECTIVE,
  FORUM_DEAL,
  ForumTable,
  FRAMER,
  forumTable,
  LIAR,
  SPY,
} from "../helpers/forum.js";

const seats = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ seat: i + 1, name: `P${i + 1}` }));
const create = (n: number, options: Record<string, unknown> = {}) =>
  createGame({
    table: "t1",
    ruleset: "forum",
    seats: seats(n),
    options,
    seed: "0".repeat(32),
    at: T0,
  });
const errorsOf = (n: number, options: Record<string, unknown>) => {
  const r = create(n, options);
  return r.ok ? "" : r.errors.join("\n");
};

function dealt(n: number, options: Record<string, unknown> = {}, seed?: string): string[] {
  const d = new ForumTable({ ruleset: "forum", seats: n, options, ...(seed ? { seed } : {}) });
  d.start();
  return d.state.seats.map((s) => s.role as string);
}
const count = (roles: string[], pred: (r: string) => boolean) => roles.filter(pred).length;
const party = (r: string) => FORUM_ROLES[r]?.party;

describe("forum setup", () => {
  it("FORUM-SETUP-01: the players are the seats set up before the start; nobody joins or acts before it", () => {
    const d = new ForumTable({ ruleset: "forum", seats: 13 });
    expect(d.act(1, "vote", [2])?.code).toBe("game_not_started");
    d.start();
    expect(d.state.seats.map((s) => s.name)).toEqual(seats(13).map((s) => s.name));
    expect(d.host({ cmd: "start" })?.code).toBe("game_started");
  });

  it("FORUM-SETUP-02: the start gives every player a role and the game begins", () => {
    const d = new ForumTable({ ruleset: "forum", seats: 13 }).start();
    expect(d.state.seats.every((s) => s.role !== null && FORUM_ROLES[s.role])).toBe(true);
    expect(d.state.phase).not.toBe("setup");
  });

  it("FORUM-SETUP-03: the default is 13 players, 9 citizens against 4 mafiosi", () => {
    const roles = dealt(13);
    expect(count(roles, (r) => party(r) === "town")).toBe(9);
    expect(count(roles, (r) => party(r) === "mafia")).toBe(4);
    expect(
      publicView(new ForumTable({ ruleset: "forum", seats: 13 }).state, T0).extras.composition,
    ).toEqual({
      town: 9,
      mafia: 4,
      roles: ["bodyguard", "framer", "liar"],
    });
  });

  it("FORUM-SETUP-04: the roles are dealt at random (the deal follows the seed)", () => {
    const a = dealt(13, {}, "0123456789abcdef0123456789abcdef");
    const b = dealt(13, {}, "fedcba9876543210fedcba9876543210");
    expect(a).not.toEqual(b);
    expect([...a].sort()).toEqual([...b].sort());
  });

  it("FORUM-SETUP-05: the citizens are 1 detective, 1 matchmaker, 1 guardian angel, at most 1 bodyguard and plain citizens", () => {
    const roles = dealt(13);
    for (const r of ["detective", "matchmaker", "guardian", "bodyguard"])
      expect(count(roles, (x) => x === r)).toBe(1);
    expect(count(roles, (r) => r === "citizen")).toBe(5);
    const noBg = dealt(13, { roles: ["framer", "liar"] });
    expect(count(noBg, (r) => r === "bodyguard")).toBe(0);
    expect(count(noBg, (r) => r === "citizen")).toBe(6);
    expect(errorsOf(13, { roles: ["bodyguard", "bodyguard"] })).toMatch(
      /at most once \(FORUM-OPEN-03\)/,
    );
  });

  it("FORUM-SETUP-06: the mafia is 1 boss, 1 spy and at most one each of framer, terrorist, liar, insider", () => {
    const roles = dealt(13, { roles: ["terrorist", "insider"] });
    expect(roles.filter((r) => party(r) === "mafia").sort()).toEqual([
      "boss",
      "insider",
      "spy",
      "terrorist",
    ]);
    for (const r of ["framer", "terrorist", "liar", "insider"])
      expect(errorsOf(13, { roles: [r, r] })).toMatch(/at most once/);
  });

  it("FORUM-SETUP-07: at the start every seat, the mafia included, gets the identical citizen status", () => {
    const d = forumTable();
    expect(d.state.step).toBe("status");
    const bodies = d.state.seats.map((s) => {
      const { seat: _seat, lang: _lang, ...rest } = d.view(s.seat);
      return JSON.stringify(rest);
    });
    expect(new Set(bodies).size).toBe(1);
    expect(d.view(BOSS)).toMatchObject({ role: "citizen", team: "town", allies: [], prompt: null });
    expect(d.view(BOSS).results).toEqual([{ night: 0, key: "status.citizen", seats: [] }]);
    // Nor do the phones' texts set anyone apart: no seat may send the death message yet, and
    // every text is refused alike.
    const texts = d.state.seats.map((s) => JSON.stringify(seatTextView(d.state, s.seat)));
    expect(new Set(texts).size).toBe(1);
    expect(seatTextView(d.state, BOSS)).toMatchObject({ mayMessage: false, message: null });
    for (const seat of [BOSS, 9]) {
      expect(d.seat(seat, { kind: "message", text: "x" })?.code).toBe("wrong_step");
      expect(d.seat(seat, { kind: "will", text: "x", to: null })?.code).toBe("wrong_step");
    }
  });

  it("FORUM-SETUP-08: then the mafiosi and the special citizens get a second message with their true status", () => {
    const d = forumTable().pastStatus();
    expect(d.view(DETECTIVE)).toMatchObject({ role: "detective", team: "town" });
    expect(d.view(DETECTIVE).results.map((r) => r.key)).toEqual(["status.citizen", "status.true"]);
    expect(d.view(BOSS)).toMatchObject({ role: "boss", team: "mafia" });
    // "Du gehörst zur Mafia. Du bist der …": the mafioso now sees the others but the spy.
    expect(d.view(BOSS).results[1]).toEqual({ night: 0, key: "status.true", seats: [] });
    expect(d.view(BOSS).allies.sort()).toEqual([FRAMER, LIAR]);
    expect(d.logKeys()).toContain("status.sent");
  });

  it("FORUM-SETUP-09: plain citizens get only the first status message", () => {
    const d = forumTable().pastStatus();
    expect(d.view(9).results).toEqual([{ night: 0, key: "status.citizen", seats: [] }]);
    expect(d.view(9).role).toBe("citizen");
  });

  it("FORUM-SETUP-10: the mafiosi know each other; the spy knows none and none knows him", () => {
    const d = forumTable().pastStatus();
    expect(d.view(BOSS).allies.sort()).toEqual([FRAMER, LIAR]);
    expect(d.view(FRAMER).allies.sort()).toEqual([BOSS, LIAR]);
    expect(d.view(SPY).allies).toEqual([]);
    expect(d.view(SPY).results[1]).toEqual({ night: 0, key: "status.true", seats: [] });
    for (const s of [9, DETECTIVE]) expect(d.view(s).allies).toEqual([]);
  });

  it("FORUM-SETUP-11: each day every player votes on a lynch, and each night comes", () => {
    const d = forumTable().pastStatus();
    expect(d.view(9).prompt?.action).toBe("vote");
    d.endPhase();
    expect(d.state.phase).toBe("night");
    d.endPhase();
    expect([d.state.phase, d.state.round]).toEqual(["day", 2]);
  });

  it("FORUM-CIT-01: a plain citizen has no ability: he is only ever asked to vote", () => {
    const d = forumTable().pastStatus();
    expect(d.view(9).offers?.map((p) => p.action)).toEqual(["vote"]);
    d.endPhase();
    expect(d.realPrompt(9)).toBeNull();
    expect(FORUM_ROLES.citizen).toMatchObject({ night: [], day: [], anytime: [], special: false });
  });

  it("FORUM-OPEN-03: 9:4 enforced by default, boss and spy mandatory, optional roles at most once, plain mafiosi fill the rest", () => {
    expect(
      dealt(13, { roles: [] })
        .filter((r) => party(r) === "mafia")
        .sort(),
    ).toEqual(["boss", "mafia", "mafia", "spy"]);
    expect(errorsOf(13, { roles: ["framer", "terrorist", "liar", "insider"] })).toMatch(
      /do not fit a mafia of 4/,
    );
    expect(create(13, { mafia: 6, roles: ["framer", "terrorist", "liar", "insider"] }).ok).toBe(
      true,
    );
    expect(errorsOf(13, { roles: ["boss"] })).toMatch(/not an optional forum role/);
    expect(errorsOf(13, { mafia: 7 })).toMatch(/FORUM-WIN-02/);
    // Other table sizes keep about the same share.
    expect(count(dealt(8, { roles: [] }), (r) => party(r) === "mafia")).toBe(2);
    expect(errorsOf(8, { roles: ["liar"] })).toMatch(/do not fit a mafia of 2/);
    expect(errorsOf(5, {})).toMatch(/6 to 20 players/);
  });

  it("FORUM-WIN-04: as many mafiosi as citizens is a game (equality plays on); one more would win at once", () => {
    expect(create(8, { mafia: 4 }).ok).toBe(true); // 4:4 used to be refused
    const four = dealt(8, { mafia: 4 });
    expect(count(four, (r) => party(r) === "mafia")).toBe(4);
    expect(errorsOf(8, { mafia: 5, roles: [] })).toMatch(
      /5 mafiosi against 3 citizens would win at once \(FORUM-WIN-02\)/,
    );
  });

  it('FORUM-OPEN-04: "Räuber" is refused with a clear error, whatever the spelling', () => {
    for (const name of ["Räuber", "raeuber", "robber"]) {
      const errors = errorsOf(13, { roles: ["framer", name] });
      expect(errors).toMatch(/Räuber\) is not supported.*FORUM-OPEN-04/);
    }
  });

  it("FORUM-OPEN-05: terrorist and insider are mafiosi, know the mafia but the spy and are known to it", () => {
    const deal = [
      "boss",
      "spy",
      "terrorist",
      "insider",
      ...FORUM_DEAL.slice(4, 7),
      ...Array(6).fill("citizen"),
    ];
    const d = forumTable({ roles: ["terrorist", "insider"] }, deal).pastStatus();
    for (const r of ["terrorist", "insider", "liar", "spy"])
      expect(FORUM_ROLES[r]?.party).toBe("mafia");
    expect(d.view(3).allies.sort()).toEqual([1, 4]);
    expect(d.view(1).allies.sort()).toEqual([3, 4]);
    expect(d.view(4).allies.sort()).toEqual([1, 3]);
  });
});
