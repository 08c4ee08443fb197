/**
 * The options a host bot sets a table of N bots up with: the ruleset's fastest timings
 * (tactics.ts FAST_OPTIONS) and, when the ruleset plays N seats only with it,
 * `allowAnySeatCount` (sport at other than 10). The rules engine is asked (a dry run of
 * the setup), so no ruleset's seat counts are written down here. `npm start -- --sim N`
 * and `npm run sim -- --seats N --hub …` both use it: a setup the hub would refuse left the
 * host bot waiting for ever (issue 24).
 */
import type { GameConfig } from "../../hub/engine/index.js";
import { defaultSeats, prepareGame } from "../../hub/table/setup.js";
import { FAST_OPTIONS } from "./tactics.js";

export type BotGame =
  /** `widened`: only with `allowAnySeatCount` (a hub's default game of N seats would be refused). */
  { ok: true; options: Record<string, unknown>; widened: boolean } | { ok: false; message: string };

const ANY_COUNT = "allowAnySeatCount";

export function botGameOptions(ruleset: string, seats: number, table = "t1"): BotGame {
  const fast = FAST_OPTIONS[ruleset] ?? {};
  const dryRun = (options: Record<string, unknown>) =>
    prepareGame({
      table,
      ruleset: ruleset as GameConfig["ruleset"],
      seats: defaultSeats(seats),
      options,
      seed: "0".repeat(32),
      at: 0,
    });
  const plain = dryRun(fast);
  if (plain.ok) return { ok: true, options: fast, widened: false };
  const anyCount = { ...fast, [ANY_COUNT]: true };
  const wider = dryRun(anyCount);
  if (wider.ok) return { ok: true, options: anyCount, widened: true };
  // The wider setup's reason names the limits that hold with the option ("7 to 12"),
  // unless the ruleset has no such option at all.
  const unknown = wider.message.includes(`unknown option "${ANY_COUNT}"`);
  return { ok: false, message: unknown ? plain.message : wider.message };
}
