/**
 * The night (APP-NIGHT-01..11): every screen dims; the Arzt protects, the Kommissar
 * investigates, every living mafia member proposes a victim and sees the others'
 * proposals; the hierarchy decides (Pate, then Consigliere, APP-OPEN-01 after them).
 */
import type { Prompt } from "../../../../protocol/index.js";
import { type NightAction, type PriorityTable, resolveNight } from "../../night/resolver.js";
import { nextInt } from "../../rng.js";
import { reject } from "../../ruleset.js";
import type { Rejection, SeatState } from "../../types.js";
import { startDiscussion } from "./discussion.js";
import type { AppGame, AppNight, AppState } from "./flow.js";
import { eliminate } from "./leave.js";
import { appRole } from "./roles/index.js";

/**
 * APP-NIGHT-10/11: the Arzt's protection against the mafia's kill, then the held results
 * (APP-OPEN-14 b), which a Kommissar killed tonight never gets.
 */
const APP_NIGHT: PriorityTable = [
  [{ kind: "heal", label: "protect", against: ["kill"] }],
  [{ kind: "kill", label: "kill" }],
  [{ kind: "investigate", label: "investigate" }],
];

export function startAppNight(g: AppGame): void {
  const flow = g.state.flow;
  g.state.round += 1;
  flow.night = { proposals: {}, heal: null, healer: null, investigated: [], heldResults: {} };
  flow.votes = {};
  flow.ready = [];
  g.state.ballot = [];
  g.log("night.start", [], { round: g.state.round });
  g.enter("night", "night", g.state.options.nightSeconds);
  // Nobody left with a required choice (e.g. the mafia is gone but not yet publicly): morning.
  if (nightComplete(g.state)) endAppNight(g);
}

function livingMafia(state: AppState): SeatState[] {
  return state.seats.filter((s) => s.alive && appRole(s.role)?.night === "kill");
}

/** APP-NIGHT-07/08, APP-OPEN-01: whose proposal counts, or how the leaderless mafia decides. */
export function decider(state: AppState): { seat: number } | { plurality: number[] } | null {
  const team = livingMafia(state);
  const leaders = team
    .filter((s) => appRole(s.role)?.decides)
    .sort((a, b) => (appRole(a.role)?.rank ?? 9) - (appRole(b.role)?.rank ?? 9));
  if (leaders[0]) return { seat: leaders[0].seat };
  if (team.length === 0) return null;
  const o = state.options;
  if (o.leaderless === "none") return null;
  if (o.leaderless === "lowestSoldier") return { seat: team[0]?.seat as number };
  return { plurality: team.map((s) => s.seat) };
}

/**
 * APP-OPEN-03 (a): whether this seat's `kill` decides the night while the night waits for it,
 * so that it may not answer "nothing" (silent nights): the night cannot end without it.
 */
export function mustChoose(state: AppState, seat: SeatState): boolean {
  if (state.options.missingKill !== "wait" || !state.flow.night) return false;
  const d = decider(state);
  if (!d) return false;
  return "seat" in d ? d.seat === seat.seat : d.plurality.includes(seat.seat);
}

/** Whether the seat has made its night choice (a proposal, a heal, an investigation). */
export function choseTonight(state: AppState, seat: SeatState): boolean {
  const night = state.flow.night;
  if (!night) return false;
  return (
    String(seat.seat) in night.proposals ||
    night.healer === seat.seat ||
    night.investigated.includes(seat.seat)
  );
}

/**
 * Whether the deciding member (or every member, by plurality) has proposed tonight, even if
 * his victim left since (silent nights: whether the night may end must not show that).
 */
function decided(state: AppState): boolean {
  const proposed = (state.flow.night as AppNight).proposed ?? [];
  const d = decider(state);
  if (d && "seat" in d) return proposed.includes(d.seat);
  if (d && "plurality" in d) return d.plurality.every((s) => proposed.includes(s));
  return true;
}

