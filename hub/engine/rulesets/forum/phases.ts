/**
 * The phase flow (FORUM-OPEN-02): the status messages, then Day 1 (or Night 1), then
 * day → night → day … Each phase ends by its clock (clock.ts) or the host's `next`, never
 * by who has acted: a night lasts its full time whoever holds a role (secrecy).
 * The end of a day: the vote's result, the lynch, the warnings for silence, the paper, the
 * win check. The end of a night: the night module's resolution, the paper, the win check.
 */
import { enterPhase } from "./clock.js";
import { NIGHT_HOOK, TEXT_HOOK } from "./hooks.js";
import { warn } from "./inactivity.js";
import { takeOut } from "./leave.js";
import type { ForumGame } from "./state.js";
import { sendTrueStatus } from "./status.js";
import { closeVote } from "./vote.js";
import { checkForumWin } from "./win.js";

export function startDay(g: ForumGame): void {
  const flow = g.state.flow;
  flow.day += 1;
  flow.votes = {};
  g.state.round = flow.day;
  g.state.tally = {};
  g.state.ballot = g.living().map((s) => s.seat);
  g.log("forum.day.start", [], { day: flow.day });
  enterPhase(g, "day");
}

export function startNight(g: ForumGame): void {
  const flow = g.state.flow;
  flow.night += 1;
  flow.votes = {};
  g.state.round = flow.night;
  g.state.ballot = [];
  g.log("forum.night.start", [], { night: flow.night });
  NIGHT_HOOK.start(g);
  enterPhase(g, "night");
}

export function endStatus(g: ForumGame): void {
  sendTrueStatus(g);
  if (g.state.options.firstPhase === "night") startNight(g);
  else startDay(g);
}

export function endDay(g: ForumGame): void {
  const { lynched, silent } = closeVote(g);
  if (lynched !== null) takeOut(g, g.seat(lynched), "voted");
  for (const n of silent) warn(g, g.seat(n), "novote");
  TEXT_HOOK.paper(g, "day");
  if (checkForumWin(g)) return;
  startNight(g);
}

export function endNight(g: ForumGame): void {
  for (const n of NIGHT_HOOK.end(g)) takeOut(g, g.seat(n), "killed");
  TEXT_HOOK.paper(g, "night");
  if (checkForumWin(g)) return;
  startDay(g);
}
