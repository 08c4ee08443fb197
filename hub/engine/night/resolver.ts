/**
 * Night resolution as data (after UltiMafia's Priority table / Action / Queue, kept small
 * and typed). A ruleset turns the night's choices into labelled actions and orders their
 * kinds in one priority table; resolveNight() runs them in that order and returns what
 * happened. It reads no role: blocks, protections, cancellations and deaths are decided by
 * labels, table positions and seat numbers alone. Deaths are queued, not applied: the
 * ruleset applies them (eliminates, announces, checks the win) after resolution.
 *
 * The table is a list of steps; each step lists the kinds resolved together:
 *
 *   const HUNT: PriorityTable = [
 *     [{ kind: "block", label: "block" }],
 *     [{ kind: "hunt", label: "hunt" }],
 *     [{ kind: "heal", label: "protect", against: ["kill"] }],
 *     [{ kind: "maniac", label: "kill" }, { kind: "shoot", label: "kill", unblockable: true }],
 *   ];
 *
 * Rules of the resolver (all of them):
 * - Steps run in order. Actions of one step are simultaneous: only deaths and blocks of
 *   earlier steps can cancel them. Inside a step, effects apply by label in this order:
 *   block, protect, frame, hunt, kill, investigate (so a protection guards against a kill
 *   of its own step, and a frame falsifies an investigation of its own step).
 * - An action whose actor died at an earlier step is cancelled ("actor-dead"): a hunter
 *   who kills the mafia's executor at step 2 cancels the executor's shot at step 4, while
 *   two kills in one step (the maniac's and the mafia's) both happen.
 * - `block`: every later-step action of each target seat is cancelled ("blocked"), unless
 *   its kind is `unblockable`. A block on a seat with no action does nothing.
 * - `protect`: from its step on, guards each target against deaths of the listed labels.
 *   `instead: true` makes the protector die in the ward's place (a bodyguard); otherwise
 *   the ward is simply saved (a doctor, a guardian angel). The first protection in table
 *   order that guards against the label decides. A protector dying instead may himself be
 *   saved by another protection (each protection decides at most once per strike).
 * - `kill`: each target dies, unless already dead tonight (no second death) or protected.
 * - `hunt`: `hits: true` kills the target, `hits: false` kills the actor instead; both are
 *   deaths of label "hunt", which only a protection `against: ["hunt"]` guards against.
 *   The ruleset decides `hits` (e.g. the claimed status against the target's team).
 * - `frame`: marks each target; `investigate` reports, per target, whether it was framed
 *   (the ruleset turns that into a true or falsified answer; a spy may read who was checked).
 *
 * Pure: no clock, no randomness (draw lots before, e.g. one hunt application of several).
 */

/** What an action does; the resolver's whole vocabulary. */
export type NightLabel = "block" | "protect" | "frame" | "hunt" | "kill" | "investigate";

/** The labels of actions that cause deaths, which protections name. */
export type DeathLabel = "kill" | "hunt";

/** One kind of move in the ruleset's priority table. */
export type PriorityEntry = {
  /** The ruleset's name of the move (e.g. "heal", "shoot"); unique in the table. */
  kind: string;
  /** A block on its actor does not cancel it (e.g. the mafia's shot, HUNT-OPEN-04). */
  unblockable?: boolean;
} & (
  | { label: "block" | "frame" | "hunt" | "kill" | "investigate" }
  | { label: "protect"; against: readonly DeathLabel[]; instead?: boolean }
);

/** Steps in order; the entries of one step are resolved together. */
export type PriorityTable = readonly (readonly PriorityEntry[])[];

/** One night choice that takes part in resolution. */
export interface NightAction {
  /** An entry's `kind` in the table. */
  kind: string;
  /** The seat whose move it is (for a team's move: the seat that carries it out). */
  actor: number;
  targets: readonly number[];
  /** For `hunt`: whether it hits (kills the target) or misses (kills the actor). */
  hits?: boolean;
}

export type DeathCause =
  /** a `kill` reached its target */
  | "killed"
  /** a `hunt` hit its target */
  | "hunted"
  /** a `hunt` missed: the actor dies */
  | "hunt-failed"
  /** a protector with `instead` died in the ward's place */
  | "instead";

export interface NightDeath {
  seat: number;
  cause: DeathCause;
  /** The action that caused it (for "instead": the kill aimed at the ward). */
  by: NightAction;
  /** For "instead": the ward who was saved. */
  ward?: number;
}

