/**
 * The night resolver on its own: labels, table positions and seats, no roles. The tables
 * here are shaped like the rulesets' (hunt's five steps, the forum's guardian, bodyguard,
 * framer and detective), but the resolver is told nothing of who anyone is.
 */
import { describe, expect, it } from "vitest";
import {
  type NightAction,
  type PriorityTable,
  resolveNight,
} from "../../hub/engine/night/resolver.js";

/** Block → hunt → heal → (maniac ‖ mafia), as HUNT-ORDER-01 with HUNT-OPEN-05 (a). */
const HUNT_LIKE: PriorityTable = [
  [{ kind: "block", label: "block" }],
  [{ kind: "hunt", label: "hunt" }],
  [{ kind: "heal", label: "protect", against: ["kill"] }],
  [
    { kind: "maniac", label: "kill" },
    { kind: "shoot", label: "kill", unblockable: true },
  ],
];

/** Guardian and bodyguard before the murder; framer before the checks. */
const FORUM_LIKE: PriorityTable = [
  [
    { kind: "angel", label: "protect", against: ["kill"] },
    { kind: "bodyguard", label: "protect", against: ["kill"], instead: true },
    { kind: "frame", label: "frame" },
  ],
  [
    { kind: "murder", label: "kill" },
    { kind: "detect", label: "investigate" },
    { kind: "compare", label: "investigate" },
  ],
];

const act = (kind: string, actor: number, targets: number[], hits?: boolean): NightAction =>
  hits === undefined ? { kind, actor, targets } : { kind, actor, targets, hits };
const dead = (table: PriorityTable, actions: NightAction[]) =>
  resolveNight(table, actions).deaths.map((d) => [d.seat, d.cause]);

describe("night resolver: order and cancellation", () => {
  it("a death at an earlier step cancels the actor's later action (the hunted executor's shot)", () => {
    const shot = act("shoot", 3, [5]);
    const out = resolveNight(HUNT_LIKE, [shot, act("hunt", 7, [3], true)]);
    expect(out.deaths.map((d) => [d.seat, d.cause])).toEqual([[3, "hunted"]]);
    expect(out.cancelled).toEqual([{ action: shot, reason: "actor-dead" }]);
  });

  it("two kills of one step are simultaneous: the maniac shooting the executor does not stop the shot", () => {
    expect(dead(HUNT_LIKE, [act("maniac", 9, [3]), act("shoot", 3, [5])])).toEqual([
      [3, "killed"],
      [5, "killed"],
    ]);
  });

  it("a hit on an actor who is not the one carrying the team's move cancels nothing of it", () => {
    expect(dead(HUNT_LIKE, [act("hunt", 7, [2], true), act("shoot", 3, [5])])).toEqual([
      [2, "hunted"],
      [5, "killed"],
    ]);
  });

  it("a block cancels the target's later actions, but not an unblockable one", () => {
    const maniac = act("maniac", 9, [5]);
    const out = resolveNight(HUNT_LIKE, [act("block", 1, [9]), maniac]);
    expect(out.deaths).toEqual([]);
    expect(out.cancelled).toEqual([{ action: maniac, reason: "blocked" }]);
    expect(dead(HUNT_LIKE, [act("block", 1, [3]), act("shoot", 3, [5])])).toEqual([[5, "killed"]]);
  });

  it("a blocked hunter does not hunt and does not die, even when he would have missed", () => {
    const out = resolveNight(HUNT_LIKE, [act("block", 1, [7]), act("hunt", 7, [4], false)]);
    expect(out.deaths).toEqual([]);
    expect(out.cancelled.map((c) => c.reason)).toEqual(["blocked"]);
  });

  it("a blocker who dies at a later step has blocked all the same; a block on an idle seat does nothing", () => {
    const out = resolveNight(HUNT_LIKE, [
      act("block", 1, [8]),
      act("hunt", 7, [1], true),
      act("heal", 8, [5]),
      act("shoot", 3, [5]),
    ]);
    expect(out.deaths.map((d) => d.seat)).toEqual([1, 5]);
    expect(dead(HUNT_LIKE, [act("block", 1, [4]), act("shoot", 3, [5])])).toEqual([[5, "killed"]]);
  });

  it("actions of one kind keep their input order; the inputs are not changed", () => {
    const actions = [act("shoot", 3, [5]), act("maniac", 9, [6])];
    const copy = structuredClone(actions);
    const out = resolveNight(HUNT_LIKE, actions);
    expect(out.applied.map((a) => a.kind)).toEqual(["maniac", "shoot"]);
    expect(actions).toEqual(copy);
    expect(resolveNight(HUNT_LIKE, actions)).toEqual(out);
  });
});

