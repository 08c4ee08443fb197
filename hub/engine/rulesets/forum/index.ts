/**
 * FORUM: the German play-by-forum game (RULES.md §4) on a hub: the day's public lynch vote
 * with the liar, ten special roles, wills and newspaper ads under pseudonyms, and two
 * clocks (a table evening, or the forum calendar of 20:00 / 13:00 in a time zone).
 * Actions: `vote` (day), `attack` (terrorist, any phase), `suspect` (insider, by day), and
 * the night's (forum/night/) `kill`, `successor`, `check`, `compare`, `protect`, `guard`,
 * `frame`; texts from phones through forum/text/. docs/RULES-FORUM.md has the whole reading.
 */
import type { ForumExtras, Prompt } from "../../../../protocol/index.js";
import { type ActRefusal, defineRuleset, type RulesetAction, reject } from "../../ruleset.js";
import type { ActInput, OfferedAct, Rejection, SeatState } from "../../types.js";
import { describeOptions } from "../options.js";
import { attack, attackPrompt, refuseAttack } from "./attack.js";
import { blackoutDeadline, forumTimings, onBlackout, stepDue } from "./clock.js";
import { NIGHT_HOOK, TEXT_HOOK } from "./hooks.js";
import { disqualify, warn } from "./inactivity.js";
import { forumManifest } from "./manifest.js";
import { type ForumOptions, forumOptionsSchema, mafiaSize, parseForumOptions } from "./options.js";
import { endDay, endNight, endStatus, startDay, startNight } from "./phases.js";
import { FORUM_ROLES, forumComposition } from "./roles/index.js";
import type { ForumFlow, ForumGame, ForumState } from "./state.js";
import { initialForumFlow } from "./state.js";
import { coverRole, sendFirstStatus } from "./status.js";
import { refuseSuspect, suspect, suspectPrompt } from "./suspect.js";
import { forumHostFlow, forumPublicText, forumSeatText } from "./text/hook.js";
import { castVote, publicVotes, refuseVote, votePrompt, votersByTarget } from "./vote.js";
import { checkForumWin, credited } from "./win.js";

/** Every action the seat may send now; the first is the one its paddle shows. */
function offers(state: ForumState, seat: SeatState, at = state.now): Prompt[] {
  if (state.step === "status") return [];
  const day = [votePrompt(state, seat), suspectPrompt(state, seat)];
  const any = attackPrompt(state, seat, at);
  return [...day, ...NIGHT_HOOK.offers(state, seat), any].filter((p): p is Prompt => p !== null);
}

/** An act the core matched to one of the seat's offers (hub/engine/act.ts). */
function onAct(g: ForumGame, seat: SeatState, act: OfferedAct): Rejection | null {
  if (act.action === "vote") return castVote(g, seat, act);
  if (act.action === "attack") return attack(g, seat, act);
  if (act.action === "suspect") return suspect(g, seat, act);
  return NIGHT_HOOK.act(g, seat, act);
}

/**
 * The day's own actions say why they refuse (the terrorist's blackout, a guess already
 * spent); any of them names one player, whatever the core found first.
 */
function refuseAct(
  state: ForumState,
  seat: SeatState,
  act: ActInput,
  why: ActRefusal,
): Rejection | null {
  if (act.action === "vote") return refuseVote(seat, act, why);
  if (act.action !== "attack" && act.action !== "suspect") return null;
  if (!why.offer)
    return act.action === "attack"
      ? (refuseAttack(state, seat, why.at) ?? reject("not_your_turn"))
      : refuseSuspect(state, seat);
  return act.targets.length !== 1 ? reject("bad_target_count") : null;
}

function onSeat(g: ForumGame, seat: SeatState, action: RulesetAction): Rejection | null {
  switch (action.kind) {
    case "pass":
      return reject("not_your_turn"); // nothing to decline: every forum action is optional
    case "hello":
    case "thumb":
    case "blindfold":
      return null; // sensors carry no rule in the forum
    default:
      return TEXT_HOOK.input(g, seat, action); // texts reach onText (step.ts); never here
  }
}