/** Whether the mafia's deciding proposal (APP-NIGHT-07/08, APP-OPEN-01) is in. */
function decisionIn(state: AppState): boolean {
  const night = state.flow.night as AppNight;
  const d = decider(state);
  if (d && "seat" in d) return night.proposals[String(d.seat)] !== undefined;
  if (d && "plurality" in d)
    return d.plurality.every((s) => night.proposals[String(s)] !== undefined);
  return true;
}

/** APP-OPEN-13: every required choice is in (the deciding mafia member, the Arzt, the Kommissar). */
function requiredChoicesIn(state: AppState): boolean {
  const night = state.flow.night as AppNight;
  if (!decisionIn(state)) return false;
  for (const s of state.seats) {
    if (!s.alive) continue;
    const ability = appRole(s.role)?.night;
    if (ability === "heal" && night.heal === null) return false;
    if (ability === "investigate" && !night.investigated.includes(s.seat)) return false;
  }
  return true;
}

/**
 * Whether the night may end now. Silent nights (decoys on, issue 10): once every living seat
 * has answered its prompt or decoy, and not before, so that the night's length (and a
 * disconnect that ends it) tells nobody who had a night role. A choice answered with
 * "nothing" is nothing tonight, except the deciding choice while the night waits for it
 * (APP-OPEN-03 (a)): its "nothing" is counted and skips nothing (QUIET-REQUIRED-01), so the
 * night also waits for the decision. Without decoys: once every required choice is in
 * (APP-OPEN-13).
 */
export function nightComplete(state: AppState): boolean {
  if (state.options.decoys === false) return requiredChoicesIn(state);
  const answered = state.quiet.answered;
  const everyone = state.seats.every((s) => !s.alive || answered.includes(s.seat));
  return everyone && (state.options.missingKill !== "wait" || decided(state));
}

export function nightPrompt(state: AppState, seat: SeatState): Prompt | null {
  const night = state.flow.night;
  if (state.phase !== "night" || !night || !seat.alive) return null;
  const o = state.options;
  const ability = appRole(seat.role)?.night;
  const living = state.seats.filter((s) => s.alive);
  const until = state.clock.until;
  const ask = (action: string, targets: SeatState[]): Prompt => ({
    action,
    targets: targets.map((s) => s.seat),
    min: 1,
    max: 1,
    options: [],
    until,
  });
  if (ability === "kill")
    return ask(
      "kill",
      living.filter((s) => s.seat !== seat.seat && (o.mafiaTargetsOwn || s.team !== "mafia")),
    );
  if (ability === "heal") {
    const last = state.flow.lastHeal;
    return ask(
      "heal",
      living.filter(
        (s) => (o.doctorSelf || s.seat !== seat.seat) && (o.doctorRepeat || s.seat !== last),
      ),
    );
  }
  if (ability === "investigate" && !night.investigated.includes(seat.seat)) {
    return ask(
      "investigate",
      living.filter((s) => s.seat !== seat.seat),
    );
  }
  return null;
}

/** Records a night choice; the night ends by itself when the last required one is in. */
export function nightAct(
  g: AppGame,
  seat: SeatState,
  action: string,
  target: number,
): Rejection | null {
  const night = g.state.flow.night as AppNight;
  if (action === "kill") {
    night.proposals[String(seat.seat)] = target;
    if (!night.proposed?.includes(seat.seat))
      night.proposed = [...(night.proposed ?? []), seat.seat];
  } else if (action === "heal") {
    night.heal = target;
    night.healer = seat.seat;
  } else if (action === "investigate") {
    night.investigated.push(seat.seat);
    if (g.state.options.commissarResult === "immediate") revealInvestigation(g, seat, target);
    else night.heldResults[String(seat.seat)] = target;
  } else return reject("bad_action");
  g.signal(seat.seat, { haptic: "short" });
  if (nightComplete(g.state)) endAppNight(g);
  return null;
}