describe("night resolver: deaths and protections", () => {
  it("a missed hunt kills the hunter; a protection against kills does not guard against it", () => {
    expect(
      dead(HUNT_LIKE, [act("heal", 8, [7]), act("hunt", 7, [4], false), act("heal", 8, [7])]),
    ).toEqual([[7, "hunt-failed"]]);
    expect(dead(HUNT_LIKE, [act("heal", 8, [4]), act("hunt", 7, [4], true)])).toEqual([
      [4, "hunted"],
    ]);
  });

  it("a protection saves its ward from every kill of its step or later, both shots at once", () => {
    const heal = act("heal", 8, [5]);
    const out = resolveNight(HUNT_LIKE, [heal, act("maniac", 9, [5]), act("shoot", 3, [5])]);
    expect(out.deaths).toEqual([]);
    expect(out.saved.map((s) => [s.seat, s.from.kind, s.by])).toEqual([
      [5, "maniac", heal],
      [5, "shoot", heal],
    ]);
  });

  it("a successful hunter shot later can be saved; a seat already dead does not die twice", () => {
    expect(
      dead(HUNT_LIKE, [act("hunt", 7, [3], true), act("heal", 8, [7]), act("maniac", 9, [7])]),
    ).toEqual([[3, "hunted"]]);
    expect(
      dead(HUNT_LIKE, [act("hunt", 7, [4], false), act("heal", 8, [7]), act("maniac", 9, [7])]),
    ).toEqual([[7, "hunt-failed"]]);
  });

  it("a protector with `instead` dies in the ward's place; the first protection in the table decides", () => {
    const murder = act("murder", 2, [5]);
    const out = resolveNight(FORUM_LIKE, [act("bodyguard", 6, [5]), murder]);
    expect(out.deaths).toEqual([{ seat: 6, cause: "instead", by: murder, ward: 5 }]);
    expect(dead(FORUM_LIKE, [act("bodyguard", 6, [5]), act("angel", 4, [5]), murder])).toEqual([]);
  });

  it("a protector dying instead is struck in turn: another protection on him saves him too", () => {
    const murder = act("murder", 2, [5]);
    const angel = act("angel", 4, [6]);
    const guard = act("bodyguard", 6, [5]);
    const out = resolveNight(FORUM_LIKE, [guard, angel, murder]);
    expect(out.deaths).toEqual([]);
    expect(out.saved).toEqual([
      { seat: 5, from: murder, by: guard },
      { seat: 6, from: murder, by: angel },
    ]);
    // Two protectors dying for each other do not loop: the second decides once, then death.
    const table: PriorityTable = [
      [
        { kind: "a", label: "protect", against: ["kill"], instead: true },
        { kind: "b", label: "protect", against: ["kill"], instead: true },
      ],
      [{ kind: "k", label: "kill" }],
    ];
    expect(dead(table, [act("a", 6, [7]), act("b", 7, [6]), act("k", 1, [6])])).toEqual([
      [6, "instead"],
    ]);
  });
});

describe("night resolver: frames and investigations", () => {
  it("an investigation reports per target whether it was framed; the actor reads who was checked", () => {
    const detect = act("detect", 4, [5]);
    const compare = act("compare", 6, [5, 7]);
    const out = resolveNight(FORUM_LIKE, [act("frame", 2, [5]), detect, compare]);
    expect(out.investigations).toEqual([
      { action: detect, framed: [true] },
      { action: compare, framed: [true, false] },
    ]);
    expect(resolveNight(FORUM_LIKE, [detect]).investigations).toEqual([
      { action: detect, framed: [false] },
    ]);
  });

  it("an investigator killed at an earlier step gets no result", () => {
    const table: PriorityTable = [
      [{ kind: "kill", label: "kill" }],
      [{ kind: "check", label: "investigate" }],
    ];
    const check = act("check", 4, [5]);
    const out = resolveNight(table, [act("kill", 2, [4]), check]);
    expect(out.investigations).toEqual([]);
    expect(out.cancelled).toEqual([{ action: check, reason: "actor-dead" }]);
  });
});

describe("night resolver: the table", () => {
  it("an action of a kind not in the table, or a kind listed twice, is a programming error", () => {
    expect(() => resolveNight(HUNT_LIKE, [act("poison", 1, [2])])).toThrow(/unknown kind/);
    expect(() =>
      resolveNight([[{ kind: "a", label: "kill" }], [{ kind: "a", label: "block" }]], []),
    ).toThrow(/twice/);
  });
});
