/**
 * The veteran's ability card, as one module (issue 23): what it offers (nothing: it is
 * passive), how it applies (the first night kill aimed at its holder is stopped and the
 * card is spent), its night label and its place in the night's order (before the kill
 * lands). Each holder has its own card, so two veterans each survive once.
 */
import type { SeatState } from "../../../hub/engine/types.js";

export const vest = {
  id: "vest",
  /** The night's label for what happened: the kill was stopped. */
  nightLabel: "saved",
  /** Runs before the kill lands (lower runs first). */
  priority: 10,
  /** Whether the kill on `target` is stopped, spending the holder's card if so. */
  stopsKill(spent: number[], target: SeatState): boolean {
    if (target.role !== "veteran" || spent.includes(target.seat)) return false;
    spent.push(target.seat);
    return true;
  },
} as const;