/** APP-ROLE-05: the exact role, privately; APP-ROLE-07: a Consigliere in charge is still a Consigliere. */
function revealInvestigation(g: AppGame, seat: SeatState, target: number): void {
  const role = g.seat(target).role ?? "unknown";
  seat.results.push({ night: g.state.round, key: `role.${role}`, seats: [target] });
  g.signal(seat.seat, { haptic: g.seat(target).team === "mafia" ? "double" : "triple" });
}

/** The targets that would decide the night: one, several tied (soldiers' plurality), or none. */
function candidates(state: AppState, night: AppNight): number[] {
  const d = decider(state);
  if (!d) return [];
  if ("seat" in d) {
    const t = night.proposals[String(d.seat)];
    return t === undefined ? [] : [t];
  }
  const counts = new Map<number, number>();
  for (const s of d.plurality) {
    const t = night.proposals[String(s)];
    if (t !== undefined) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  const max = Math.max(0, ...counts.values());
  return [...counts.entries()]
    .filter(([, n]) => n === max && n > 0)
    .map(([t]) => t)
    .sort((a, b) => a - b);
}

/** The mafia's kill as one action: its actor is the decider, or the first to name the victim. */
function mafiaKill(g: AppGame, night: AppNight): NightAction | null {
  const top = candidates(g.state, night);
  // APP-OPEN-01 (b): a tie among the soldiers' targets is broken by the seeded generator.
  const target = top.length <= 1 ? top[0] : top[nextInt(g.state.rng, top.length)];
  if (target === undefined) return null;
  const d = decider(g.state);
  const proposer =
    d && "seat" in d
      ? d.seat
      : Number(Object.entries(night.proposals).find(([, t]) => t === target)?.[0]);
  return { kind: "kill", actor: proposer, targets: [target] };
}

/** Tonight's choices as labelled actions for the resolver. */
function nightActions(g: AppGame, night: AppNight): NightAction[] {
  const actions: NightAction[] = [];
  if (night.heal !== null && night.healer !== null)
    actions.push({ kind: "heal", actor: night.healer, targets: [night.heal] });
  const kill = mafiaKill(g, night);
  if (kill) actions.push(kill);
  for (const [checker, t] of Object.entries(night.heldResults))
    actions.push({ kind: "investigate", actor: Number(checker), targets: [t] });
  return actions;
}

function decidingChoiceMissing(state: AppState): boolean {
  const night = state.flow.night as AppNight;
  return decider(state) !== null && candidates(state, night).length === 0;
}

/** The host's `next` or the night's timer. APP-OPEN-03 (a): not without the deciding choice. */
export function forceNightEnd(g: AppGame): Rejection | null {
  if (decidingChoiceMissing(g.state) && g.state.options.missingKill === "wait") {
    return reject("wrong_step", "the night waits for the mafia's choice (APP-OPEN-03)");
  }
  endAppNight(g);
  return null;
}

/** APP-NIGHT-10/11, APP-DAY-01: at most one death, none if the Arzt protected the target. */
export function endAppNight(g: AppGame): void {
  const flow = g.state.flow;
  const night = flow.night as AppNight;
  const outcome = resolveNight(APP_NIGHT, nightActions(g, night));
  for (const { action } of outcome.investigations) {
    const [t] = action.targets;
    if (t !== undefined) revealInvestigation(g, g.seat(action.actor), t);
  }
  flow.lastHeal = night.heal;
  flow.night = null;
  g.enter("day", "morning", null);
  const death = outcome.deaths[0];
  const dead = death ? g.seat(death.seat) : null;
  if (dead?.alive) {
    const role = g.state.options.revealNightRole ? dead.role : null;
    g.log("morning.killed", [dead.seat], { round: g.state.round, role });
    if (eliminate(g, dead, "killed")) return;
  } else {
    g.log("morning.peaceful", [], { round: g.state.round });
  }
  startDiscussion(g);
}
