/**
 * The forum night's resolution on the core's resolver (night/resolver.ts). Everything
 * resolves together at the night's end from each seat's last answer (FORUM-OPEN-14): one
 * step, inside which the resolver applies protections, then the frame, then the murder,
 * then the checks. A seat dead before the night's end (the Terrorist) has no night action;
 * the answers go only to seats alive after the night's deaths.
 *
 * FORUM-OPEN-07's order is the order of the protections in the table: the Spion's own
 * immunity (FORUM-KILL-05) first, then the Schutzengel (FORUM-KILL-06), then the Bodyguard
 * (FORUM-KILL-07), who dies instead unless the Schutzengel protects him (the resolver
 * strikes a protector who dies instead in turn).
 */
import type { PrivateResult } from "../../../../../protocol/index.js";
import {
  type NightAction,
  type NightOutcome,
  type PriorityTable,
  resolveNight,
} from "../../../night/resolver.js";
import { stillValid } from "./offers.js";
import {
  type ForumNight,
  type ForumNightAction,
  isMafia,
  type NightRules,
  type NightView,
  rulesOf,
  seatOf,
} from "./state.js";

export const FORUM_NIGHT_TABLE: PriorityTable = [
  [
    { kind: "immune", label: "protect", against: ["kill"] },
    { kind: "protect", label: "protect", against: ["kill"] },
    { kind: "guard", label: "protect", against: ["kill"], instead: true },
    { kind: "frame", label: "frame" },
    { kind: "kill", label: "kill" },
    { kind: "check", label: "investigate" },
    { kind: "compare", label: "investigate" },
  ],
];

/** How a seat died in the night, as announced: the murder's target, or the Bodyguard in his place. */
export type NightDeathHow = "murdered" | "guarding";

/** The public morning report (FORUM-KILL-04, FORUM-OPEN-08): who died, and the death message. */
export interface ForumMorningReport {
  night: number;
  /** Empty: "nobody died", with no reason given. */
  deaths: { seat: number; how: NightDeathHow }[];
  /** Published only when the murder's target himself died (FORUM-OPEN-08). */
  message: string | null;
}

/** Why the murder came to nothing or what it did; for the host only, never published. */
export type MurderOutcome =
  | "none"
  | "no-message"
  /** the sender died, lost the office, or the target died before the night's end */
  | "void"
  | "spy"
  | "protected"
  | "guarded"
  | "murdered";

export interface ForumDawn {
  report: ForumMorningReport;
  /** Private answers, each for its seat's view only (FORUM-TIME-04). */
  results: { seat: number; result: PrivateResult }[];
  murder: MurderOutcome;
}

/** The night's answers that take part: each seat's last one, if still valid at the end. */
function takingPart(view: NightView, night: ForumNight, deathMessage: DeathMessage) {
  const actions: NightAction[] = [];
  for (const s of view.seats) {
    // FORUM-KILL-05: the Spion cannot be murdered; as a protection it comes first (OPEN-07).
    if (s.alive && view.role(s.role)?.murderProof)
      actions.push({ kind: "immune", actor: s.seat, targets: [s.seat] });
  }
  for (const [key, mine] of Object.entries(night.choices)) {
    const actor = Number(key);
    for (const kind of ["protect", "guard", "frame", "check", "compare"] as const) {
      const targets = mine[kind];
      if (targets && stillValid(view, night, actor, kind, targets))
        actions.push({ kind, actor, targets: [...targets] });
    }
  }
  const murder = night.murder;
  let outcome: MurderOutcome = "none";
  // FORUM-KILL-08: no death message by the night's end, no murder.
  if (murder && deathMessage(murder.by) === null) outcome = "no-message";
  else if (murder && !stillValid(view, night, murder.by, "kill", [murder.target])) outcome = "void";
  else if (murder) {
    outcome = "murdered";
    actions.push({ kind: "kill", actor: murder.by, targets: [murder.target] });
  }
  return { actions, outcome };
}