function endStep(g: ForumGame): Rejection | null {
  const step = g.state.step;
  if (step === "status") endStatus(g);
  else if (step === "day") endDay(g);
  else if (step === "night") endNight(g);
  else return reject("wrong_step");
  return null;
}

export const forum = defineRuleset<ForumOptions, ForumFlow, ForumExtras>({
  id: "forum",
  manifest: forumManifest,
  roles: FORUM_ROLES,
  options: describeOptions(forumOptionsSchema),
  parseOptions: parseForumOptions,
  composition(options, seatCount) {
    const o = options;
    return forumComposition(seatCount, mafiaSize(o, seatCount), o.roles);
  },
  begin(g) {
    Object.assign(g.state.flow, initialForumFlow());
    g.state.round = 0;
    sendFirstStatus(g);
  },
  onAct,
  refuseAct,
  onSeat,
  // FORUM-SETUP-07: while everyone must look like a citizen, no text is taken from anyone
  // (the office holder's death message would set him apart) and no seat may send a message.
  onText: (g, seat, action) =>
    g.state.step === "status"
      ? reject("wrong_step", "texts are taken once the status messages are out")
      : TEXT_HOOK.input(g, seat, action),
  publicText: forumPublicText,
  seatText(state, seat) {
    const own = forumSeatText(state, seat);
    // While the status messages are out no text is taken from anyone, which each view says
    // alike (adsLeft 0 too): when the step ends every living seat's view changes at once,
    // not the office holder's alone (his `mayMessage` turning true would name him).
    return state.step === "status" ? { ...own, mayMessage: false, message: null, adsLeft: 0 } : own;
  },
  hostFlow: forumHostFlow,
  onStepEnd: (g) => endStep(g),
  onFoul: () => reject("wrong_step", "the forum ruleset has no fouls; use warn"),
  onRemove(g, seat, reason) {
    // FORUM-COMM-05: the forum's only removal is a disqualification (status published).
    g.log("removed", [seat.seat], { cause: "host", reason: reason ?? null });
    disqualify(g, seat);
    checkForumWin(g);
    return null;
  },
  onWarn(g, seat) {
    if (g.state.step === "status") return reject("wrong_step", "the game has not begun yet");
    warn(g, seat, "host");
    checkForumWin(g);
    return null;
  },
  deadlines: blackoutDeadline,
  onDeadline(g) {
    onBlackout(g);
    // One timer at the day's end may find the blackout's start due too: it ends the day as well.
    if (stepDue(g.state, g.at)) endStep(g);
  },
  onPresence() {
    // A forum game waits for nobody: a dropped phone changes nothing until the deadline.
  },
  prompt: (state, seat) => offers(state, seat)[0] ?? null,
  // FORUM-QUIET-01: the office holder has two moves a night (kill and successor), so every
  // living seat owes two night answers (silent nights, hub/engine/decoys.ts).
  nightAnswers: 2,
  offers: (state, seat, at) => offers(state, seat, at),
  coverRole: (state) => coverRole(state),
  awake: () => true,
  voters: votersByTarget,
  waitingFor(state) {
    if (state.step !== "day") return [];
    const votes = state.flow.votes;
    return state.seats.filter((s) => s.alive && !(String(s.seat) in votes)).map((s) => s.seat);
  },
  timings: (options) => forumTimings(options),
  extras(options, seatCount) {
    const o = options;
    const mafia = mafiaSize(o, seatCount);
    return {
      composition: { town: seatCount - mafia, mafia, roles: [...o.roles] },
      clock:
        o.clock === "calendar"
          ? { kind: "calendar", timeZone: o.timeZone, dayEnds: o.dayEnds, nightEnds: o.nightEnds }
          : { kind: "table" },
      venue: o.venue ?? null,
      /** FORUM-INACT-03: so that screens can say "2 of 3". */
      warningsToDisqualify: o.warningsToDisqualify,
    };
  },
  liveExtras(state) {
    if (state.phase === "setup") return {};
    const flow = state.flow;
    return {
      day: flow.day,
      night: flow.night,
      votes: publicVotes(state),
      warnings: { ...flow.warnings },
      disqualified: [...flow.disqualified],
      credited: state.phase === "ended" ? credited(state) : null,
    };
  },
});

export { startDay, startNight };
