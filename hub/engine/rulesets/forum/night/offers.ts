/**
 * What each seat may do tonight, and taking its answers. Every answer may be changed until
 * the night ends, and the last one counts (FORUM-OPEN-14); nothing a seat sends ends the
 * night early. Targets follow FORUM-OPEN-13. A refusal says only what the seat may already
 * know: targets never depend on a role the seat does not know (the Spion is offered to
 * nobody as a successor, and the framer and the mafia may name anyone).
 */
import type { Prompt } from "../../../../../protocol/index.js";
import type { OfferedAct } from "../../../types.js";
import {
  holdsOffice,
  nameSuccessor,
  SUCCESSOR_OPTIONS,
  type SuccessorOption,
  successorTargets,
} from "./office.js";
import {
  FORUM_NIGHT_ACTIONS,
  type ForumNight,
  type ForumNightAction,
  type NightSeat,
  type NightView,
  seatOf,
} from "./state.js";

/**
 * Opens the book of night `view.night`: call it when a day begins (for the coming night,
 * whose actions may be sent early, FORUM-OPEN-01 (a)) and when the night begins. Answers of
 * an earlier night are dropped; the same night's are kept.
 */
export function startForumNight(view: NightView, night: ForumNight): void {
  if (night.night === view.night) return;
  night.night = view.night;
  night.choices = {};
  night.murder = null;
}

/** The office's actions: whoever holds it has them, whatever his role (FORUM-OPEN-09). */
const OFFICE: readonly ForumNightAction[] = ["kill", "successor"];

/** FORUM-DET-01, FORUM-MM-01 (numbering: FORUM-OPEN-02). */
function actsTonight(nights: "even" | "odd" | undefined, n: number): boolean {
  if (nights === "even") return n % 2 === 0;
  if (nights === "odd") return n % 2 === 1;
  return true;
}

/** The seat's night actions tonight: its role's, then the office's (FORUM-BOSS-01). */
export function nightActions(
  view: NightView,
  night: ForumNight,
  me: NightSeat,
): ForumNightAction[] {
  if (!me.alive || view.night < 1 || night.night !== view.night) return [];
  const role = view.role(me.role);
  const own = role && actsTonight(role.nights, view.night) ? role.night : [];
  const actions = FORUM_NIGHT_ACTIONS.filter((a) => !OFFICE.includes(a) && own.includes(a));
  if (holdsOffice(night, me.seat)) actions.push(...OFFICE);
  return actions;
}

function offer(view: NightView, night: ForumNight, me: NightSeat, action: ForumNightAction) {
  const living = view.seats.filter((s) => s.alive);
  const others = living.filter((s) => s.seat !== me.seat).map((s) => s.seat);
  const ask = (targets: number[], count = 1, options: readonly string[] = []): Prompt | null =>
    targets.length < count
      ? null
      : { action, targets, min: count, max: count, options: [...options], until: view.until };
  switch (action) {
    case "kill": // FORUM-KILL-01/02, FORUM-OPEN-13: any other living player, a fellow mafioso included
      return ask(others); // FORUM-KILL-09: not himself
    case "check": // FORUM-DET-01, FORUM-OPEN-13: any other living player
    case "guard": // FORUM-BG-01: anyone but himself; repeats allowed (FORUM-OPEN-13)
    case "frame": // FORUM-RUF-01: anyone else (refusing a mafioso would reveal the Spion)
      return ask(others);
    case "compare": // FORUM-MM-01, FORUM-OPEN-13: two different living players, himself allowed
      return ask(
        living.map((s) => s.seat),
        2,
      );
    case "protect": {
      // FORUM-ANGEL-01/02, FORUM-OPEN-13: himself included, not last night's ward
      const last = night.lastProtect;
      const barred = last && last.night === view.night - 1 ? last.seat : null;
      return ask(living.map((s) => s.seat).filter((s) => s !== barred));
    }
    case "successor": // FORUM-BOSS-02/03, FORUM-OPEN-09
      return ask(successorTargets(view, me), 1, SUCCESSOR_OPTIONS);
  }
}

function answered(night: ForumNight, seat: number, action: ForumNightAction): boolean {
  if (action === "kill") return night.murder?.by === seat;
  return night.choices[String(seat)]?.[action] !== undefined;
}

/**
 * Every prompt this seat may answer tonight. The first is the one its paddle shows: the
 * first not yet answered, so that a seat with two actions is led through both; answered
 * ones stay open for a change of mind.
 */
export function nightOffers(view: NightView, night: ForumNight, seat: number): Prompt[] {
  const me = seatOf(view, seat);
  const prompts = nightActions(view, night, me).flatMap((a) => offer(view, night, me, a) ?? []);
  const open = prompts.filter((p) => !answered(night, seat, p.action as ForumNightAction));
  return [...open, ...prompts.filter((p) => !open.includes(p))];
}

/**
 * Records a night `act` that matches one of the seat's `nightOffers` (the core checked it,
 * hub/engine/act.ts; a standalone caller checks it with `matchOffer` first).
 */
export function forumNightAct(night: ForumNight, seat: number, act: OfferedAct): void {
  const action = act.action as ForumNightAction;
  const targets = [...act.targets];
  if (action === "kill") night.murder = { by: seat, target: targets[0] as number };
  // The heir or the handover applies at once: the holder may die before dawn (Terrorist).
  if (action === "successor")
    nameSuccessor(night, targets[0] as number, act.option as SuccessorOption);
  const mine = night.choices[String(seat)] ?? {};
  mine[action] = targets;
  night.choices[String(seat)] = mine;
}

/**
 * Whether an answer taken earlier is still one the seat could send now. At the night's end
 * only such answers count (FORUM-OPEN-14): a seat dead by then has no action, an office
 * handed on takes its murder with it, a target who died since (the lynch after an early
 * answer, the Terrorist) is no longer offered.
 */
export function stillValid(
  view: NightView,
  night: ForumNight,
  seat: number,
  action: ForumNightAction,
  targets: readonly number[],
): boolean {
  const me = seatOf(view, seat);
  if (!nightActions(view, night, me).includes(action)) return false;
  const prompt = offer(view, night, me, action);
  return prompt !== null && targets.every((t) => prompt.targets.includes(t));
}
