/**
 * Forum rule tests' table: a fixed 13-seat deal and short verbs. The deal (default roles
 * bodyguard, framer, liar): boss 1, spy 2, framer 3, liar 4, detective 5, matchmaker 6,
 * guardian 7, bodyguard 8, citizens 9..13. Options add terrorist/insider where a test needs them.
 */
import { EngineDriver } from "./engine-driver.js";

export const FORUM_DEAL = [
  "boss",
  "spy",
  "framer",
  "liar",
  "detective",
  "matchmaker",
  "guardian",
  "bodyguard",
  "citizen",
  "citizen",
  "citizen",
  "citizen",
  "citizen",
];

export const BOSS = 1;
export const SPY = 2;
export const FRAMER = 3;
export const LIAR = 4;
export const DETECTIVE = 5;
export const MATCHMAKER = 6;

export class ForumTable extends EngineDriver {
  /** Ends the status step (FORUM-SETUP-07/08) so that Day 1 (or Night 1) begins. */
  pastStatus(): this {
    if (this.state.step === "status") this.endPhase();
    return this;
  }

  /** Lets the phase's clock run out (the terrorist's blackout deadline on the way included). */
  endPhase(): this {
    const step = this.state.step;
    const round = this.state.round;
    while (this.state.step === step && this.state.round === round && this.state.phase !== "ended")
      this.expire();
    return this;
  }

  vote(seat: number, target: number, option?: string): this {
    return this.ok({
      type: "seat",
      at: this.at,
      seat,
      action: { kind: "act", action: "vote", targets: [target], ...(option ? { option } : {}) },
    });
  }

  /** Every living seat that has not voted votes for `target`. */
  allVote(target: number): this {
    for (const s of this.state.seats) {
      const votes = this.state.flow.votes as Record<string, unknown>;
      if (s.alive && !(String(s.seat) in votes)) this.vote(s.seat, target);
    }
    return this;
  }
}

/** A 13-seat forum table with the fixed deal, still in its status step. */
export function forumTable(options: Record<string, unknown> = {}, roles = FORUM_DEAL): ForumTable {
  const d = new ForumTable({ ruleset: "forum", seats: roles.length, options });
  return d.start(roles);
}