/** The death message the office holder wrote this night (ftext's store), or null. */
export type DeathMessage = (seat: number) => string | null;

const result = (night: number, key: string, seats: readonly number[]): PrivateResult => ({
  night,
  key,
  seats: [...seats],
});

/** What the murder that took part came to, for the host. */
function whatBecameOf(out: NightOutcome, deaths: ForumMorningReport["deaths"]): MurderOutcome {
  if (deaths.some((d) => d.how === "murdered")) return "murdered";
  if (deaths.length > 0) return "guarded";
  const saved = out.saved.find((s) => s.from.kind === "kill");
  return saved?.by.kind === "immune" ? "spy" : "protected";
}

/**
 * A check's "is a mafioso" or a comparison's "same party". FORUM-RUF-02, FORUM-OPEN-12: by
 * (b) "mafioso" a framed player counts as a mafioso tonight; by (a) "inverted" an answer
 * about him is inverted.
 */
function answer(
  kind: "check" | "compare",
  targets: readonly number[],
  framed: readonly boolean[],
  view: NightView,
  framing: NightRules["framing"],
): boolean {
  const byParty = framing === "mafioso";
  const party = targets.map((t, i) => (byParty && framed[i]) || isMafia(seatOf(view, t)));
  const truth = kind === "check" ? party[0] === true : party[0] === party[1];
  return !byParty && framed.some((f) => f) ? !truth : truth;
}

/**
 * Resolves night `view.night` (the view as it is at the night's end, before its deaths).
 * Changes only `night.lastProtect`; the caller applies the deaths, publishes the report,
 * hands each result to its seat, and then passes the office on (office.ts).
 */
export function resolveForumNight(
  view: NightView,
  night: ForumNight,
  deathMessage: DeathMessage,
): ForumDawn {
  const n = view.night;
  const rules = rulesOf(view);
  const { actions, outcome: planned } = takingPart(view, night, deathMessage);
  const out = resolveNight(FORUM_NIGHT_TABLE, actions);
  const protect = actions.find((a) => a.kind === "protect");
  if (protect) night.lastProtect = { night: n, seat: protect.targets[0] as number };

  const deaths = out.deaths.map((d) => ({
    seat: d.seat,
    how: (d.cause === "instead" ? "guarding" : "murdered") as NightDeathHow,
  }));
  const murder = planned === "murdered" ? whatBecameOf(out, deaths) : planned;
  const killer = night.murder?.by;
  const message =
    murder === "murdered" && killer !== undefined ? (deathMessage(killer) as string) : null;

  const dead = new Set(deaths.map((d) => d.seat));
  const living = (s: number) => seatOf(view, s).alive && !dead.has(s);
  const results: ForumDawn["results"] = [];
  const asked: PrivateResult[] = [];
  for (const { action, framed } of out.investigations) {
    const kind = action.kind as Extract<ForumNightAction, "check" | "compare">;
    const yes = answer(kind, action.targets, framed, view, rules.framing);
    const key =
      kind === "check"
        ? yes
          ? "forum.check.mafia"
          : "forum.check.notMafia"
        : yes
          ? "forum.compare.same"
          : "forum.compare.different";
    // FORUM-DET-03, FORUM-MM-02; FORUM-OPEN-14: only to a living recipient.
    if (living(action.actor))
      results.push({ seat: action.actor, result: result(n, key, action.targets) });
    // FORUM-OPEN-14: the query counts for the Spion even if its asker was murdered.
    asked.push(result(n, `forum.spy.${kind}`, action.targets));
  }
  for (const s of view.seats) {
    if (!living(s.seat) || !view.role(s.role)?.watchesChecks) continue;
    // FORUM-SPY-02: names only; an explicit "nobody was asked" so that silence tells nothing.
    const told = asked.length > 0 ? asked : [result(n, "forum.spy.none", [])];
    for (const r of told) results.push({ seat: s.seat, result: { ...r, seats: [...r.seats] } });
  }
  return { report: { night: n, deaths, message }, results, murder };
}
