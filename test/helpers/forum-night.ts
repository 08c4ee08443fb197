/**
 * A forum table for the night's pure modules: a seat list by role ids, a NightView over it,
 * and short ways to answer and to end a night.
 */

import { matchOffer } from "../../hub/engine/act.js";
import {
  type DeathMessage,
  emptyForumNight,
  type ForumDawn,
  type ForumNight,
  forumNightAct,
  type NightView,
  nightOffers,
  resolveForumNight,
  startForumNight,
} from "../../hub/engine/rulesets/forum/night/index.js";
import { forumRole } from "../../hub/engine/rulesets/forum/roles/index.js";
import type { ForumRole } from "../../hub/engine/rulesets/forum/roles/role.js";
import type { Rejection } from "../../hub/engine/types.js";
import type { Team } from "../../protocol/index.js";
import { FORUM_DEAL, type ForumTable } from "./forum.js";

export class NightTable {
  readonly seats: { seat: number; role: string; team: Team; alive: boolean }[];
  readonly night: ForumNight;
  number = 0;
  /** Death messages by sender, as ftext's store would answer (FORUM-KILL-08). */
  messages = new Map<number, string>();

  /** The default deal (test/helpers/forum.ts): the same seats as the ruleset tests. */
  constructor(roles: readonly string[] = FORUM_DEAL) {
    this.seats = roles.map((role, i) => ({
      seat: i + 1,
      role,
      team: (forumRole(role) as ForumRole).team,
      alive: true,
    }));
    this.night = emptyForumNight(this.view());
  }

  /** The options the night reads (FORUM-OPEN-09/12); the recommendations when unset. */
  rules: NightView["rules"] = {};

  view(): NightView {
    return {
      rules: this.rules,
      night: this.number,
      until: 1_000_000,
      seats: this.seats.map((s) => ({ ...s })),
      role: forumRole,
    };
  }

  /** Opens the next night (or night `n`). */
  start(n = this.number + 1): this {
    this.number = n;
    startForumNight(this.view(), this.night);
    return this;
  }

  offers(seat: number) {
    return nightOffers(this.view(), this.night, seat);
  }

  /** Checked against the seat's offers as the core checks it (hub/engine/act.ts), then recorded. */
  act(seat: number, action: string, targets: number[], option?: string): Rejection | null {
    const act =
      option === undefined
        ? { kind: "act" as const, action, targets }
        : {
            kind: "act" as const,
            action,
            targets,
            option,
          };
    const matched = matchOffer(this.offers(seat), act);
    if ("code" in matched) return matched;
    forumNightAct(this.night, seat, matched);
    return null;
  }

  /** The murder with its death message, as the office holder sends both. */
  murder(by: number, target: number, message = "found in the river") {
    this.messages.set(by, message);
    return this.act(by, "kill", [target]);
  }

  kill(seat: number): void {
    (this.seats[seat - 1] as { alive: boolean }).alive = false;
  }

  /** Resolves the night and applies its deaths, as the ruleset does at dawn. */
  dawn(): ForumDawn {
    const message: DeathMessage = (s) => this.messages.get(s) ?? null;
    const dawn = resolveForumNight(this.view(), this.night, message);
    for (const d of dawn.report.deaths) this.kill(d.seat);
    this.messages.clear();
    return dawn;
  }

  /** The results of one seat, as [key, seats] pairs. */
  static of(dawn: ForumDawn, seat: number): [string, number[]][] {
    return dawn.results.filter((r) => r.seat === seat).map((r) => [r.result.key, r.result.seats]);
  }
}

/** A night action (or any act) through the whole ruleset; the rejection or null. */
export function actOn(
  d: ForumTable,
  seat: number,
  action: string,
  targets: number[],
  option?: string,
) {
  return d.seat(seat, { kind: "act", action, targets, ...(option ? { option } : {}) });
}

/** The seat's night results in its own view (its status messages left out). */
export function nightResults(d: ForumTable, seat: number) {
  return d.view(seat).results.filter((r) => r.key.startsWith("forum."));
}
