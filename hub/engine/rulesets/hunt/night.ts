/**
 * The night (HUNT-SETUP-04): one step in which every living seat answers its own paddle
 * privately: the Boss blocks, the mafiosi propose and send the shot, the Maniac shoots, the
 * Doctor heals, civilians with the right apply to hunt. It lasts `nightSeconds` whatever
 * happens, so that its length tells nothing; resolve.ts resolves it in the morning.
 */
import type { Prompt } from "../../../../protocol/index.js";
import { reject } from "../../ruleset.js";
import type { OfferedAct, Rejection, SeatState } from "../../types.js";
import { abilityCard, abilityCards } from "./abilities/index.js";
import { emptyNight, type HuntGame, type HuntNight, type HuntState } from "./flow.js";
import { huntRole } from "./roles/index.js";

/**
 * HUNT-QUIET-01: the Boss has two moves a night (block and shoot), so with silent nights every
 * living seat gives two answers (its prompt again, "nothing", or a decoy): the same number
 * of inputs and signals whatever its role.
 */
export const HUNT_NIGHT_ANSWERS = 2;

export function startHuntNight(g: HuntGame): void {
  const flow = g.state.flow;
  if (g.state.options.firstPhase === "night") g.state.round += 1;
  flow.night = emptyNight();
  flow.votes = {};
  flow.ready = [];
  g.state.ballot = [];
  g.state.tally = {};
  g.log("night.start", [], { round: g.state.round });
  g.enter("night", "night", g.state.options.nightSeconds);
}

/** The night actions this seat has answered tonight (acted on, or declined with `pass`). */
function answeredBy(night: HuntNight, seat: number): string[] {
  return night.answered[String(seat)] ?? [];
}

function markAnswered(night: HuntNight, seat: number, action: string): void {
  const done = answeredBy(night, seat);
  if (!done.includes(action)) night.answered[String(seat)] = [...done, action];
}

/**
 * Every night prompt this seat may answer now (the view's `offers`). HUNT-DOC-07: a seat with
 * two moves (the Doctor's heal and hunt, the Boss's block and shot) is offered both from the
 * start; the moves it has not answered yet come first, and the first is what `prompt` shows,
 * so a paddle that answers only its prompt is still led through both.
 */
export function nightOffers(state: HuntState, seat: SeatState): Prompt[] {
  const night = state.flow.night;
  if (state.phase !== "night" || !night || !seat.alive) return [];
  const all = (huntRole(seat.role)?.night ?? []).flatMap(
    (a) => abilityCard(a)?.offer(state, seat) ?? [],
  );
  const done = answeredBy(night, seat.seat);
  return [
    ...all.filter((p) => !done.includes(p.action)),
    ...all.filter((p) => done.includes(p.action)),
  ];
}

export function nightPrompt(state: HuntState, seat: SeatState): Prompt | null {
  return nightOffers(state, seat)[0] ?? null;
}

/**
 * Silent nights (`mayDecline`): the seat's prompt is a move the night waits for (the
 * Doctor's heal, HUNT-DOC-02; the mafia's shot while none is in, HUNT-MAF-02), which
 * "nothing" may not skip. Else an idle Doctor's device would fill his two answers with
 * "nothing" (QUIET-FILL-01) and his heal, the night's wait, would be a third input the wire
 * shows, and a night with the waitForMandatory timer would start again without end.
 */
export function mustAnswer(state: HuntState, seat: SeatState): boolean {
  const night = state.flow.night;
  const prompt = nightPrompt(state, seat);
  if (!night || !prompt) return false;
  return abilityCard(prompt.action)?.owes?.(state, night, seat) ?? false;
}

/** Whether the seat has answered (acted on or declined) every move it has tonight. */
export function answeredAll(state: HuntState, seat: SeatState): boolean {
  const night = state.flow.night;
  if (!night) return true;
  const done = answeredBy(night, seat.seat);
  return nightOffers(state, seat).every((p) => done.includes(p.action));
}

/** A `pass` declines the first move the seat has not answered yet (none left: it changes nothing). */
export function declineNext(state: HuntState, seat: SeatState): void {
  const night = state.flow.night;
  const next = nightPrompt(state, seat);
  if (night && next && !answeredBy(night, seat.seat).includes(next.action))
    markAnswered(night, seat.seat, next.action);
}

/**
 * A night act the core matched to one of the seat's offers (the Boss may shoot before
 * blocking): its card applies it.
 */
export function nightAct(g: HuntGame, seat: SeatState, act: OfferedAct): Rejection | null {
  const card = abilityCard(act.action);
  if (!card) return reject("bad_action");
  const night = g.state.flow.night as HuntNight;
  card.apply(night, seat, act);
  markAnswered(night, seat.seat, act.action);
  g.signal(seat.seat, { haptic: "short" });
  return null;
}

/**
 * With decoys off, `pass` reaches the ruleset: it declines the seat's next unanswered move.
 * A seat that has answered every move may still press it: nothing changes, no error (issue 24).
 */
export function nightPass(g: HuntGame, seat: SeatState): Rejection | null {
  if (!nightPrompt(g.state, seat)) return reject("not_your_turn");
  // HUNT-DOC-02, HUNT-MAF-02 with decoys off too: a move the night waits for is not skipped.
  if (mustAnswer(g.state, seat)) return reject("not_your_turn", "this choice cannot be skipped");
  declineNext(g.state, seat);
  g.signal(seat.seat, { haptic: "short" });
  return null;
}

/**
 * HUNT-MAF-02, HUNT-DOC-02, HUNT-OPEN-13/08, HUNT-MANY-04: the moves the night may not close
 * without, each card's once, in the night's order.
 */
export function missingMoves(state: HuntState): string[] {
  const night = state.flow.night as HuntNight;
  return abilityCards().flatMap((c) => c.missing(state, night) ?? []);
}

/** Mafia members' live proposals, for the other living mafiosi (as in the app ruleset). */
export function shotProposals(state: HuntState, seat: SeatState): Record<string, number> {
  const night = state.flow.night;
  if (!night || !seat.alive || seat.team !== "mafia") return {};
  return { ...night.proposals };
}