export interface NightOutcome {
  /** In the order they were queued; a seat appears at most once. */
  deaths: NightDeath[];
  /** Actions that ran, in resolution order. */
  applied: NightAction[];
  cancelled: { action: NightAction; reason: "blocked" | "actor-dead" }[];
  /** Deaths prevented: the ward, the action aimed at it and the protection that stopped it. */
  saved: { seat: number; from: NightAction; by: NightAction }[];
  /** Each investigation that ran, and per target (same order) whether it was framed. */
  investigations: { action: NightAction; framed: boolean[] }[];
}

const LABEL_ORDER: readonly NightLabel[] = [
  "block",
  "protect",
  "frame",
  "hunt",
  "kill",
  "investigate",
];

interface Placed {
  action: NightAction;
  entry: PriorityEntry;
  step: number;
  /** Position in the step (entry order, then input order), for a stable order. */
  rank: number;
}

/** Checks the table and places each action at its step; a kind not in the table is a bug. */
function place(table: PriorityTable, actions: readonly NightAction[]): Placed[] {
  const where = new Map<string, { entry: PriorityEntry; step: number; order: number }>();
  table.forEach((entries, step) => {
    entries.forEach((entry, order) => {
      if (where.has(entry.kind)) throw new Error(`night table: kind "${entry.kind}" twice`);
      where.set(entry.kind, { entry, step, order });
    });
  });
  return actions
    .map((action, i) => {
      const at = where.get(action.kind);
      if (!at) throw new Error(`night action of unknown kind "${action.kind}"`);
      return { action, entry: at.entry, step: at.step, rank: at.order * actions.length + i };
    })
    .sort((a, b) => a.step - b.step || a.rank - b.rank);
}

/** Resolves one night. The inputs are not changed. */
export function resolveNight(table: PriorityTable, actions: readonly NightAction[]): NightOutcome {
  const out: NightOutcome = {
    deaths: [],
    applied: [],
    cancelled: [],
    saved: [],
    investigations: [],
  };
  const diedAt = new Map<number, number>();
  const blockedAt = new Map<number, number>();
  const framed = new Set<number>();
  const protections: { action: NightAction; against: readonly DeathLabel[]; instead: boolean }[] =
    [];
  const placed = place(table, actions);

  const die = (seat: number, cause: DeathCause, by: NightAction, step: number, ward?: number) => {
    if (diedAt.has(seat)) return;
    diedAt.set(seat, step);
    out.deaths.push(ward === undefined ? { seat, cause, by } : { seat, cause, by, ward });
  };
  /**
   * A death of `label` aimed at `seat`: stopped by the first matching protection, or queued.
   * A protector who dies `instead` is struck by the same label in turn, so another protection
   * may save him (a guardian angel guarding the bodyguard, FORUM-OPEN-07); `used` keeps a
   * protection from deciding twice, so protectors guarding each other cannot loop.
   */
  const strike = (
    seat: number,
    label: DeathLabel,
    cause: DeathCause,
    by: NightAction,
    step: number,
    ward?: number,
    used: readonly NightAction[] = [],
  ) => {
    if (diedAt.has(seat)) return;
    const guard = protections.find(
      (p) =>
        !used.includes(p.action) && p.against.includes(label) && p.action.targets.includes(seat),
    );
    if (!guard) return die(seat, cause, by, step, ward);
    out.saved.push({ seat, from: by, by: guard.action });
    if (guard.instead)
      strike(guard.action.actor, label, "instead", by, step, seat, [...used, guard.action]);
  };

  for (let step = 0; step < table.length; step++) {
    const live: Placed[] = [];
    for (const p of placed) {
      if (p.step !== step) continue;
      const dead = diedAt.get(p.action.actor);
      const blocked = blockedAt.get(p.action.actor);
      if (dead !== undefined && dead < step)
        out.cancelled.push({ action: p.action, reason: "actor-dead" });
      else if (blocked !== undefined && blocked < step && !p.entry.unblockable)
        out.cancelled.push({ action: p.action, reason: "blocked" });
      else live.push(p);
    }
    for (const label of LABEL_ORDER) {
      for (const p of live) {
        if (p.entry.label !== label) continue;
        const { action } = p;
        out.applied.push(action);
        if (label === "block")
          for (const t of action.targets) if (!blockedAt.has(t)) blockedAt.set(t, step);
        if (p.entry.label === "protect")
          protections.push({ action, against: p.entry.against, instead: p.entry.instead === true });
        if (label === "frame") for (const t of action.targets) framed.add(t);
        if (label === "kill")
          for (const t of action.targets) strike(t, "kill", "killed", action, step);
        if (label === "hunt") {
          if (action.hits)
            for (const t of action.targets) strike(t, "hunt", "hunted", action, step);
          else strike(action.actor, "hunt", "hunt-failed", action, step);
        }
        if (label === "investigate")
          out.investigations.push({ action, framed: action.targets.map((t) => framed.has(t)) });
      }
    }
  }
  return out;
}
