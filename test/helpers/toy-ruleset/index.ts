/**
 * A test-only fifth ruleset (issue 23): it proves a ruleset is a folder plus one
 * registration, with no file elsewhere naming it. Roles: `mafia` (kills at night),
 * `civilian`, and `veteran` (a civilian whose vest stops the first night kill aimed at him,
 * vest.ts). Night (`dusk`): the mafioso's `kill`; day (`ballot`): every living seat's open
 * `vote`, the most votes out (a tie: nobody). Its steps have ids of their own, so that its
 * words (words.ts, registered beside it) name them and no built-in word does. The town wins when the mafia is out, the mafia when it is as
 * many as the town.
 */
import { z } from "zod";
import { defineRuleset, endGame, type Game, reject } from "../../../hub/engine/ruleset.js";
import { describeOptions, parseStrictOptions } from "../../../hub/engine/rulesets/options.js";
import type { GameState, SeatState } from "../../../hub/engine/types.js";
import type { RulesetManifest } from "../../../protocol/index.js";
import { vest } from "./vest.js";

const toyOptionsSchema = z.strictObject({ lullaby: z.boolean().default(false) });
type ToyOptions = z.infer<typeof toyOptionsSchema>;
interface ToyFlow {
  /** Veterans whose vest is spent. */
  spent: number[];
  votes: Record<string, number>;
}
type ToyGame = Game<ToyOptions, ToyFlow>;
type ToyState = GameState<ToyOptions, ToyFlow>;

const ROLES = {
  mafia: { id: "mafia", team: "mafia", knowsTeam: true, knownToTeam: true },
  civilian: { id: "civilian", team: "town", knowsTeam: false, knownToTeam: false },
  veteran: { id: "veteran", team: "town", knowsTeam: false, knownToTeam: false },
} as const;

export const toyManifest: RulesetManifest = {
  roles: [
    { id: "mafia", team: "mafia", abilities: ["kill"] },
    { id: "civilian", team: "town", abilities: [] },
    { id: "veteran", team: "town", abilities: [vest.id] },
  ],
  steps: [
    { id: "dusk", phase: "night", kind: "night" },
    { id: "ballot", phase: "day", kind: "openVote" },
    { id: "end", phase: "ended", kind: "end" },
  ],
  announcements: [
    "game.start",
    "game.end",
    "morning.killed",
    "morning.peaceful",
    "vote.eliminated",
  ],
  outs: ["killed", "voted", "removed"],
  capabilities: {
    openVote: true,
    thumbSensors: false,
    blindfoldSensors: false,
    textInputs: false,
    recordFormats: ["json"],
  },
};

const others = (state: ToyState, seat: SeatState) =>
  state.seats.filter((s) => s.alive && s.seat !== seat.seat).map((s) => s.seat);

function prompt(state: ToyState, seat: SeatState) {
  if (!seat.alive) return null;
  const base = { min: 1, max: 1, options: [], until: state.clock.until };
  if (state.step === "dusk" && seat.role === "mafia") {
    return { ...base, action: "kill", targets: others(state, seat) };
  }
  if (state.step === "ballot" && !(String(seat.seat) in state.flow.votes)) {
    return { ...base, action: "vote", targets: others(state, seat) };
  }
  return null;
}

function winner(g: ToyGame): boolean {
  const living = g.living();
  const mafia = living.filter((s) => s.team === "mafia").length;
  if (mafia === 0) endGame(g, "town");
  else if (mafia >= living.length - mafia) endGame(g, "mafia");
  else return false;
  return true;
}

function night(g: ToyGame): void {
  g.state.round += 1;
  g.enter("night", "dusk", null);
}

function kill(g: ToyGame, target: SeatState): void {
  if (vest.stopsKill(g.state.flow.spent, target)) g.log("morning.peaceful");
  else {
    target.alive = false;
    target.out = "killed";
    g.log("morning.killed", [target.seat]);
  }
  if (winner(g)) return;
  g.state.flow.votes = {};
  g.enter("day", "ballot", null);
}

function closeVote(g: ToyGame): void {
  const counts = new Map<number, number>();
  for (const t of Object.values(g.state.flow.votes)) counts.set(t, (counts.get(t) ?? 0) + 1);
  const top = Math.max(...counts.values());
  const leaders = [...counts].filter(([, n]) => n === top).map(([s]) => s);
  const [out] = leaders;
  if (leaders.length === 1 && out !== undefined) {
    const seat = g.seat(out);
    seat.alive = false;
    seat.out = "voted";
    g.log("vote.eliminated", [out]);
    if (winner(g)) return;
  }
  night(g);
}

export const toy = defineRuleset<ToyOptions, ToyFlow, Record<string, never>>({
  id: "toy",
  roles: ROLES,
  manifest: toyManifest,
  options: describeOptions(toyOptionsSchema),
  parseOptions: (raw) => parseStrictOptions(toyOptionsSchema, raw),
  composition: (_o, n) => ["mafia", "veteran", ...Array<string>(n - 2).fill("civilian")],
  begin(g) {
    Object.assign(g.state.flow, { spent: [], votes: {} } satisfies ToyFlow);
    night(g);
  },
  onSeat: (_g, _seat, action) => (action.kind === "pass" ? reject("not_your_turn") : null),
  // The core matched the act to the seat's prompt (hub/engine/act.ts).
  onAct(g, seat, act) {
    const target = g.seat(act.targets[0] as number);
    if (act.offer.action === "kill") kill(g, target);
    else {
      g.state.flow.votes[String(seat.seat)] = target.seat;
      if (g.living().every((s) => String(s.seat) in g.state.flow.votes)) closeVote(g);
    }
    return null;
  },
  onStepEnd: () => reject("wrong_step", "the toy waits for its players"),
  onFoul: () => reject("wrong_step", "the toy has no fouls"),
  onRemove(g, seat) {
    seat.alive = false;
    seat.out = "removed";
    winner(g);
    return null;
  },
  onPresence() {},
  prompt,
  awake: () => true,
  timings: () => ({}),
  extras: () => ({}),
  // The hall knows every role from the deal on (as in sport), so the audience screen has
  // the toy's role words to show.
  audience: (state) => ({
    roles: Object.fromEntries(
      state.seats.flatMap((s) => (s.role ? [[String(s.seat), s.role]] : [])),
    ),
    night: [],
    results: [],
  }),
});
