/**
 * The terrorist's attack (FORUM-TERR-01..04): in any phase, on any other living player;
 * both are dead at once, announced at once with both seats (the thread post of TERR-02).
 * Not in the day's last stretch (FORUM-TERR-03, clock.ts). No protection stops it.
 */
import type { Prompt } from "../../../../protocol/index.js";
import { reject } from "../../ruleset.js";
import type { OfferedAct, Rejection, SeatState } from "../../types.js";
import { inBlackout } from "./clock.js";
import { takeOut } from "./leave.js";
import { forumRole } from "./roles/index.js";
import type { ForumGame, ForumState } from "./state.js";
import { checkForumWin } from "./win.js";

const playing = (state: ForumState) => state.step === "day" || state.step === "night";

export function attackPrompt(state: ForumState, seat: SeatState, at: number): Prompt | null {
  if (!seat.alive || state.paused || !playing(state)) return null;
  if (!forumRole(seat.role)?.anytime.includes("attack") || inBlackout(state, at)) return null;
  const targets = state.seats.filter((s) => s.alive && s.seat !== seat.seat).map((s) => s.seat);
  return { action: "attack", targets, min: 1, max: 1, options: [], until: null };
}

/**
 * Why an attack that matches no offer is refused: the seat is no terrorist, or his blackout
 * is on (FORUM-TERR-03); null: the core's refusal stands.
 */
export function refuseAttack(state: ForumState, seat: SeatState, at: number): Rejection | null {
  if (!forumRole(seat.role)?.anytime.includes("attack")) return reject("bad_action");
  if (inBlackout(state, at))
    return reject(
      "wrong_step",
      "the terrorist stays inactive in the day's last minutes (FORUM-TERR-03)",
    );
  return null;
}

/** An attack the core matched to the seat's offer (hub/engine/act.ts). */
export function attack(g: ForumGame, seat: SeatState, act: OfferedAct): Rejection | null {
  const target = act.targets[0] as number;
  // Acknowledged like every accepted act (FORUM-TERR-05), though he dies with it.
  g.signal(seat.seat, { haptic: "short" });
  g.log("terror.attack", [seat.seat, target], {});
  takeOut(g, seat, "attacked");
  takeOut(g, g.seat(target), "attacked");
  checkForumWin(g);
  return null;
}
