/**
 * Issue 23's proof: a fifth ruleset that lives only in test/helpers/toy-ruleset/ and is
 * registered here, played through the engine, the public and host views and the record,
 * with no other file naming it. Its veteran's vest stops the first night kill (vest.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  availableRulesets,
  hostView,
  publicView,
  registerRuleset,
  rulesetById,
  unregisterRuleset,
} from "../../hub/engine/index.js";
import { recordFromJournal } from "../../hub/record/extract.js";
import { publicStateSchema, rulesetListSchema } from "../../protocol/index.js";
import { journalOf } from "../helpers/driver-journal.js";
import { EngineDriver } from "../helpers/engine-driver.js";
import { fileNames, sourceFilesNaming } from "../helpers/source-names.js";
import { toy } from "../helpers/toy-ruleset/index.js";

/** The toy's own names: its id as a string or a key, its night step, its ability, its option. */
const NAMES = /["'`]toy["'`]|\btoy:|\bdusk\b|\bvest\b|lullaby/;

// Seats: 1 mafia, 2 veteran, 3..5 civilians.
const ROLES = ["mafia", "veteran", "civilian", "civilian", "civilian"];

beforeAll(() => registerRuleset(toy));
afterAll(() => unregisterRuleset("toy"));

function table(): EngineDriver {
  const d = new EngineDriver({ ruleset: "toy", seats: 5 });
  return d.start(ROLES);
}
const act = (d: EngineDriver, seat: number, action: string, target: number) =>
  d.ok({ type: "seat", at: d.at, seat, action: { kind: "act", action, targets: [target] } });

describe("a ruleset registered by a test (toy)", () => {
  it("is offered beside the built-in ones, with its options and manifest", () => {
    expect(availableRulesets()).toContain("toy");
    const list = { rulesets: [{ id: "toy", options: toy.options, manifest: toy.manifest }] };
    expect(rulesetListSchema.parse(list)).toEqual(list);
    expect(rulesetById("toy")?.manifest.roles.map((r) => r.id)).toContain("veteran");
  });

  it("the veteran survives the first night kill, not the second", () => {
    const d = table();
    expect(d.state).toMatchObject({ phase: "night", step: "dusk" });
    act(d, 1, "kill", 2);
    expect(d.state.seats[1]).toMatchObject({ alive: true, out: null });
    expect(d.state.announcements.at(-1)?.key).toBe("morning.peaceful");
    // The day's vote: one vote on each seat, a tie, so nobody leaves.
    for (const [seat, target] of [
      [1, 3],
      [2, 4],
      [3, 5],
      [4, 1],
      [5, 2],
    ] as const)
      act(d, seat, "vote", target);
    expect(d.state).toMatchObject({ phase: "night", round: 2 });
    act(d, 1, "kill", 2);
    expect(d.state.seats[1]).toMatchObject({ alive: false, out: "killed" });
  });

  it("two veterans each have their own vest", () => {
    const d = new EngineDriver({ ruleset: "toy", seats: 6 }).start([
      "mafia",
      "veteran",
      "veteran",
      "civilian",
      "civilian",
      "civilian",
    ]);
    act(d, 1, "kill", 2);
    for (const s of [1, 2, 3, 4, 5, 6]) act(d, s, "vote", s === 4 ? 5 : 4);
    expect(d.state.seats[3]).toMatchObject({ alive: false, out: "voted" });
    act(d, 1, "kill", 3);
    expect(d.state.seats[2]).toMatchObject({ alive: true });
  });

  it("refuses an act it does not offer; at night, owed, the refusal is the seat's answer, dropped (QUIET-REFUSED-01)", () => {
    const d = table();
    // The toy has no `decoys` option, so its nights are silent: each living seat owes one.
    const game = () => JSON.stringify({ seats: d.state.seats, flow: d.state.flow });
    const before = game();
    expect(d.seat(3, { kind: "act", action: "kill", targets: [2] })?.code).toBe("not_your_turn");
    expect(d.lastRejection?.message).toContain("QUIET-REFUSED-01");
    expect(d.seat(1, { kind: "act", action: "kill", targets: [1] })).not.toBeNull();
    expect(game()).toBe(before);
    // Owing nothing more, a refusal is a plain one and changes nothing at all.
    const state = JSON.stringify(d.state);
    expect(
      d.feed({
        type: "seat",
        at: d.at,
        seat: 3,
        action: { kind: "act", action: "kill", targets: [2] },
      })?.code,
    ).toBe("not_your_turn");
    expect(JSON.stringify(d.state)).toBe(state);
  });

  it("shows on the public and host views, and the mafia wins once it is half the table", () => {
    const d = table();
    act(d, 1, "kill", 3);
    const pub = publicView(d.state, d.at);
    expect(publicStateSchema.parse(pub)).toMatchObject({ ruleset: "toy", step: "ballot" });
    expect(pub.seats.find((s) => s.seat === 3)).toMatchObject({ alive: false });
    expect(hostView(d.state, d.at).seats.map((s) => s.role)).toEqual(ROLES);
    for (const s of [1, 2, 4, 5]) act(d, s, "vote", s === 4 ? 5 : 4);
    act(d, 1, "kill", 5);
    expect(d.state).toMatchObject({ phase: "ended", winner: "mafia" });
  });

  it("is replayed into a game record from its journal", () => {
    // The seed's own deal, since the journal replays the deal, not setRoles.
    const d = new EngineDriver({ ruleset: "toy", seats: 5 }).start();
    const mafia = d.state.seats.find((s) => s.role === "mafia")?.seat ?? 0;
    const victim = d.state.seats.find((s) => s.role === "civilian")?.seat ?? 0;
    act(d, mafia, "kill", victim);
    const record = recordFromJournal(journalOf(d));
    expect(record.ruleset).toBe("toy");
    expect(record.seats.find((s) => s.seat === victim)).toMatchObject({ out: "killed" });
    expect(record.seats.map((s) => s.role).sort()).toEqual([...ROLES].sort());
  });

  it("lives only in test/helpers/toy-ruleset/: no source file names it", () => {
    const named = sourceFilesNaming(NAMES);
    expect(named).toEqual([]);
    // The scan finds the toy where it does live (so an empty list means something).
    expect(fileNames("test/helpers/toy-ruleset/index.ts", NAMES)).toBe(true);
  });
});
